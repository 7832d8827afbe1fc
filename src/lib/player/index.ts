/**
 * The app's audio player, for any feature to drive:
 *
 *   import { player, usePlayerState } from '../../lib/player/index.ts';
 *   player.load({ kind: 'recording', key: `recording:${id}`, audioId: id, title, artist, streamUrl, fileUrl, chapters });
 *   player.load({ kind: 'live', key: `live:${id}`, liveId: id, title, artist, streamUrl });   // then player.goLive()
 *   const playing = usePlayerState((s) => s.playing);
 *
 * The docked bar in the root layout shows whatever is loaded; nothing else needs to render it.
 */
export { player } from './instance.ts';
export { createPlayer, preloadHls, DEFAULT_TIMINGS, type Player, type LoadOptions, type PlayerOptions, type HlsConstructor } from './engine.ts';
export { usePlayer, usePlayerState } from './react.ts';
export * from './types.ts';
export * from './chapters.ts';
export { readPosition } from './storage.ts';

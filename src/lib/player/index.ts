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
export { player, preloadHls, loadPlayerEngine } from './instance.ts';
// The engine itself loads with the first Play (instance.ts); tests create their own from engine.ts.
export type { Player, LoadOptions, PlayerOptions, HlsConstructor } from './engine.ts';
export { usePlayer, usePlayerState } from './react.ts';
export * from './types.ts';
export * from './chapters.ts';
export { readPosition } from './storage.ts';

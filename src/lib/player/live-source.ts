import type { LiveAudio } from '../../api/schemas.ts';
import { safeHttpUrl } from '../safe-url.ts';
import type { LiveSource } from './types.ts';

/**
 * A call being streamed as what the player plays: one rule, used by Listen on the lists, the live
 * status page and an alert's "play from this sentence". Undefined unless the record is live with a
 * web (http or https) stream address.
 */

/** The player's key for a live stream, so every page knows when that stream is the one playing. */
export function liveKey(liveId: number): string {
  return `live:${liveId}`;
}

export function toLiveSource(
  record: Pick<LiveAudio, 'id' | 'eventId' | 'companyId' | 'state' | 'audio'>,
  title: string,
  artist: string | undefined,
): LiveSource | undefined {
  const streamUrl = record.state === 'live' ? safeHttpUrl(record.audio) : undefined;
  if (!streamUrl) return undefined;
  return { kind: 'live', key: liveKey(record.id), liveId: record.id, eventId: record.eventId, companyId: record.companyId, title, artist, streamUrl };
}

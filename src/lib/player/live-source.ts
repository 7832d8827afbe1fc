import type { LiveAudio } from '../../api/schemas.ts';
import { safeHttpUrl } from '../safe-url.ts';
import type { LiveSource } from './types.ts';

/**
 * A live record (`/live/audio`, endpoint 9) as what the player plays: one rule for every way a
 * live call is started (the live page's "Listen live", a list's "Listen", ▶ on a bookmark made
 * while the call was live), so each knows when that stream is the one playing.
 */

/** The player's key for a live stream: its live record's id (not its event's). */
export function liveKey(liveId: number): string {
  return `live:${liveId}`;
}

/**
 * The record's stream as a player source, or undefined when it has none that can be played: no
 * address yet (before the call goes live, after a failure), or one that is not an http(s) link
 * (only those are given to the media element). Whether to play it now (the record's state) is
 * the caller's to decide. `title` is the call's name, `artist` the company's.
 */
export function toLiveSource(record: LiveAudio, names: { title: string; artist?: string }): LiveSource | undefined {
  const streamUrl = safeHttpUrl(record.audio);
  if (!streamUrl) return undefined;
  return {
    kind: 'live',
    key: liveKey(record.id),
    liveId: record.id,
    eventId: record.eventId,
    companyId: record.companyId,
    ...(record.date ? { date: record.date } : {}),
    title: names.title,
    ...(names.artist !== undefined ? { artist: names.artist } : {}),
    streamUrl,
  };
}

import type { AudioChapter, AudioRecord, EventType } from '../../api/schemas.ts';
import { companyLabel, plausibleSeconds, textOr } from '../format.ts';
import { eventName } from '../names.ts';
import { safeHttpUrl } from '../safe-url.ts';
import type { PlayerChapter, RecordingSource } from './types.ts';

/**
 * A recording (endpoint 6/7's record) as what the player plays: one rule, used by the recording
 * page and by anything else that starts a recording (a search hit's ▶).
 */

/** Chapters as the player knows them (endpoint 8's fields renamed). */
export function toPlayerChapters(chapters: readonly AudioChapter[]): PlayerChapter[] {
  // A chapter that starts before the recording does has no place on it.
  return chapters
    .filter((c) => Number.isFinite(c.startTimestamp) && c.startTimestamp >= 0)
    .map((c) => ({ id: c.id, title: textOr(c.title, 'Untitled chapter'), start: c.startTimestamp, end: c.endTimestamp, level: c.level }));
}

export function recordingKey(audioId: number): string {
  return `recording:${audioId}`;
}

/**
 * A recording as a player source: only http(s) URLs from the record are ever given to the media
 * element. Its title is the call's name ("Q2 2026 earnings call"), without the company, which is
 * the source's artist.
 */
export function toRecordingSource(
  audio: AudioRecord,
  company: { displayName?: string | null; name?: string | null } | undefined,
  chapters: readonly AudioChapter[] | undefined,
  type?: EventType,
): RecordingSource {
  return {
    kind: 'recording',
    key: recordingKey(audio.id),
    audioId: audio.id,
    eventId: audio.eventId,
    companyId: audio.companyId,
    date: audio.event?.date ?? undefined,
    title: audio.event ? eventName(audio.event, { type, company }) : 'Recording',
    artist: company ? companyLabel(company) : undefined,
    streamUrl: safeHttpUrl(audio.streamUrl),
    fileUrl: safeHttpUrl(audio.fileUrl),
    duration: plausibleSeconds(audio.audioMetadata?.duration),
    qna: plausibleSeconds(audio.qna),
    chapters: chapters ? toPlayerChapters(chapters) : undefined,
  };
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { AudioChapter, AudioRecord, EventType } from '../../api/schemas.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { companyLabel, plausibleSeconds, textOr } from '../../lib/format.ts';
import { eventName } from '../../lib/names.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { recordingChaptersQuery } from './recording-queries.ts';
import { usePlayer, type PlayerChapter, type RecordingSource } from '../../lib/player/index.ts';

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
    title: audio.event ? eventName(audio.event, { type, company }) : 'Recording',
    artist: company ? companyLabel(company) : undefined,
    streamUrl: safeHttpUrl(audio.streamUrl),
    fileUrl: safeHttpUrl(audio.fileUrl),
    duration: plausibleSeconds(audio.audioMetadata?.duration),
    qna: plausibleSeconds(audio.qna),
    chapters: chapters ? toPlayerChapters(chapters) : undefined,
  };
}

/** The recording as a source (with its chapters once loaded), and the chapters query for its states. */
export function useRecordingSource(audio: AudioRecord) {
  const chapters = useQuery(recordingChaptersQuery(audio.id));
  const company = useCompanyNames([audio.companyId]).get(audio.companyId);
  const type = useQuery({ ...eventTypeQueries.detail(audio.event?.typeId ?? 0), enabled: audio.event !== undefined });
  const source = useMemo(() => toRecordingSource(audio, company, chapters.data, type.data), [audio, company, chapters.data, type.data]);
  return { source, chapters };
}

/**
 * Opening a recording's page puts it in the player, ready to play, when the player is empty;
 * `?t=` moves it to that time (and plays, when the page was reached by a click inside the app).
 * A different recording that is already playing is never interrupted.
 */
export function useCueRecording(source: RecordingSource, t: number | undefined): void {
  const player = usePlayer();
  const appliedT = useRef<number | undefined>(undefined);
  useEffect(() => {
    const state = player.getState();
    if (state.source?.key === source.key) {
      // Same recording: newer details (chapters, company) without interrupting it.
      player.load(source, { autoplay: false });
      if (t !== undefined && appliedT.current !== t) player.seek(t);
    } else if (state.source === null) {
      const activated = typeof navigator !== 'undefined' && (navigator as { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;
      player.load(source, { startAt: t, autoplay: t !== undefined && activated });
    }
    appliedT.current = t;
  }, [player, source, t]);
}

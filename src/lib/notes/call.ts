import type { RecordingSource } from '../player/types.ts';
import type { NoteCall } from './model.ts';

/** The call a recording belongs to, as a bookmark or highlight keeps it. */
export function noteCallOf(source: RecordingSource): NoteCall | undefined {
  if (source.eventId === undefined) return undefined;
  return {
    eventId: source.eventId,
    audioId: source.audioId,
    companyId: source.companyId,
    company: source.artist ?? '',
    event: source.title,
    date: source.date,
  };
}

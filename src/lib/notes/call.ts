import type { PlayerSource } from '../player/types.ts';
import type { NoteCall } from './model.ts';

/**
 * The call something playing belongs to, as a bookmark or highlight keeps it. A live call is kept
 * by its event alone: its bookmarks play from the event's recording once that is published (the
 * recording and the live stream share their clock from the call's start).
 */
export function noteCallOf(source: PlayerSource): NoteCall | undefined {
  if (source.eventId === undefined) return undefined;
  return {
    eventId: source.eventId,
    ...(source.kind === 'recording' ? { audioId: source.audioId } : {}),
    ...(source.companyId !== undefined ? { companyId: source.companyId } : {}),
    company: source.artist ?? '',
    event: source.title,
    ...(source.date ? { date: source.date } : {}),
  };
}

import { audioQueries } from '../../api/audio.ts';
import { documentQueries } from '../../api/documents.ts';
import { eventQueries } from '../../api/events.ts';
import { liveQueries } from '../../api/live.ts';

/** The queries of an event's page, shared by its route loader and its panels. */
export const eventDetailQuery = (eventId: number) => eventQueries.detail(eventId);
export const eventRecordingsQuery = (eventId: number) => audioQueries.list({ eventIds: [eventId], limit: 50 });
export const eventTranscriptsQuery = (eventId: number) => documentQueries.transcripts({ eventIds: [eventId], limit: 50 });
export const eventLiveQuery = (eventId: number) => liveQueries.forEvent(eventId);
/** Every document of the event (the list beyond the contract; unavailable where the data source lacks it). */
export const eventDocumentsQuery = (eventId: number) => documentQueries.all({ eventIds: [eventId] });

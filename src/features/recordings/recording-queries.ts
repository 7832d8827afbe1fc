import { audioQueries } from '../../api/audio.ts';
import { documentQueries } from '../../api/documents.ts';
import { RECORDING_DETAIL_PARAMS } from './recording-key.ts';

/**
 * The queries of a recording's page, shared by its route loader and its components. Kept apart
 * from the player code: route loaders are in the first bundle, the player is not.
 */
export const recordingDetailQuery = (audioId: number) => audioQueries.detail(audioId, RECORDING_DETAIL_PARAMS);

/** Endpoint 8 with levels 1 and 2 (sections and their sub-sections), every page. */
export const recordingChaptersQuery = (audioId: number) => audioQueries.allChapters(audioId, { levels: [1, 2] });

/** The transcripts of the recording's event, as the page's transcript panel lists them. */
export const recordingTranscriptsQuery = (eventId: number) => documentQueries.transcripts({ eventIds: [eventId], limit: 10 });

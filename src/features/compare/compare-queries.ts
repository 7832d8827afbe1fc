import { documentQueries } from '../../api/documents.ts';
import { eventQueries } from '../../api/events.ts';

/** The queries of the comparison page, shared by its route loader and its parts. */
export const compareEventQuery = (eventId: number) => eventQueries.detail(eventId);

/** Every transcript of the company with its event: the calls the pickers offer. */
export const companyCallTranscriptsQuery = (companyId: number) => documentQueries.everyTranscript({ companyIds: [companyId], expand: ['event'] });

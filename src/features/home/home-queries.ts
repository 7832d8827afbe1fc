import { audioQueries } from '../../api/audio.ts';
import { documentQueries } from '../../api/documents.ts';

/** The newest recordings and transcripts, of everyone or of the watched companies (the route's loader and the page share these). */
export const latestRecordingsQuery = (companyIds?: readonly number[]) => audioQueries.list({ companyIds, limit: 10, direction: 'desc', expand: ['event'] });
export const latestTranscriptsQuery = (companyIds?: readonly number[]) =>
  documentQueries.transcripts({ companyIds, limit: 10, direction: 'desc', expand: ['event'] });

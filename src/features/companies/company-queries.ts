import { audioQueries } from '../../api/audio.ts';
import { companyQueries } from '../../api/companies.ts';
import { documentQueries } from '../../api/documents.ts';

/** The queries of a company's page, shared by its route loader and its panels. */
const PAGE = 50;
export const companyDetailQuery = (companyId: number) => companyQueries.detail(companyId);
export const companyRecordingsQuery = (companyId: number) =>
  audioQueries.infinite({ companyIds: [companyId], expand: ['event'], direction: 'desc', limit: PAGE });
export const companyTranscriptsQuery = (companyId: number) =>
  documentQueries.transcriptsInfinite({ companyIds: [companyId], expand: ['event'], direction: 'desc', limit: PAGE });
export const companySegmentsQuery = (companyId: number) => companyQueries.segmentsAll(companyId);

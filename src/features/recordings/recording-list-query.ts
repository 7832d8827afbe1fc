import { audioQueries } from '../../api/audio.ts';
import { recordingFilters, type RecordingSearch } from './recording-list-filters.ts';

/** Endpoint 6 with the event embedded, 50 a page (the route's loader and the page share it). */
export const recordingListQuery = (search: RecordingSearch) => audioQueries.infinite({ ...recordingFilters.toApi(search), limit: 50, expand: ['event'] });

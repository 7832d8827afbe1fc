import { audioKeys } from '../../api/keys.ts';

/** Endpoint 7's parameters for a recording page: the recording with its event summary. */
export const RECORDING_DETAIL_PARAMS = { expand: ['event'] as const };

/** The key of the recording behind its page, for the page's loading view (recording-queries.ts reads it). */
export const recordingDetailKey = (audioId: number) => audioKeys.detail(audioId, { expand: [...RECORDING_DETAIL_PARAMS.expand] });

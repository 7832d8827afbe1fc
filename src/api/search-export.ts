import { exportProgress, SEARCH_EXPORT_TYPES, type SearchExportFormat } from '../lib/transcript-search/export.ts';
import { ApiError } from './api-error.ts';
import { apiUrl, errorFromResponse, OWN_API_PREFIX } from './client.ts';
import { filterQuery, type SearchParams } from './search.ts';

// Apart from search.ts: the search page loads this (and the file writer's progress reader) only
// when an export is asked for.

/**
 * The whole result of a search as a file (GET /api/search/export), read as it streams: onProgress
 * hears how many calls have arrived. Resolves with the file only once it has arrived whole; an
 * abort rejects with the abort's reason, a refusal or a broken-off stream with an ApiError.
 */
export async function fetchSearchExport(
  params: SearchParams,
  format: SearchExportFormat,
  options: {
    signal?: AbortSignal;
    onProgress?: (calls: number) => void;
    /** The calls the file will hold, as the server says when it starts (every match counted). */
    onTotal?: (calls: number) => void;
  } = {},
): Promise<Blob> {
  const { signal, onProgress, onTotal } = options;
  const shownUrl = `${OWN_API_PREFIX}/search/export`;
  const url = apiUrl('/search/export', { ...filterQuery(params), sort: params.sort === 'date' ? 'date' : undefined, format }, OWN_API_PREFIX);
  const broken = (cause: unknown) => {
    if (signal?.aborted) return signal.reason as unknown;
    return new ApiError({ status: 0, kind: 'network', message: 'The export broke off before the file was whole: try again.', url: shownUrl, cause });
  };
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', signal });
  } catch (error) {
    throw broken(error);
  }
  if (!response.ok || !response.body) throw errorFromResponse(response.status, response.headers, await response.text().catch(() => ''), shownUrl);
  const total = Number(response.headers.get('x-export-total-calls') ?? NaN);
  if (Number.isSafeInteger(total) && total >= 0) onTotal?.(total);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const progress = exportProgress(format);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as Uint8Array<ArrayBuffer>);
      onProgress?.(progress(decoder.decode(value, { stream: true })));
    }
  } catch (error) {
    throw broken(error);
  }
  return new Blob(parts, { type: SEARCH_EXPORT_TYPES[format] });
}

import type { Page } from './schemas.ts';

/**
 * Cursor pagination, shared by every list endpoint. The cursor is opaque: it is only ever passed
 * back as received, never computed. A robust client stops on a null or missing `nextCursor`, on a
 * cursor it has already sent (a repeat would loop), and on an empty page; it never assumes a page
 * holds `limit` items (demo keys get 10 whatever `limit` says).
 */

export type Direction = 'asc' | 'desc';

/** Parameters every list endpoint takes. */
export interface PageParams {
  /** 1 to 500; the service may return fewer. */
  limit?: number;
  direction?: Direction;
}

/** The cursor of the first page (the service's default). Fetchers leave a 0 cursor out of the URL. */
export const FIRST_CURSOR = 0;

/** The `cursor` query value for a cursor: 0 (the first page) is not sent. */
export function cursorParam(cursor: number | undefined): number | undefined {
  return cursor ? cursor : undefined;
}

/**
 * The cursor of the page after `page`, or undefined when there is none.
 * @param sent the cursor that fetched `page` (0 or undefined for the first page)
 * @param earlier cursors sent before it (checking them all also catches a cycle A → B → A)
 */
export function nextCursorOf(
  page: Pick<Page<unknown>, 'data'> & { pagination?: { nextCursor?: number | null } | null },
  sent: number | undefined,
  earlier: readonly (number | undefined)[] = [],
): number | undefined {
  const next = page.pagination?.nextCursor;
  if (next === null || next === undefined) return undefined;
  if (page.data.length === 0) return undefined;
  if (next === (sent ?? 0)) return undefined;
  if (earlier.some((cursor) => (cursor ?? 0) === next)) return undefined;
  return next;
}

/**
 * `getNextPageParam` for infiniteQueryOptions: the stop rules above. React Query treats
 * undefined as "no next page".
 */
export function getNextPageParam<T>(lastPage: Page<T>, _allPages: Page<T>[], lastPageParam: number, allPageParams: number[]): number | undefined {
  return nextCursorOf(lastPage, lastPageParam, allPageParams);
}

export interface FetchAllPagesOptions {
  /** Stop after this many pages even if the service offers more. Default 50. */
  maxPages?: number;
  signal?: AbortSignal;
}

export interface AllPages<T> {
  items: T[];
  pages: number;
  /** False when the max-pages guard stopped the walk before the last page. */
  complete: boolean;
}

export const DEFAULT_MAX_PAGES = 50;

/**
 * Walks a list from its first page to its last with the stop rules above, one request at a time.
 * `fetchPage(0)` fetches the first page.
 */
export async function fetchAllPages<T>(fetchPage: (cursor: number) => Promise<Page<T>>, options: FetchAllPagesOptions = {}): Promise<AllPages<T>> {
  const maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES);
  const items: T[] = [];
  const sent: number[] = [];
  let cursor = FIRST_CURSOR;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await fetchPage(cursor);
    items.push(...page.data);
    const next = nextCursorOf(page, cursor, sent);
    sent.push(cursor);
    if (next === undefined) return { items, pages: sent.length, complete: true };
    if (sent.length >= maxPages) return { items, pages: sent.length, complete: false };
    cursor = next;
  }
}

import { PHONE_QUERY } from '../../src/lib/use-media-query.ts';

/** Whether a screen `width` px wide matches a query: the phone query, or one minimum width in px. */
function matchesWidth(query: string, width: number): boolean {
  if (query === PHONE_QUERY) return width < 640;
  const min = /^\(min-width: (\d+)px\)$/.exec(query);
  return min ? width >= Number(min[1]) : false;
}

/**
 * Makes the page answer media queries as a screen `width` px wide would for the app's phone query
 * (PHONE_QUERY) and for `(min-width: …px)` (jsdom has no layout, so no query matches by itself).
 * Returns the function that puts the real matchMedia back.
 */
export function pretendScreenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: matchesWidth(query, width),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

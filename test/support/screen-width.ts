import { PHONE_QUERY } from '../../src/lib/use-media-query.ts';

/**
 * Makes the page answer media queries as a screen `width` px wide would for the app's phone query
 * (PHONE_QUERY; jsdom has no layout, so no query matches by itself). Returns the function that puts
 * the real matchMedia back.
 */
export function pretendScreenWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: query === PHONE_QUERY ? width < 640 : false,
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

/**
 * The company index and its ranking, which load after the first screen with the header's search
 * (see `loadIndexEngine` in use-company-search.ts): a list page's first screen shows its pickers
 * before anyone types in them, so the index's code comes when a picker is used, the header's search
 * loads, or the browser is idle.
 */
export { getCompanyIndex, pickIndexed } from './company-index.ts';
export { looksLikeIsin, looksLikeTicker, SCORE } from './rank.ts';

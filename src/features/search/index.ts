export { HeaderSearch, HeaderIndexBadge, PaletteLauncher, startCompanyIndexInBackground, loadSearch } from './lazy.tsx';
export { useIndexFacets } from './use-company-search.ts';

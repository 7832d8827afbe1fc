export { CompanySearch, IndexBadge, IndexProgress } from './company-search.tsx';
export { CommandPalette } from './command-palette.tsx';
export { CompanyIndex, getCompanyIndex, type IndexStatus } from './company-index.ts';
export { startCompanyIndexInBackground } from './background.ts';
export { useIndexFacets } from './use-company-search.ts';

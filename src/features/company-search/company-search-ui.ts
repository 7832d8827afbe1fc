/** The company-search code that loads after the first page (see lazy.tsx). */
export { CompanySearch, IndexBadge } from './company-search.tsx';
export { CommandPalette } from './command-palette.tsx';
export { startCompanyIndexInBackground } from './background.ts';

import * as indexEngine from './index-engine.ts';
import { provideIndexEngine } from './use-company-search.ts';

/** The company-search code that loads after the first page (see lazy.tsx), with the index's own. */
export { CompanySearch, IndexBadge } from './company-search.tsx';
export { CommandPalette } from './command-palette.tsx';
export { startCompanyIndexInBackground } from './background.ts';

provideIndexEngine(indexEngine);

/**
 * The real transcript search (server/search/: PGlite in memory, the ingester, the /api/search
 * handlers) over the web tests' in-process sandbox, for component tests of the search page.
 * Indexing is scoped to a few companies so it takes a second or two, once per test file.
 *
 *   useSandboxServer();
 *   const search = useSearchServer();          // index built in beforeAll, MSW routes /api/search*
 *   await renderApp('/search?q=gross+margin');
 *
 * The companies indexed are SEARCH_TEST_COMPANY_IDS; anything else is not in the index.
 */
import { http } from 'msw';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { readSearchConfig } from '../../server/search/config.ts';
import { createSearchService, type SearchService } from '../../server/search/service.ts';
import { forwardToSandbox, server, TEST_ORIGIN } from './sandbox-server.ts';

export const SEARCH_TEST_COMPANY_IDS = [1, 2, 3, 4, 5, 6, 7, 8];

export function createTestSearchService(companyIds: readonly number[] = SEARCH_TEST_COMPANY_IDS): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', SEARCH_SCOPE_COMPANY_IDS: companyIds.join(',') }, false, problems);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return createSearchService({
    config,
    source: `web-tests:${companyIds.join(',')}`,
    api: (path, query) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
      return forwardToSandbox(new Request(`${TEST_ORIGIN}/public/v3${path}?${search}`, { headers: { accept: 'application/json' } }));
    },
    file: (url, signal) => forwardToSandbox(new Request(url, { signal })),
    log: () => {},
  });
}

/** Builds the index before the file's tests and routes /api/search* to it (through MSW). */
export function useSearchServer(companyIds?: readonly number[]): { service: () => SearchService } {
  let service: SearchService | undefined;
  const handler = http.all('*/api/search*', ({ request }) => service!.handle(request));
  beforeAll(async () => {
    service = createTestSearchService(companyIds);
    await service.whenSynced();
  }, 60_000);
  // Handlers added by a test are reset after it; this one is added again before each.
  beforeEach(() => {
    server.use(handler);
  });
  afterAll(async () => {
    await service?.close();
  });
  return { service: () => service! };
}

import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { openPostgres } from '../../server/search/db.ts';
import { createSearchService, type SearchService } from '../../server/search/service.ts';
import { getJson, sandboxUpstream } from './search-upstream.ts';

/**
 * The word index's method (SEARCH_WORD_INDEX): the setting read and refused as it should be, the
 * embedded engine on gin, and, on a real PostgreSQL when DATABASE_URL is set, rum made when asked
 * for (refused where the server lacks it), a change of setting honoured on the next start with
 * only the word index made again, and the same answers from either method. Like the other PostgreSQL tests, run one file at a time on a database of its own.
 */

const sandbox = createSandbox({ seed: 'search-tests', companies: 3, now: '2026-11-21T12:00:00Z', clockRate: 0 });
const upstream = sandboxUpstream(sandbox);

describe('SEARCH_WORD_INDEX', () => {
  it('is gin unless set, and refuses what it cannot honour, saying why', () => {
    const problems: string[] = [];
    expect(readSearchConfig({}, false, problems).wordIndex).toBe('gin');
    expect(readSearchConfig({ SEARCH_WORD_INDEX: ' GIN ' }, false, problems).wordIndex).toBe('gin');
    expect(readSearchConfig({ SEARCH_WORD_INDEX: 'rum', DATABASE_URL: 'postgres://desk@db.internal/earnings_desk' }, false, problems).wordIndex).toBe('rum');
    expect(problems).toEqual([]);

    readSearchConfig({ SEARCH_WORD_INDEX: 'gist' }, false, problems);
    readSearchConfig({ SEARCH_WORD_INDEX: 'rum' }, false, problems);
    expect(problems).toEqual([
      'SEARCH_WORD_INDEX must be gin or rum, got "gist"',
      'SEARCH_WORD_INDEX=rum needs a PostgreSQL server (DATABASE_URL) with the rum extension; the embedded engine has only gin',
    ]);
  });
});

let sources = 0;
function makeService(env: Record<string, string>, source = `word-index-${process.pid}-${++sources}`, log: string[] = []): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', ...env }, false, problems);
  expect(problems).toEqual([]);
  return createSearchService({ config, source, ...upstream, log: (line) => log.push(line) });
}

/** Each kind of query whose rows the word index finds: phrases, NEAR, an exclusion, a prefix, filters. */
const QUERIES = [
  'q=%22gross%20margin%22',
  'q=%22free%20cash%20flow%22&sort=date',
  'q=margin%20NEAR%2F5%20pressure',
  'q=demand%20-europe',
  'q=guid*',
  'q=margin&sections=qna&roles=cfo',
];

async function answers(service: SearchService): Promise<unknown[]> {
  const all: unknown[] = [];
  for (const query of QUERIES) {
    const search = await getJson(service, `/api/search?${query}&limit=50`);
    expect(search.status, query).toBe(200);
    const summary = await getJson(service, `/api/search/summary?${query.replace('&sort=date', '')}`);
    expect(summary.status, query).toBe(200);
    all.push(search.body, summary.body);
  }
  return all;
}

describe('the embedded engine', () => {
  let service: SearchService | undefined;
  afterAll(() => service?.close());

  it('uses gin, and says so in the status', async () => {
    service = makeService({ SEARCH_SCOPE_COMPANY_IDS: '1' });
    await service.start();
    const status = await service.status();
    expect(status.engine).toBe('pglite');
    expect(status.wordIndex).toBe('gin');
  });
});

const databaseUrl = process.env.DATABASE_URL;
describe.runIf(databaseUrl)('on a PostgreSQL server (DATABASE_URL)', () => {
  const services: SearchService[] = [];
  afterAll(async () => {
    for (const service of services) await service.close();
  });

  it('makes rum when asked for, gin again when the setting goes back, and answers the same either way', async () => {
    const probe = await openPostgres(databaseUrl!);
    const [server] = await probe.query<{ rum: boolean }>(`select exists (select from pg_available_extensions where name = 'rum') as rum`);
    await probe.close();

    const source = `word-index-${process.pid}-shared`;
    const log: string[] = [];
    const first = makeService({ DATABASE_URL: databaseUrl!, SEARCH_WORD_INDEX: 'rum' }, source, log);
    services.push(first);
    await first.start();
    if (!server!.rum) {
      // A server without the extension: the index is not opened, and the log says how to get it.
      expect((await first.status()).state).toBe('unavailable');
      expect(log.join('\n')).toContain('this PostgreSQL server has no rum extension (on Debian: apt-get install postgresql-15-rum');
      return;
    }
    await first.whenSynced();
    expect((await first.status()).wordIndex).toBe('rum');
    const onRum = await answers(first);
    expect(JSON.stringify(onRum)).toContain('"transcriptId"');
    await first.close();
    log.length = 0;

    // The same index with the default (gin): only the word index is made again, and every answer is the same.
    const second = makeService({ DATABASE_URL: databaseUrl! }, source, log);
    services.push(second);
    await second.start();
    await second.whenSynced();
    expect((await second.status()).wordIndex).toBe('gin');
    expect(log).toContainEqual(expect.stringMatching(/^search: the word index was made again with gin \(it was rum\) in \d+ ms$/));
    expect(log.filter((line) => line.includes('building it afresh'))).toEqual([]);
    expect(await answers(second)).toEqual(onRum);
  }, 240_000);
});

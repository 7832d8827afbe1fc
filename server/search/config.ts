import { WORD_INDEX_SQL, type WordIndexMethod } from './schema.ts';

/**
 * The transcript search's settings (environment), checked at start-up with the server's others:
 *
 *   SEARCH_INDEX=off                  no index, no requests; /api/search answers 503 saying so
 *   DATABASE_URL=postgres://…         a PostgreSQL server; else embedded PGlite in SEARCH_DATA_DIR
 *   SEARCH_DATA_DIR=.data/search      where PGlite keeps the index (`memory`: not kept)
 *   SEARCH_SCOPE_COMPANY_IDS=1,2      index only these companies' transcripts
 *   SEARCH_SCOPE_COUNTRIES=US,GB      … or only these countries'
 *   SEARCH_REQUEST_BUDGET=100         API requests a day the index may make (0: no limit);
 *                                     default: no limit on the sandbox, 100 on the real service
 *   SEARCH_SYNC_MINUTES=5             how often to ask what changed
 *   SEARCH_CONCURRENCY=2              transcript files read at once (1 or 2)
 *   SEARCH_MAX_TRANSCRIPT_BYTES=25000000
 *   SEARCH_CACHE_MB=128               PGlite's buffer cache (server/search/db.ts)
 *   SEARCH_QUEUE_LIMIT=100            searches in progress at once (running or waiting for the
 *                                     index); one more is answered 503 with Retry-After
 *   SEARCH_READ_CAP=20000             matching passages a page of results counts, newest months
 *                                     first, before it ranks what it has (store.ts, searchCalls)
 *   SEARCH_WORD_INDEX=gin             the word index: gin, or rum on a PostgreSQL server that has that
 *                                     extension (refuses to start without it; store.ts, ensureWordIndex)
 */

export interface SearchConfig {
  enabled: boolean;
  databaseUrl?: string;
  /** undefined: in memory. */
  dataDir?: string;
  scope: { companyIds: number[]; countries: string[] };
  budgetPerDay?: number;
  syncEveryMs: number;
  concurrency: number;
  maxBytes: number;
  /** PGlite's buffer cache in MB (PostgreSQL's shared_buffers). */
  cacheMb: number;
  /** Searches in progress at once; one more is answered 503. */
  queueLimit: number;
  /** Matching passages a page of results counts (newest months first) before it ranks them. */
  readCap: number;
  /** The word index's method (schema.ts, WORD_INDEX_SQL). */
  wordIndex: WordIndexMethod;
}

type Env = Record<string, string | undefined>;

export const SEARCH_DEFAULTS = {
  dataDir: '.data/search',
  upstreamBudget: 100,
  syncMinutes: 5,
  concurrency: 2,
  maxBytes: 25_000_000,
  cacheMb: 128,
  queueLimit: 100,
  readCap: 20_000,
} as const;

export function readSearchConfig(env: Env, upstream: boolean, problems: string[]): SearchConfig {
  const flag = env.SEARCH_INDEX?.trim().toLowerCase() ?? '';
  if (!['', 'on', 'off', '1', '0', 'true', 'false'].includes(flag)) problems.push(`SEARCH_INDEX must be on or off, got "${env.SEARCH_INDEX}"`);
  const enabled = !['off', '0', 'false'].includes(flag);

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@localhost:5432/earnings_desk');
  }
  const rawDir = env.SEARCH_DATA_DIR?.trim();
  const dataDir = rawDir === 'memory' ? undefined : rawDir || SEARCH_DEFAULTS.dataDir;

  const companyIds: number[] = [];
  for (const item of (env.SEARCH_SCOPE_COMPANY_IDS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (/^[1-9]\d{0,15}$/.test(item)) companyIds.push(Number(item));
    else problems.push(`SEARCH_SCOPE_COMPANY_IDS must be company ids separated by commas, got "${item}"`);
  }
  const countries: string[] = [];
  for (const item of (env.SEARCH_SCOPE_COUNTRIES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (/^[A-Za-z]{2}$/.test(item)) countries.push(item.toUpperCase());
    else problems.push(`SEARCH_SCOPE_COUNTRIES must be two-letter country codes separated by commas, got "${item}"`);
  }

  const whole = (name: string, fallback: number | undefined, min: number, max: number): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const budget = whole('SEARCH_REQUEST_BUDGET', upstream ? SEARCH_DEFAULTS.upstreamBudget : 0, 0, 10_000_000);
  const syncMinutes = whole('SEARCH_SYNC_MINUTES', SEARCH_DEFAULTS.syncMinutes, 1, 1440)!;
  const concurrency = whole('SEARCH_CONCURRENCY', SEARCH_DEFAULTS.concurrency, 1, 2)!;
  const maxBytes = whole('SEARCH_MAX_TRANSCRIPT_BYTES', SEARCH_DEFAULTS.maxBytes, 1_000, 1_000_000_000)!;
  const cacheMb = whole('SEARCH_CACHE_MB', SEARCH_DEFAULTS.cacheMb, 16, 1024)!;
  const queueLimit = whole('SEARCH_QUEUE_LIMIT', SEARCH_DEFAULTS.queueLimit, 1, 10_000)!;
  const readCap = whole('SEARCH_READ_CAP', SEARCH_DEFAULTS.readCap, 1, 100_000_000)!;
  const rawWordIndex = env.SEARCH_WORD_INDEX?.trim().toLowerCase() || 'gin';
  const wordIndex = Object.hasOwn(WORD_INDEX_SQL, rawWordIndex) ? (rawWordIndex as WordIndexMethod) : 'gin';
  if (wordIndex !== rawWordIndex) problems.push(`SEARCH_WORD_INDEX must be gin or rum, got "${env.SEARCH_WORD_INDEX}"`);
  else if (wordIndex === 'rum' && !databaseUrl)
    problems.push('SEARCH_WORD_INDEX=rum needs a PostgreSQL server (DATABASE_URL) with the rum extension; the embedded engine has only gin');

  return {
    enabled,
    databaseUrl,
    dataDir,
    scope: { companyIds, countries },
    budgetPerDay: budget ? budget : undefined,
    syncEveryMs: syncMinutes * 60_000,
    concurrency,
    maxBytes,
    cacheMb,
    queueLimit,
    readCap,
    wordIndex,
  };
}

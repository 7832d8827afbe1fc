/**
 * Shared helpers for the black-box contract tests of the Financial Events API v3 sandbox
 * (test/sandbox/contract-*.test.ts). Everything here talks to the sandbox through its fetch
 * function, the way a client would; the checks encode the contract
 * (the Financial Events API v3) and the known upstream behaviour (README, "The sandbox").
 */
import { expect } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { ManualClock } from '../../server/sandbox/clock.ts';

export type Rec = Record<string, any>;

export const ORIGIN = 'http://sandbox.test';
export const V3 = '/public/v3';
export const NOW = Date.parse('2026-11-21T12:00:00.000Z');
export const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const LIVE_STATES = [
  'notLive',
  'willBeLive',
  'live',
  'processingRecording',
  'recordingAvailable',
  'liveFailedInterrupted',
  'liveFailedNoAccess',
  'liveFailedNotStarted',
  'processingRecordingFailed',
] as const;
export const FAILURE_STATES = ['liveFailedInterrupted', 'liveFailedNoAccess', 'liveFailedNotStarted', 'processingRecordingFailed'];

export function makeSandbox(options: { seed?: string; companies?: number; now?: number; contract?: 'full' | 'strict' } = {}): {
  sandbox: Sandbox;
  clock: ManualClock;
} {
  const clock = new ManualClock(options.now ?? NOW);
  const sandbox = createSandbox({ seed: options.seed ?? 'contract', companies: options.companies ?? 120, clock, contract: options.contract });
  return { sandbox, clock };
}

export interface CallOptions {
  method?: string;
  /** API key to send; null: send no key. Default: the sandbox key. */
  key?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; undefined when the body is empty or not JSON. */
  json: any;
}

export type Params = Record<string, string | number | undefined>;

/** Builds a path with a query string (URLSearchParams encoding: a space becomes '+'). */
export function withQuery(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, String(value));
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export async function call(sandbox: Sandbox, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? sandbox.apiKey : options.key;
  if (key !== null) headers['x-api-key'] = key;
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
  const response = await sandbox.fetch(new Request(url, { method: options.method ?? 'GET', headers, body: options.body }));
  const text = await response.text();
  let json: any;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** GET under /public/v3; expects 200 and returns the parsed body. */
export async function get(sandbox: Sandbox, path: string, params: Params = {}): Promise<any> {
  const res = await call(sandbox, withQuery(`${V3}${path}`, params));
  if (res.status !== 200) throw new Error(`GET ${withQuery(path, params)} -> ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

export async function getData(sandbox: Sandbox, path: string, params: Params = {}): Promise<Rec> {
  const body = await get(sandbox, path, params);
  expect(Object.keys(body)).toEqual(['data']);
  return body.data as Rec;
}

export interface Collected {
  records: Rec[];
  pages: number;
}

/**
 * Follows nextCursor from the first page to the end (null), checking on the way that every
 * page is a list envelope, holds at most `limit` records, that no cursor repeats, and that ids
 * (when the records have them) run strictly in the requested direction across pages.
 */
export async function collect(
  sandbox: Sandbox,
  path: string,
  params: Params = {},
  { limit = 500, direction = 'asc', maxPages = 10_000 }: { limit?: number; direction?: 'asc' | 'desc'; maxPages?: number } = {},
): Promise<Collected> {
  const records: Rec[] = [];
  let cursor: number | undefined;
  const seen = new Set<number>();
  for (let pages = 1; pages <= maxPages; pages++) {
    const body = await get(sandbox, path, { ...params, limit, direction, cursor });
    expectListEnvelope(body);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    records.push(...body.data);
    const next = body.pagination.nextCursor;
    if (next === null) {
      expectIdOrder(records, direction);
      return { records, pages };
    }
    if (seen.has(next)) throw new Error(`${path}: nextCursor ${next} repeats`);
    seen.add(next);
    // (A page before the last may hold fewer than limit: upstream-facts says clients must not assume it is full.)
    cursor = next;
  }
  throw new Error(`${path}: more than ${maxPages} pages`);
}

export async function collectAll(sandbox: Sandbox, path: string, params: Params = {}, direction: 'asc' | 'desc' = 'asc'): Promise<Rec[]> {
  return (await collect(sandbox, path, params, { limit: 500, direction })).records;
}

export function expectListEnvelope(body: any): void {
  expect(body).toBeTypeOf('object');
  expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
  expect(Array.isArray(body.data)).toBe(true);
  expect(Object.keys(body.pagination)).toEqual(['nextCursor']);
  const next = body.pagination.nextCursor;
  if (next !== null) {
    expect(Number.isInteger(next)).toBe(true);
    expect(next).toBeGreaterThanOrEqual(0);
  }
}

export function expectIdOrder(records: Rec[], direction: 'asc' | 'desc'): void {
  if (records.length === 0 || records[0]!.id === undefined) return;
  for (let i = 1; i < records.length; i++) {
    const a = records[i - 1]!.id as number;
    const b = records[i]!.id as number;
    if (direction === 'asc' ? !(a < b) : !(a > b)) {
      throw new Error(`ids out of ${direction} order at position ${i}: ${a} then ${b}`);
    }
  }
}

export const ids = (records: Rec[]): number[] => records.map((r) => r.id as number);
export const sortNum = (values: number[]): number[] => [...values].sort((a, b) => a - b);

/* ----------------------------------------------------------------- errors -- */

export const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * What is wrong with an error response, or undefined when it has the body the service sends for
 * its status (README, "Decisions where the contract is silent", Error body):
 * - 400: `{ statusCode: 400, error: 'Bad Request', message: [{ field, message }, ...] }`; each of
 *   `mentions` must be the `field` of one of the entries;
 * - 401 and 403: `{ statusCode, message: 'Unauthorized' | 'Forbidden' }`;
 * - 404: `{ statusCode: 404, message: 'Not Found' }` (an unknown id), or NestJS's route 404
 *   `{ statusCode: 404, message: 'Cannot GET /path', error: 'Not Found' }` (an unknown path);
 * - any other status: NestJS's default `{ statusCode, message, error }` with a message naming each of `mentions`.
 */
export function errorProblem(res: ApiResponse, status: number, mentions: (string | number)[] = []): string | undefined {
  const got = `${res.status} ${res.text.slice(0, 160)}`;
  if (res.status !== status) return `expected ${status}, got ${got}`;
  const body = res.json;
  if (typeof body !== 'object' || body === null) return `error body is not a JSON object: ${got}`;
  if (body.statusCode !== status) return `statusCode ${body.statusCode} differs from the HTTP status ${status}`;
  const keys = Object.keys(body).sort().join(',');
  if (status === 400) return badRequestProblem(body, keys, mentions);
  if (status === 401 || status === 403 || (status === 404 && keys === 'message,statusCode')) {
    if (keys !== 'message,statusCode') return `error body keys are [${keys}], expected [message,statusCode]`;
    if (body.message !== REASONS[status]) return `message is ${JSON.stringify(body.message)}, expected "${REASONS[status]}"`;
    return undefined;
  }
  if (keys !== 'error,message,statusCode') return `error body keys are [${keys}], expected [error,message,statusCode]`;
  if (typeof body.message !== 'string' || body.message.length === 0) return `message is not a non-empty string: ${got}`;
  if (REASONS[status] && body.error !== REASONS[status]) return `error is "${body.error}", expected "${REASONS[status]}"`;
  if (status === 404 && !/^Cannot (GET|HEAD) \//.test(body.message)) return `a route 404 says "Cannot GET /path", got "${body.message}"`;
  const missing = mentions.filter((m) => !body.message.includes(String(m)));
  if (missing.length > 0) return `message "${body.message}" does not name ${missing.map((m) => `"${m}"`).join(', ')}`;
  return undefined;
}

function badRequestProblem(body: Rec, keys: string, fields: (string | number)[]): string | undefined {
  if (keys !== 'error,message,statusCode') return `error body keys are [${keys}], expected [error,message,statusCode]`;
  if (body.error !== 'Bad Request') return `error is "${body.error}", expected "Bad Request"`;
  if (!Array.isArray(body.message) || body.message.length === 0)
    return `message should be a non-empty list of { field, message }, got ${JSON.stringify(body.message)}`;
  for (const entry of body.message as Rec[]) {
    const entryKeys = typeof entry === 'object' && entry !== null ? Object.keys(entry).sort().join(',') : '';
    if (entryKeys !== 'field,message') return `each message entry should be { field, message }, got ${JSON.stringify(entry)}`;
    if (typeof entry.field !== 'string' || entry.field === '') return `an entry has no field: ${JSON.stringify(entry)}`;
    if (typeof entry.message !== 'string' || entry.message === '') return `an entry has no message: ${JSON.stringify(entry)}`;
  }
  const named = (body.message as Rec[]).map((entry) => entry.field as string);
  const missing = fields.filter((f) => !named.includes(String(f)));
  if (missing.length > 0) return `the 400 names fields [${named}], not ${missing.map((f) => `"${f}"`).join(', ')}`;
  return undefined;
}

/** The { field, message } entries of a 400 body. */
export function fieldProblems(res: ApiResponse): { field: string; message: string }[] {
  return Array.isArray(res.json?.message) ? (res.json.message as { field: string; message: string }[]) : [];
}

/** The 404 of an unknown id: `{ statusCode: 404, message: 'Not Found' }`, nothing else. */
export function expectNotFound(res: ApiResponse, what = ''): void {
  expect(res.status, `${what}: ${res.text.slice(0, 160)}`).toBe(404);
  expect(res.json, what).toEqual({ statusCode: 404, message: 'Not Found' });
}

/** The 404 of an unknown path: NestJS's `{ statusCode: 404, message: 'Cannot GET /path', error: 'Not Found' }`. */
export function expectNoRoute(res: ApiResponse, path: string, method = 'GET', what = ''): void {
  expect(res.status, `${what}: ${res.text.slice(0, 160)}`).toBe(404);
  expect(res.json, what).toEqual({ statusCode: 404, message: `Cannot ${method} ${path.split('?')[0]}`, error: 'Not Found' });
}

export function expectError(res: ApiResponse, status: number, mentions: (string | number)[] = [], what = ''): void {
  const problem = errorProblem(res, status, mentions);
  expect(problem, `${what}: ${problem}`).toBeUndefined();
}

/* ------------------------------------------------------------ field checks -- */
// Plain checks (throwing on the first problem, with a message naming the record and field):
// they run over thousands of records, where an expect() per field would be slow.

export class ContractViolation extends Error {}

export function ok(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ContractViolation(message);
}

const show = (value: unknown) => JSON.stringify(value);

export function expectKeys(record: Rec, keys: string[], what: string): void {
  ok(typeof record === 'object' && record !== null && !Array.isArray(record), `${what} should be an object, got ${show(record)}`);
  const actual = Object.keys(record).sort();
  const wanted = [...keys].sort();
  const missing = wanted.filter((k) => !actual.includes(k));
  const extra = actual.filter((k) => !wanted.includes(k));
  ok(missing.length === 0 && extra.length === 0, `${what}: key set differs (missing: [${missing}], extra: [${extra}])`);
}

export function expectTimestamp(value: unknown, what: string): void {
  ok(typeof value === 'string' && ISO_MS.test(value), `${what} should be an ISO 8601 UTC timestamp with milliseconds, got ${show(value)}`);
  // Round-trips: a real instant, not "2026-02-30".
  ok(!Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value, `${what} is not a real instant: ${value}`);
}

export function expectInteger(value: unknown, what: string): void {
  ok(Number.isInteger(value), `${what} should be an integer, got ${show(value)}`);
}

export function expectNumber(value: unknown, what: string): void {
  ok(typeof value === 'number' && Number.isFinite(value), `${what} should be a number, got ${show(value)}`);
}

export function expectString(value: unknown, what: string, nonEmpty = true): void {
  ok(typeof value === 'string', `${what} should be a string, got ${show(value)}`);
  if (nonEmpty) ok(value.length > 0, `${what} is empty`);
}

export function expectUrl(value: unknown, what: string): void {
  expectString(value, what);
  let url: URL | undefined;
  try {
    url = new URL(value as string);
  } catch {
    url = undefined;
  }
  ok(url && /^https?:$/.test(url.protocol), `${what} is not an http(s) URL: ${show(value)}`);
}

/** No null anywhere in a value (null is only allowed in live audio before going live). */
export function expectNoNulls(value: unknown, what: string): void {
  ok(value !== null, `${what} is null`);
  if (Array.isArray(value)) value.forEach((item, i) => expectNoNulls(item, `${what}[${i}]`));
  else if (typeof value === 'object' && value !== undefined) {
    for (const [key, item] of Object.entries(value as Rec)) expectNoNulls(item, `${what}.${key}`);
  }
}

export const COMPANY_KEYS = ['id', 'name', 'displayName', 'country', 'tickers', 'isins', 'backlinkUrl', 'createdAt', 'updatedAt'];
export const SEGMENT_KEYS = [
  'companyId',
  'createdAt',
  'updatedAt',
  'fiscalYear',
  'reportDate',
  'segmentItem',
  'segmentCategory',
  'total',
  'totalUnit',
  'other',
  'items',
  'itemUnit',
];
export const EVENT_KEYS = ['id', 'companyId', 'title', 'typeId', 'date', 'language', 'fiscalYear', 'fiscalPeriod', 'backlinkUrl', 'createdAt', 'updatedAt'];
export const SUMMARY_KEYS = ['title', 'typeId', 'fiscalYear', 'fiscalPeriod', 'language', 'date'];
export const EVENT_TYPE_KEYS = ['id', 'name', 'parent', 'createdAt', 'updatedAt'];
export const AUDIO_KEYS = ['id', 'companyId', 'eventId', 'fileUrl', 'streamUrl', 'qna', 'audioMetadata', 'createdAt', 'updatedAt'];
export const CHAPTER_KEYS = ['id', 'title', 'startTimestamp', 'endTimestamp', 'level', 'createdAt', 'updatedAt'];
export const LIVE_KEYS = ['id', 'eventId', 'companyId', 'date', 'wentLiveAt', 'state', 'audio', 'createdAt', 'updatedAt'];
export const DOCUMENT_KEYS = ['id', 'companyId', 'eventId', 'typeId', 'fileUrl', 'createdAt', 'updatedAt'];
export const DOCUMENT_TYPE_KEYS = ['id', 'name', 'category', 'description', 'form', 'documentGroupId', 'createdAt', 'updatedAt'];

export function checkCompany(c: Rec): void {
  const what = `company ${c?.id}`;
  expectKeys(c, COMPANY_KEYS, what);
  expectNoNulls(c, what);
  expectInteger(c.id, `${what}.id`);
  expectString(c.name, `${what}.name`);
  expectString(c.displayName, `${what}.displayName`);
  ok(typeof c.country === 'string' && /^[A-Z]{2}$/.test(c.country), `${what}.country should be an ISO 3166-1 alpha-2 code, got ${show(c.country)}`);
  ok(Array.isArray(c.tickers), `${what}.tickers should be an array`);
  for (const t of c.tickers as Rec[]) {
    expectKeys(t, ['ticker', 'exchange'], `${what}.tickers[]`);
    expectString(t.ticker, `${what}.tickers[].ticker`);
    expectString(t.exchange, `${what}.tickers[].exchange`);
  }
  ok(Array.isArray(c.isins), `${what}.isins should be an array`);
  for (const isin of c.isins as unknown[]) expectString(isin, `${what}.isins[]`);
  expectUrl(c.backlinkUrl, `${what}.backlinkUrl`);
  expectTimestamp(c.createdAt, `${what}.createdAt`);
  expectTimestamp(c.updatedAt, `${what}.updatedAt`);
}

export function checkSegment(s: Rec, companyId: number): void {
  const what = `segment of company ${companyId}`;
  expectKeys(s, SEGMENT_KEYS, what);
  expectNoNulls(s, what);
  ok(s.companyId === companyId, `${what}.companyId is ${show(s.companyId)}`);
  expectTimestamp(s.createdAt, `${what}.createdAt`);
  expectTimestamp(s.updatedAt, `${what}.updatedAt`);
  expectInteger(s.fiscalYear, `${what}.fiscalYear`);
  expectTimestamp(s.reportDate, `${what}.reportDate`);
  expectString(s.segmentItem, `${what}.segmentItem`);
  expectString(s.segmentCategory, `${what}.segmentCategory`);
  expectNumber(s.total, `${what}.total`);
  expectString(s.totalUnit, `${what}.totalUnit`);
  expectString(s.other, `${what}.other`);
  ok(OTHER_FORMAT.test(s.other), `${what}.other should be "value (pct%)", got ${show(s.other)}`);
  ok(Array.isArray(s.items), `${what}.items should be an array`);
  for (const item of s.items as Rec[]) {
    expectKeys(item, ['name', 'value'], `${what}.items[]`);
    expectString(item.name, `${what}.items[].name`);
    expectNumber(item.value, `${what}.items[].value`);
  }
  expectString(s.itemUnit, `${what}.itemUnit`);
}

/** A value followed by a percentage in parentheses, e.g. "46.2 (2.1%)". */
export const OTHER_FORMAT = /^(-?\d+(?:\.\d+)?) \((-?\d+(?:\.\d+)?)%\)$/;

export function checkEvent(e: Rec): void {
  const what = `event ${e?.id}`;
  expectKeys(e, EVENT_KEYS, what);
  expectNoNulls(e, what);
  expectInteger(e.id, `${what}.id`);
  expectInteger(e.companyId, `${what}.companyId`);
  expectString(e.title, `${what}.title`);
  expectInteger(e.typeId, `${what}.typeId`);
  expectTimestamp(e.date, `${what}.date`);
  expectString(e.language, `${what}.language`);
  expectInteger(e.fiscalYear, `${what}.fiscalYear`);
  expectString(e.fiscalPeriod, `${what}.fiscalPeriod`);
  expectUrl(e.backlinkUrl, `${what}.backlinkUrl`);
  expectTimestamp(e.createdAt, `${what}.createdAt`);
  expectTimestamp(e.updatedAt, `${what}.updatedAt`);
}

export function checkSummary(s: Rec, what: string): void {
  expectKeys(s, SUMMARY_KEYS, what);
  expectNoNulls(s, what);
  expectString(s.title, `${what}.title`);
  expectInteger(s.typeId, `${what}.typeId`);
  expectInteger(s.fiscalYear, `${what}.fiscalYear`);
  expectString(s.fiscalPeriod, `${what}.fiscalPeriod`);
  expectString(s.language, `${what}.language`);
  expectTimestamp(s.date, `${what}.date`);
}

export function checkEventType(t: Rec): void {
  const what = `event type ${t?.id}`;
  expectKeys(t, EVENT_TYPE_KEYS, what);
  expectNoNulls(t, what);
  expectInteger(t.id, `${what}.id`);
  expectString(t.name, `${what}.name`);
  expectString(t.parent, `${what}.parent`);
  expectTimestamp(t.createdAt, `${what}.createdAt`);
  expectTimestamp(t.updatedAt, `${what}.updatedAt`);
}

export function checkAudio(a: Rec, expanded: boolean): void {
  const what = `audio ${a?.id}`;
  expectKeys(a, expanded ? [...AUDIO_KEYS, 'event'] : AUDIO_KEYS, what);
  expectNoNulls(a, what);
  expectInteger(a.id, `${what}.id`);
  expectInteger(a.companyId, `${what}.companyId`);
  expectInteger(a.eventId, `${what}.eventId`);
  expectUrl(a.fileUrl, `${what}.fileUrl`);
  expectUrl(a.streamUrl, `${what}.streamUrl`);
  expectNumber(a.qna, `${what}.qna`);
  ok(a.qna >= 0, `${what}.qna is negative`);
  expectKeys(a.audioMetadata, ['size', 'duration', 'encoding', 'mimetype'], `${what}.audioMetadata`);
  ok(
    typeof a.audioMetadata.size === 'string' && /^\d+(\.\d+)? ?(B|kB|KB|MB|GB)$/.test(a.audioMetadata.size),
    `${what}.audioMetadata.size should be a size with unit, got ${show(a.audioMetadata.size)}`,
  );
  expectNumber(a.audioMetadata.duration, `${what}.audioMetadata.duration`);
  ok(a.audioMetadata.duration > 0, `${what}.audioMetadata.duration should be positive`);
  expectString(a.audioMetadata.encoding, `${what}.audioMetadata.encoding`);
  expectString(a.audioMetadata.mimetype, `${what}.audioMetadata.mimetype`);
  ok(a.qna <= a.audioMetadata.duration, `${what}.qna ${a.qna} lies beyond the recording (${a.audioMetadata.duration} s)`);
  expectTimestamp(a.createdAt, `${what}.createdAt`);
  expectTimestamp(a.updatedAt, `${what}.updatedAt`);
  if (expanded) checkSummary(a.event, `${what}.event`);
}

export function checkChapter(c: Rec): void {
  const what = `chapter ${c?.id}`;
  expectKeys(c, CHAPTER_KEYS, what);
  expectNoNulls(c, what);
  expectInteger(c.id, `${what}.id`);
  expectString(c.title, `${what}.title`);
  expectNumber(c.startTimestamp, `${what}.startTimestamp`);
  expectNumber(c.endTimestamp, `${what}.endTimestamp`);
  ok(c.endTimestamp >= c.startTimestamp, `${what} ends before it starts`);
  expectInteger(c.level, `${what}.level`);
  ok(c.level >= 1, `${what}.level should be >= 1, got ${c.level}`);
  expectTimestamp(c.createdAt, `${what}.createdAt`);
  expectTimestamp(c.updatedAt, `${what}.updatedAt`);
}

/** A live-audio record; null only in `audio` and `wentLiveAt`, and only before going live. */
export function checkLive(l: Rec): void {
  const what = `live audio ${l?.id} (${l?.state})`;
  expectKeys(l, LIVE_KEYS, what);
  expectInteger(l.id, `${what}.id`);
  expectInteger(l.eventId, `${what}.eventId`);
  expectInteger(l.companyId, `${what}.companyId`);
  expectTimestamp(l.date, `${what}.date`);
  ok((LIVE_STATES as readonly string[]).includes(l.state), `${what}.state is not a known state`);
  expectTimestamp(l.createdAt, `${what}.createdAt`);
  expectTimestamp(l.updatedAt, `${what}.updatedAt`);
  const beforeLive = l.state === 'notLive' || l.state === 'willBeLive';
  if (beforeLive) {
    ok(l.audio === null, `${what}.audio should be null before going live, got ${show(l.audio)}`);
    ok(l.wentLiveAt === null, `${what}.wentLiveAt should be null before going live, got ${show(l.wentLiveAt)}`);
  } else {
    // Null is allowed only before going live (and for calls that never went live at all).
    const neverLive = l.state === 'liveFailedNotStarted' || l.state === 'liveFailedNoAccess';
    if (!neverLive) expectTimestamp(l.wentLiveAt, `${what}.wentLiveAt`);
    else if (l.wentLiveAt !== null) expectTimestamp(l.wentLiveAt, `${what}.wentLiveAt`);
    if (l.state === 'live' || l.state === 'recordingAvailable') expectUrl(l.audio, `${what}.audio`);
    else if (l.audio !== null) expectUrl(l.audio, `${what}.audio`);
  }
  if (l.state === 'live') ok(/\.m3u8$/.test(new URL(l.audio).pathname), `${what}.audio while live should be an HLS playlist (.m3u8), got ${show(l.audio)}`);
}

export function checkDocument(d: Rec, expanded: boolean): void {
  const what = `document ${d?.id}`;
  expectKeys(d, expanded ? [...DOCUMENT_KEYS, 'event'] : DOCUMENT_KEYS, what);
  expectNoNulls(d, what);
  expectInteger(d.id, `${what}.id`);
  expectInteger(d.companyId, `${what}.companyId`);
  expectInteger(d.eventId, `${what}.eventId`);
  expectInteger(d.typeId, `${what}.typeId`);
  expectUrl(d.fileUrl, `${what}.fileUrl`);
  expectTimestamp(d.createdAt, `${what}.createdAt`);
  expectTimestamp(d.updatedAt, `${what}.updatedAt`);
  if (expanded) checkSummary(d.event, `${what}.event`);
}

export function checkDocumentType(t: Rec): void {
  const what = `document type ${t?.id}`;
  expectKeys(t, DOCUMENT_TYPE_KEYS, what);
  expectNoNulls(t, what);
  expectInteger(t.id, `${what}.id`);
  expectString(t.name, `${what}.name`);
  expectString(t.category, `${what}.category`);
  expectString(t.description, `${what}.description`);
  expectString(t.form, `${what}.form`);
  expectInteger(t.documentGroupId, `${what}.documentGroupId`);
  ok([1, 2, 3, 4, 5, 6].includes(t.documentGroupId), `${what}.documentGroupId should be one of the six groups (1..6), got ${show(t.documentGroupId)}`);
  expectTimestamp(t.createdAt, `${what}.createdAt`);
  expectTimestamp(t.updatedAt, `${what}.updatedAt`);
}

/** The event summary embedded in audio and documents equals the event from endpoint 4. */
export function summaryOf(event: Rec): Rec {
  return {
    title: event.title,
    typeId: event.typeId,
    fiscalYear: event.fiscalYear,
    fiscalPeriod: event.fiscalPeriod,
    language: event.language,
    date: event.date,
  };
}

/* ------------------------------------------------------------------- ISIN -- */

/** ISO 6166: letters become 10..35, then the Luhn check over the digit string (check digit included). */
export function isValidIsin(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin)) return false;
  const digits = [...isin].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right: the check digit itself is not doubled, the one left of it is.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Simple seeded PRNG for sampling in tests (mulberry32). */
export function sampler(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Evenly spread sample of at most n items (first and last included). */
export function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.round((i * (items.length - 1)) / (n - 1))] as T);
  return out;
}

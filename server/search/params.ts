import { createHash } from 'node:crypto';
import { CALL_SECTIONS, SPEAKER_KINDS, SPEAKER_ROLES, type CallSection, type SpeakerKind, type SpeakerRole } from '../../src/lib/transcript/index.ts';
import { parseSearchQuery, parseTerm, type PlainTerm, type SearchTerm } from '../../src/lib/transcript-search/query.ts';
import { dateToApi, isDateOnly, readDate } from '../../src/lib/filters/dates.ts';
import { SEARCH_EXPORT_FORMATS, type SearchExportFormat } from '../../src/lib/transcript-search/export.ts';
import type { FieldProblem } from '../sandbox/errors.ts';
import type { SearchFilters, SearchSort, TermHistoryQuery } from './store.ts';

/**
 * The search API's query parameters, read strictly: an unknown parameter or a bad value is a 400
 * naming the parameter and what is wrong, like the data service answers, so a typo never returns
 * unfiltered results.
 */

export interface SearchRequest {
  q: string;
  tsquery: string;
  words: string[];
  /** The phrases and NEARs to find (not those left out): a hit marks each where it stands whole. */
  phrases: SearchTerm[];
  /** Every term to find is a phrase or a NEAR: their words standing alone are not marked. */
  onlyPhrases: boolean;
  /** The terms left out (-word), to say which of them leave nothing out. */
  excluded: SearchTerm[];
  /** Each side of each NEAR, to refuse one of only common words (the index cannot place it). */
  nearSides: PlainTerm[];
  filters: SearchFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
  hitsPerCall: number;
  /**
   * totals=all: every match read, so the totals are exact however common the words (a saved
   * search's count); otherwise the newest matches until SEARCH_READ_CAP (store.ts, searchCalls).
   */
  allTotals: boolean;
  /** Ties a cursor to the search it came from. */
  key: string;
}

const FILTER_PARAMS = [
  'companyIds',
  'countries',
  'exchanges',
  'typeIds',
  'eventIds',
  'from',
  'to',
  'fiscalYears',
  'fiscalPeriods',
  'quarters',
  'speakers',
  'roles',
  'sections',
];
export const SEARCH_PARAMS = new Set(['q', 'sort', 'cursor', 'limit', 'hits', 'totals', ...FILTER_PARAMS]);
export const SUMMARY_PARAMS = new Set(['q', 'top', ...FILTER_PARAMS]);
export const EXPORT_PARAMS = new Set(['q', 'sort', 'format', ...FILTER_PARAMS]);

export const MAX_OFFSET = 10_000;
const DAY = 86_400_000;

/**
 * What the index's columns hold: ids of calls and companies are bigint, event types and fiscal years
 * integer (int4), dates timestamptz. A value outside what a column holds is a 400 naming the
 * parameter, never a query PostgreSQL refuses (a 500): years and dates are kept to a range that
 * makes sense for earnings calls, which both engines hold.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
const INT4_MAX = 2_147_483_647;

interface IdRange {
  max: number;
  min?: number;
  /** What the values are, in the message: "whole numbers", "years from 1900 to 2199". */
  what?: string;
}

function ids(
  name: string,
  raw: string | null,
  problems: FieldProblem[],
  maxCount = 500,
  range: IdRange = { max: Number.MAX_SAFE_INTEGER },
): number[] | undefined {
  if (raw === null) return undefined;
  const items = raw.split(',').filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.length > maxCount) {
    problems.push({ field: name, message: `${name} takes at most ${maxCount} values` });
    return undefined;
  }
  const out: number[] = [];
  const min = range.min ?? 1;
  for (const item of items) {
    const value = Number(item);
    if (!/^[1-9]\d{0,15}$/.test(item) || !Number.isSafeInteger(value) || value < min || value > range.max) {
      problems.push({ field: name, message: `${name} must be ${range.what ?? 'whole numbers'} separated by commas; "${item.slice(0, 40)}" is not one` });
      return undefined;
    }
    out.push(value);
  }
  return out;
}

function words(name: string, raw: string | null, pattern: RegExp, what: string, problems: FieldProblem[], normalise = (v: string) => v): string[] | undefined {
  if (raw === null) return undefined;
  const items = raw.split(',').filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.length > 200) {
    problems.push({ field: name, message: `${name} takes at most 200 values` });
    return undefined;
  }
  for (const item of items) {
    if (!pattern.test(item)) {
      problems.push({ field: name, message: `${name} must be ${what} separated by commas; "${item.slice(0, 40)}" is not one` });
      return undefined;
    }
  }
  return items.map(normalise);
}

/**
 * A date (2026-10-01, that day from midnight UTC) or a full ISO time, read by the app's one date
 * reader (src/lib/filters/dates.ts); `end` moves a bare date to the day after (the bound is exclusive).
 */
function time(name: string, raw: string | null, end: boolean, problems: FieldProblem[]): string | undefined {
  if (raw === null || raw === '') return undefined;
  const text = readDate(raw);
  if (text === null) {
    problems.push({ field: name, message: `${name} must be a date such as 2026-10-01 or a time such as 2026-10-01T09:00:00Z` });
    return undefined;
  }
  const day = isDateOnly(text);
  const parsed = Date.parse(day ? `${text}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
  const year = Number.isFinite(parsed) ? new Date(parsed).getUTCFullYear() : NaN;
  if (!(year >= FIRST_YEAR && year <= LAST_YEAR)) {
    problems.push({ field: name, message: `${name} must be between ${FIRST_YEAR}-01-01 and ${LAST_YEAR}-12-31` });
    return undefined;
  }
  return new Date(day && end ? parsed + DAY : parsed).toISOString();
}

const FISCAL_PERIOD = /^[A-Za-z0-9]{1,8}$/;
export const MAX_QUARTERS = 40;

/**
 * Fiscal quarters as year and period, 2026-Q3 (the period as fiscalPeriods reads it, so H1 and FY
 * too): each pair is one quarter, and a call of any of them is kept.
 */
function quarters(raw: string | null, problems: FieldProblem[]): SearchFilters['quarters'] {
  if (raw === null) return undefined;
  const items = raw.split(',').filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.length > MAX_QUARTERS) {
    problems.push({ field: 'quarters', message: `quarters takes at most ${MAX_QUARTERS} values` });
    return undefined;
  }
  const out: NonNullable<SearchFilters['quarters']> = [];
  for (const item of items) {
    const [, year, period] = /^(\d{4})-(.+)$/.exec(item) ?? [];
    const fiscalYear = Number(year);
    if (!period || !FISCAL_PERIOD.test(period) || fiscalYear < FIRST_YEAR || fiscalYear > LAST_YEAR) {
      problems.push({
        field: 'quarters',
        message: `quarters must be fiscal years from ${FIRST_YEAR} to ${LAST_YEAR} with a period, such as 2026-Q3, separated by commas; "${item.slice(0, 40)}" is not one`,
      });
      return undefined;
    }
    out.push({ fiscalYear, fiscalPeriod: period.toUpperCase() });
  }
  return out;
}

function whole(name: string, raw: string | null, fallback: number, min: number, max: number, problems: FieldProblem[]): number {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push({ field: name, message: `${name} must be a whole number from ${min} to ${max}` });
    return fallback;
  }
  return value;
}

function unknown(params: URLSearchParams, allowed: Set<string>, problems: FieldProblem[]) {
  for (const name of new Set(params.keys())) {
    if (!allowed.has(name)) problems.push({ field: name.slice(0, 60), message: `property ${name.slice(0, 60)} should not exist` });
    else if (params.getAll(name).length > 1) problems.push({ field: name, message: `${name} is given more than once` });
  }
}

export function readFilters(params: URLSearchParams, problems: FieldProblem[]): SearchFilters {
  const filters: SearchFilters = {
    companyIds: ids('companyIds', params.get('companyIds'), problems),
    countries: words('countries', params.get('countries'), /^[A-Za-z]{2}$/, 'two-letter country codes', problems, (v) => v.toUpperCase()),
    exchanges: words('exchanges', params.get('exchanges'), /^[A-Za-z0-9._-]{1,32}$/, 'exchange symbols', problems),
    eventTypeIds: ids('typeIds', params.get('typeIds'), problems, 500, { max: INT4_MAX, what: `whole numbers from 1 to ${INT4_MAX}` }),
    eventIds: ids('eventIds', params.get('eventIds'), problems),
    from: time('from', params.get('from'), false, problems),
    to: time('to', params.get('to'), true, problems),
    fiscalYears: ids('fiscalYears', params.get('fiscalYears'), problems, 50, {
      min: FIRST_YEAR,
      max: LAST_YEAR,
      what: `years from ${FIRST_YEAR} to ${LAST_YEAR}`,
    }),
    fiscalPeriods: words('fiscalPeriods', params.get('fiscalPeriods'), FISCAL_PERIOD, 'period labels such as Q1 or H2', problems, (v) => v.toUpperCase()),
    quarters: quarters(params.get('quarters'), problems),
    speakers: words(
      'speakers',
      params.get('speakers'),
      new RegExp(`^(${SPEAKER_KINDS.join('|')})$`),
      `speaker sides (${SPEAKER_KINDS.join(', ')})`,
      problems,
    ) as SpeakerKind[] | undefined,
    roles: words('roles', params.get('roles'), new RegExp(`^(${SPEAKER_ROLES.join('|')})$`), `speaker roles (${SPEAKER_ROLES.join(', ')})`, problems) as
      SpeakerRole[] | undefined,
    sections: words(
      'sections',
      params.get('sections'),
      new RegExp(`^(${CALL_SECTIONS.join('|')})$`),
      `parts of the call (${CALL_SECTIONS.join(', ')})`,
      problems,
    ) as CallSection[] | undefined,
  };
  if (filters.from && filters.to && filters.from >= filters.to) problems.push({ field: 'to', message: 'to must be after from' });
  return filters;
}

export function readQuery(params: URLSearchParams, problems: FieldProblem[]) {
  const q = params.get('q');
  if (q === null) {
    problems.push({ field: 'q', message: 'Give what to search for as q' });
    return undefined;
  }
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) {
    problems.push({ field: 'q', message: parsed.problem });
    return undefined;
  }
  const nearSides = parsed.groups.flat().flatMap((term) => (term.kind === 'near' ? term.sides : []));
  return { q, ...parsed, nearSides };
}

/** What a parsed query asks to find and to mark: its words, its phrases, what it leaves out. */
function searchTerms(query: NonNullable<ReturnType<typeof readQuery>>) {
  const terms = query.groups.flat();
  const positive = terms.filter((term) => !term.exclude);
  // A NEAR is marked like a phrase: where its sides stand together, not each word wherever it is.
  const phrases = positive.filter((term) => term.kind !== 'word');
  return {
    q: query.q,
    tsquery: query.tsquery,
    words: query.words,
    phrases,
    onlyPhrases: phrases.length === positive.length,
    excluded: terms.filter((term) => term.exclude),
    nearSides: query.nearSides,
  };
}

export function searchKey(q: string, filters: SearchFilters, sort: SearchSort, allTotals = false): string {
  return createHash('sha256')
    .update(JSON.stringify(allTotals ? [q, filters, sort, 'all'] : [q, filters, sort]))
    .digest('base64url')
    .slice(0, 10);
}

export function encodeCursor(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ o: offset, k: key })).toString('base64url');
}

function decodeCursor(raw: string | null, key: string, problems: FieldProblem[]): number {
  if (raw === null || raw === '') return 0;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown; k?: unknown };
    if (typeof value.o === 'number' && Number.isInteger(value.o) && value.o >= 0 && value.o <= MAX_OFFSET && value.k === key) return value.o;
    if (value.k !== key) {
      problems.push({ field: 'cursor', message: 'cursor belongs to another search: start again without it' });
      return 0;
    }
  } catch {
    // reported below
  }
  problems.push({ field: 'cursor', message: 'cursor is not one this server gave: pass nextCursor back as it came' });
  return 0;
}

function readSort(params: URLSearchParams, problems: FieldProblem[]): SearchSort {
  const sortRaw = params.get('sort') ?? 'relevance';
  if (sortRaw !== 'relevance' && sortRaw !== 'date') problems.push({ field: 'sort', message: 'sort must be relevance or date' });
  return sortRaw === 'date' ? 'date' : 'relevance';
}

export function readSearchRequest(params: URLSearchParams): SearchRequest | FieldProblem[] {
  const problems: FieldProblem[] = [];
  unknown(params, SEARCH_PARAMS, problems);
  const query = readQuery(params, problems);
  const filters = readFilters(params, problems);
  const sort = readSort(params, problems);
  const limit = whole('limit', params.get('limit'), 20, 1, 50, problems);
  const hitsPerCall = whole('hits', params.get('hits'), 3, 1, 50, problems);
  const totals = params.get('totals');
  if (totals !== null && totals !== 'all') problems.push({ field: 'totals', message: 'totals must be all, or left out' });
  // A cursor of one reading is refused by the other: they rank different calls.
  const key = searchKey(query?.q ?? '', filters, sort, totals === 'all');
  const offset = decodeCursor(params.get('cursor'), key, problems);
  if (problems.length > 0 || !query) return problems;
  return {
    ...searchTerms(query),
    filters,
    sort,
    offset,
    limit,
    hitsPerCall,
    allTotals: totals === 'all',
    key,
  };
}

export interface ExportRequest extends Omit<SearchRequest, 'offset' | 'limit' | 'hitsPerCall' | 'key' | 'allTotals'> {
  format: SearchExportFormat;
}

/**
 * GET /api/search/export: the search's own parameters (q, the filters, sort; no paging, the file
 * holds every call up to its cap) and format, csv or md.
 */
export function readExportRequest(params: URLSearchParams): ExportRequest | FieldProblem[] {
  const problems: FieldProblem[] = [];
  unknown(params, EXPORT_PARAMS, problems);
  const query = readQuery(params, problems);
  const filters = readFilters(params, problems);
  const sort = readSort(params, problems);
  const format = params.get('format');
  if (!SEARCH_EXPORT_FORMATS.includes(format as SearchExportFormat))
    problems.push({ field: 'format', message: `format must be ${SEARCH_EXPORT_FORMATS.join(' or ')}` });
  if (problems.length > 0 || !query) return problems;
  return { ...searchTerms(query), filters, sort, format: format as SearchExportFormat };
}

export function readSummaryRequest(
  params: URLSearchParams,
): { q: string; tsquery: string; nearSides: PlainTerm[]; filters: SearchFilters; top: number } | FieldProblem[] {
  const problems: FieldProblem[] = [];
  unknown(params, SUMMARY_PARAMS, problems);
  const query = readQuery(params, problems);
  const filters = readFilters(params, problems);
  const top = whole('top', params.get('top'), 10, 1, 50, problems);
  if (problems.length > 0 || !query) return problems;
  return { q: query.q, tsquery: query.tsquery, nearSides: query.nearSides, filters, top };
}

export const TERMS_PARAMS = new Set(['companyId', 'eventTypes', 'until', 'calls', 'terms']);
export const MAX_HISTORY_TERMS = 50;
export const MAX_TERM_CHARS = 60;
export const MAX_HISTORY_CALLS = 20;
export const DEFAULT_HISTORY_CALLS = 8;

export interface TermsRequest extends TermHistoryQuery {
  /** The terms as sent (trimmed, each once), in the order sent, with the search each is counted by. */
  terms: { term: string; tsquery: string }[];
}

/**
 * GET /api/search/terms: how many of a company's last calls said each term. `until` is inclusive: a
 * bare date takes in that whole day (UTC), a time everything up to it, as the app's "to" dates do
 * (src/lib/filters/dates.ts). Each term is counted by the search src/lib/transcript-search/query.ts parseTerm
 * makes of it (its words as one exact phrase).
 */
export function readTermsRequest(params: URLSearchParams): TermsRequest | FieldProblem[] {
  const problems: FieldProblem[] = [];
  unknown(params, TERMS_PARAMS, problems);
  const companyRaw = params.get('companyId');
  let companyId = 0;
  if (companyRaw === null || companyRaw === '') problems.push({ field: 'companyId', message: 'Give the company as companyId' });
  else if (!/^[1-9]\d{0,15}$/.test(companyRaw) || !Number.isSafeInteger(Number(companyRaw)))
    problems.push({ field: 'companyId', message: `companyId must be a company id (a whole number from 1); "${companyRaw.slice(0, 40)}" is not one` });
  else companyId = Number(companyRaw);
  const eventTypeIds = ids('eventTypes', params.get('eventTypes'), problems, 500, { max: INT4_MAX, what: `whole numbers from 1 to ${INT4_MAX}` });
  const untilRaw = params.get('until');
  const until = time('until', untilRaw, false, problems) === undefined ? undefined : dateToApi(readDate(untilRaw)!, 'to');
  const calls = whole('calls', params.get('calls'), DEFAULT_HISTORY_CALLS, 1, MAX_HISTORY_CALLS, problems);
  const terms = readTerms(params.get('terms'), problems);
  if (problems.length > 0) return problems;
  return { companyId, eventTypeIds, until, calls, terms };
}

function readTerms(raw: string | null, problems: FieldProblem[]): TermsRequest['terms'] {
  if (raw === null || raw.trim() === '') {
    problems.push({ field: 'terms', message: 'Give the terms to count as terms: words or phrases separated by commas' });
    return [];
  }
  const items = raw.split(',');
  if (items.length > MAX_HISTORY_TERMS) {
    problems.push({ field: 'terms', message: `terms takes at most ${MAX_HISTORY_TERMS} terms; ${items.length} were given` });
    return [];
  }
  const out = new Map<string, string>();
  for (const [index, item] of items.entries()) {
    const term = item.trim();
    if (term.length < 1 || term.length > MAX_TERM_CHARS) {
      const which = term.length < 1 ? `term ${index + 1} is empty` : `“${term.slice(0, 40)}…” has ${term.length}`;
      problems.push({ field: 'terms', message: `terms must each be 1 to ${MAX_TERM_CHARS} characters; ${which}` });
      return [];
    }
    const parsed = parseTerm(term);
    if (!parsed.ok) {
      problems.push({ field: 'terms', message: parsed.problem });
      return [];
    }
    out.set(term, parsed.tsquery);
  }
  return [...out].map(([term, tsquery]) => ({ term, tsquery }));
}

import { defaultStringifySearch } from '@tanstack/react-router';
import type { SearchParams, SpeakerSide } from '../../api/search.ts';
import { readFiscalQuarter } from '../fiscal-quarters.ts';
import { CALL_SECTIONS, SPEAKER_ROLES, type CallSection, type SpeakerRole } from '../transcript/roles.ts';

/**
 * The address of a transcript search, `/search?q=…&companyIds=…`, built the way the router writes a
 * link's search: lists comma-joined (`countries=US,GB`), a lone whole number as a number
 * (`companyIds=12`), text the router would read as JSON kept as text (`q=%22123%22` for "123"), the
 * order only when it is not the default (`sort=date`) and the watchlist filter as `watchlist=1`. So a
 * saved search, the palette and the company and recording pages all link to what the search page
 * reads.
 */

/** A search as its address says it: the API's parameters and "only the watchlist's companies". */
export interface SearchAddress extends SearchParams {
  watchlist?: boolean;
}

export const SEARCH_PATH = '/search';

const SPEAKER_SIDES: readonly SpeakerSide[] = ['executive', 'analyst', 'operator', 'unknown'];

/** The address's keys in the order they are written (q first, so a link reads well). */
const LIST_KEYS = [
  'companyIds',
  'countries',
  'exchanges',
  'typeIds',
  'eventIds',
  'fiscalYears',
  'fiscalPeriods',
  'speakers',
  'roles',
  'sections',
  'quarters',
] as const;

function listValue(items: readonly (string | number)[] | undefined): string | number | undefined {
  if (!items || items.length === 0) return undefined;
  const text = items.map(String).join(',');
  // A lone whole number is written as a number, as the filter pages write one (no quotes around it).
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : text;
}

/** The search object of the address (what `<Link to="/search" search={…}>` would be given). */
export function searchAddressObject(params: SearchAddress): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const q = params.q.trim();
  if (q) out.q = q;
  for (const key of LIST_KEYS) {
    const value = listValue(params[key]);
    if (value !== undefined) out[key] = value;
  }
  if (params.from) out.from = params.from;
  if (params.to) out.to = params.to;
  if (params.sort === 'date') out.sort = 'date';
  if (params.watchlist) out.watchlist = 1;
  return out;
}

/** `/search?q=tariffs&companyIds=12`: the path and query of a search, for a link or navigate({ href }). */
export function searchHref(params: SearchAddress): string {
  return `${SEARCH_PATH}${defaultStringifySearch(searchAddressObject(params))}`;
}

function ids(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = value.filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item) && item > 0);
  return out.length ? [...new Set(out)].slice(0, 500) : undefined;
}

function texts(value: unknown, pattern: RegExp, normalise: (text: string) => string = (text) => text): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = value.filter((item): item is string => typeof item === 'string' && pattern.test(item)).map(normalise);
  return out.length ? [...new Set(out)].slice(0, 200) : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A search read back from storage (or any JSON), keeping only well-formed fields; null without a
 * query. Lists are arrays here (`companyIds: [12, 40]`), as `SearchParams` holds them.
 */
export function readSearchAddress(value: unknown): SearchAddress | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.q !== 'string' || !raw.q.trim()) return null;
  const out: SearchAddress = { q: raw.q.trim().slice(0, 500) };
  const companyIds = ids(raw.companyIds);
  if (companyIds) out.companyIds = companyIds;
  const countries = texts(raw.countries, /^[a-z]{2}$/i, (code) => code.toUpperCase());
  if (countries) out.countries = countries;
  const exchanges = texts(raw.exchanges, /^[\w.-]{1,20}$/);
  if (exchanges) out.exchanges = exchanges;
  const typeIds = ids(raw.typeIds);
  if (typeIds) out.typeIds = typeIds;
  const eventIds = ids(raw.eventIds);
  if (eventIds) out.eventIds = eventIds;
  const fiscalYears = ids(raw.fiscalYears);
  if (fiscalYears) out.fiscalYears = fiscalYears;
  const fiscalPeriods = texts(raw.fiscalPeriods, /^[\w]{1,8}$/);
  if (fiscalPeriods) out.fiscalPeriods = fiscalPeriods;
  const speakers = texts(raw.speakers, /^[a-z]+$/)?.filter((side): side is SpeakerSide => (SPEAKER_SIDES as readonly string[]).includes(side));
  if (speakers?.length) out.speakers = speakers;
  const roles = texts(raw.roles, /^[a-z]+$/)?.filter((role): role is SpeakerRole => (SPEAKER_ROLES as readonly string[]).includes(role));
  if (roles?.length) out.roles = roles;
  const sections = texts(raw.sections, /^[a-z]+$/)?.filter((section): section is CallSection => (CALL_SECTIONS as readonly string[]).includes(section));
  if (sections?.length) out.sections = sections;
  const quarters = texts(raw.quarters, /^\d{4}-Q[1-4]$/i, (key) => readFiscalQuarter(key)!);
  if (quarters) out.quarters = quarters;
  if (typeof raw.from === 'string' && DAY.test(raw.from)) out.from = raw.from;
  if (typeof raw.to === 'string' && DAY.test(raw.to)) out.to = raw.to;
  if (raw.sort === 'date') out.sort = 'date';
  if (raw.watchlist === true) out.watchlist = true;
  return out;
}

/**
 * The parameters to ask the server with: "only the watchlist" becomes its companies (those of the
 * search's own companies that are on it, when it names some too). Undefined when the watchlist
 * filter leaves no company to search.
 */
export function searchParamsFor(address: SearchAddress, watchlistIds: readonly number[]): SearchParams | undefined {
  const { watchlist, ...params } = address;
  if (!watchlist) return params;
  const watched = new Set(watchlistIds);
  const companyIds = params.companyIds ? params.companyIds.filter((id) => watched.has(id)) : [...watched];
  if (companyIds.length === 0) return undefined;
  return { ...params, companyIds };
}

/** What identifies a search: its address with every list in order (`companyIds=2,1` is `1,2`). */
export function searchKey(address: SearchAddress): string {
  const sorted: SearchAddress = { ...address };
  for (const key of LIST_KEYS) {
    const list = address[key] as readonly (string | number)[] | undefined;
    if (list)
      (sorted as unknown as Record<string, unknown>)[key] = [...list].sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
      );
  }
  return searchHref(sorted);
}

/** Two searches ask the same thing. */
export function sameSearch(a: SearchAddress, b: SearchAddress): boolean {
  return searchKey(a) === searchKey(b);
}

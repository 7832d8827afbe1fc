import type { Company, EventRecord } from '../../api/schemas.ts';
import type { DroppedFilter } from '../../lib/filters/dropped.ts';
import type { Direction } from '../../lib/filters/define-filters.ts';
import { countryName } from '../../lib/filters/countries.ts';
import { companyLabel } from '../../lib/format.ts';

/**
 * The orders of /companies beyond the service's own (`direction`, by id: the order companies were
 * listed in). The address says `sort=name|country|next-call` beside `direction` (`asc` A–Z and
 * soonest first, `desc` the reverse), so a sorted list is a link. The service sorts by id only, so
 * these sort in the browser, over every matching company (the page reads them all first).
 *
 * `sort` is read here, by the page, not by the route's validator: the router keeps address keys a
 * validator leaves out, and this keeps the orders (and their words) out of every page's first download.
 */

export const COMPANY_SORTS = ['name', 'country', 'next-call'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

/** The address's `sort`: one of the orders, or none (the listed order); anything else is named as dropped. */
export function readCompanySort(raw: unknown): { sort: CompanySort | undefined; dropped: DroppedFilter[] } {
  if (raw === undefined || raw === null) return { sort: undefined, dropped: [] };
  const text = (typeof raw === 'string' ? raw : JSON.stringify(raw)).trim();
  if (text === '') return { sort: undefined, dropped: [] };
  const sort = COMPANY_SORTS.find((s) => s === text.toLowerCase());
  return sort ? { sort, dropped: [] } : { sort: undefined, dropped: [{ field: 'sort', label: 'Sort', value: text.slice(0, 200) }] };
}

/** The orders offered, as the "Order" control names them. */
export const ORDER_CHOICES: readonly { value: string; label: string; sort?: CompanySort; direction: Direction }[] = [
  { value: 'listed:asc', label: 'Oldest listed first', direction: 'asc' },
  { value: 'listed:desc', label: 'Newest listed first', direction: 'desc' },
  { value: 'name:asc', label: 'Name, A to Z', sort: 'name', direction: 'asc' },
  { value: 'name:desc', label: 'Name, Z to A', sort: 'name', direction: 'desc' },
  { value: 'country:asc', label: 'Country, A to Z', sort: 'country', direction: 'asc' },
  { value: 'country:desc', label: 'Country, Z to A', sort: 'country', direction: 'desc' },
  { value: 'next-call:asc', label: 'Next earnings call, soonest first', sort: 'next-call', direction: 'asc' },
  { value: 'next-call:desc', label: 'Next earnings call, latest first', sort: 'next-call', direction: 'desc' },
];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: Company, b: Company) => collator.compare(companyLabel(a), companyLabel(b)) || a.id - b.id;
const callTime = (event: EventRecord | undefined) => (event?.date ? Date.parse(event.date) : NaN);

/**
 * Companies in the chosen order. Names compare as a reader expects (case and accents aside, "3M"
 * before "10x"); countries by the name shown; a company without a country, or without an
 * announced call, comes last either way; ties go by name, A to Z.
 */
export function sortCompanies(companies: readonly Company[], sort: CompanySort, direction: Direction, nextCalls: ReadonlyMap<number, EventRecord>): Company[] {
  const sign = direction === 'desc' ? -1 : 1;
  const compare = (a: Company, b: Company): number => {
    if (sort === 'name') return sign * byName(a, b);
    if (sort === 'country') {
      const ca = a.country?.trim() ? countryName(a.country) : undefined;
      const cb = b.country?.trim() ? countryName(b.country) : undefined;
      if (ca === undefined || cb === undefined) return ca === cb ? byName(a, b) : ca === undefined ? 1 : -1;
      return sign * collator.compare(ca, cb) || byName(a, b);
    }
    const ta = callTime(nextCalls.get(a.id));
    const tb = callTime(nextCalls.get(b.id));
    if (Number.isNaN(ta) || Number.isNaN(tb)) return Number.isNaN(ta) === Number.isNaN(tb) ? byName(a, b) : Number.isNaN(ta) ? 1 : -1;
    return sign * (ta - tb) || byName(a, b);
  };
  return [...companies].sort(compare);
}

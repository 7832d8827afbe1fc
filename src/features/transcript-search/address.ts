import { COMPANY_CODE_FIELDS, OWNER_ID_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch, type FilterAddress } from '../../lib/filters/define-filters.ts';

/**
 * The transcript search's address, so a search is a link: `q` (what to find), `sort=date`, the
 * watchlist only (`watchlist=1`), and the list filters: companies, one call (`eventIds`, from
 * "Search this call"), countries, exchanges, event types (by family, `types=earnings-call`, or by id,
 * `typeIds=26,27`), the event's date range (`from`, `to`: days, both included) and who speaks
 * (`speakers=executive` or `analyst`), the speaker's role (`roles=cfo,analyst`), the part of the call
 * (`sections=qna`) and the fiscal quarter (`quarters=2026-Q3,2026-Q2`). A bad value falls back and is named.
 */
export const searchFilters = defineFilters({
  fields: {
    companyIds: OWNER_ID_FIELDS.companyIds,
    eventIds: { kind: 'eventIds', label: 'Calls' },
    countries: COMPANY_CODE_FIELDS.countries,
    exchanges: COMPANY_CODE_FIELDS.exchanges,
    types: { kind: 'eventFamilies', label: 'Event types' },
    // Event types by id: what a saved search or a link from elsewhere may name.
    typeIds: { kind: 'eventTypeIds', label: 'Event types' },
    from: { kind: 'date', bound: 'from', label: 'Event date from' },
    to: { kind: 'date', bound: 'to', label: 'Event date to' },
    speakers: { kind: 'speakerSides', label: 'Who speaks' },
    // Aiming within a call: who speaks by role, the part of the call, the fiscal quarter.
    roles: { kind: 'speakerRoles', label: 'Role' },
    sections: { kind: 'callSections', label: 'Section' },
    quarters: { kind: 'fiscalQuarters', label: 'Quarter' },
  },
  direction: { default: 'desc' },
});

export type SearchFilterSearch = CleanSearch<typeof searchFilters.spec>;
export type SearchAddress = FilterAddress<typeof searchFilters.spec> & { q?: string; sort?: 'date'; watchlist?: 1 };

export function validateSearchAddress(raw: Record<string, unknown>): SearchAddress {
  const address: SearchAddress = searchFilters.validateSearch(raw);
  // Whatever the link wrote is searched as its text: the router reads `q=[1]` as a list, and keeps
  // it in the address unless this returns a q of its own.
  const written = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q) : raw.q != null ? JSON.stringify(raw.q) : undefined;
  const q = written?.slice(0, 2_000);
  if (q && q.trim()) address.q = q;
  if (raw.sort === 'date') address.sort = 'date';
  if (raw.watchlist === 1 || raw.watchlist === '1' || raw.watchlist === true || raw.watchlist === 'true') address.watchlist = 1;
  return address;
}

import type { SearchParams, SpeakerSide } from '../../api/search.ts';
import type { CallSection, SpeakerRole } from '../../lib/transcript/roles.ts';
import { searchParamsFor, type SearchAddress as Search } from '../../lib/transcript-search/address.ts';
import { searchFilters, type SearchAddress } from './address.ts';

// Apart from address.ts, which the route table loads with the app's frame to validate addresses:
// what the page makes of an address loads with the page.

/**
 * The search the address describes, as saved searches and links hold it (lib/transcript-search/address.ts):
 * event types resolved to ids (by family and by id), the watchlist as a flag.
 */
export function toSearch(address: SearchAddress, byFamily?: readonly number[]): Search {
  const { filters } = searchFilters.parse(address);
  return {
    q: address.q?.trim() ?? '',
    companyIds: filters.companyIds?.map(Number),
    eventIds: filters.eventIds?.map(Number),
    countries: filters.countries,
    exchanges: filters.exchanges,
    typeIds: mergeTypes(byFamily, filters.typeIds?.map(Number)),
    from: filters.from,
    to: filters.to,
    speakers: filters.speakers as SpeakerSide[] | undefined,
    roles: filters.roles as SpeakerRole[] | undefined,
    sections: filters.sections as CallSection[] | undefined,
    quarters: filters.quarters,
    sort: address.sort === 'date' ? 'date' : 'relevance',
    ...(address.watchlist === 1 ? { watchlist: true } : {}),
  };
}

/** What to ask the server; undefined when "watchlist only" leaves no company to search. */
export function toSearchParams(
  address: SearchAddress,
  options: { typeIds?: readonly number[]; watchlistIds?: readonly number[] } = {},
): SearchParams | undefined {
  return searchParamsFor(toSearch(address, options.typeIds), options.watchlistIds ?? []);
}

/** Types by family and by id together: a type must be in both when both are given. */
function mergeTypes(byFamily: readonly number[] | undefined, byId: readonly number[] | undefined): number[] | undefined {
  if (!byFamily) return byId ? [...byId] : undefined;
  if (!byId) return [...byFamily];
  const both = byFamily.filter((id) => byId.includes(id));
  return both.length > 0 ? both : [0];
}

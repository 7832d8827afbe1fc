import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';
import { documentFilters } from './document-list-filters.ts';

/**
 * The page's filters of /documents: the route's and the kind of document (reports, releases,
 * slides, transcripts), which `/documents` cannot take as such: the page sends the catalog's types
 * of those kinds, or matches the rows itself where the data source does not list its types. The
 * field lives here, not in the route's filters, so neither it nor its words join every page's first
 * download; the router keeps the address key all the same.
 */
export const documentPageFilters = defineFilters({
  fields: { ...documentFilters.spec.fields, kinds: { kind: 'documentKinds', label: 'Kinds' } },
  direction: documentFilters.spec.direction,
});

export type DocumentPageSearch = CleanSearch<typeof documentPageFilters.spec>;

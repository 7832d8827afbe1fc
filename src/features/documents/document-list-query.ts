import type { QueryClient } from '@tanstack/react-query';
import { documentTypeQueries } from '../../api/document-types.ts';
import { documentQueries } from '../../api/documents.ts';
import type { DocumentType } from '../../api/schemas.ts';
import { documentKind } from '../../lib/document-kinds.ts';
import { documentFilters, type DocumentSearch } from './document-list-filters.ts';
import type { DocumentPageSearch } from './document-list-page-filters.ts';

/** `/documents` with the event embedded, 50 a page (the route's loader, the page and the server's preload hint share it). */
export const documentListQuery = (search: DocumentSearch, typeIds?: readonly number[]) =>
  documentQueries.infinite({ ...documentFilters.toApi(search), ...(typeIds ? { typeIds } : {}), limit: 50, expand: ['event'] });

/**
 * The catalog's types of the chosen kinds, sent as `typeIds` (`[0]`, matching nothing, when no
 * type is of them); undefined without kinds or without the catalog (then the page matches rows itself).
 */
export function kindTypeIds(kinds: readonly string[] | undefined, catalog: readonly DocumentType[] | undefined): number[] | undefined {
  if (!kinds || !catalog) return undefined;
  const ids = catalog.filter((type) => kinds.includes(documentKind(type) ?? '')).map((type) => type.id);
  return ids.length > 0 ? ids : [0];
}

/** The page's filters without the kinds: what `/documents` takes as it is. */
export function routeSearch(search: DocumentPageSearch): DocumentSearch {
  const { kinds: _kinds, ...filters } = search.filters;
  return { filters, direction: search.direction };
}

/** The route loader's first page: the same request the page makes, once the catalog names the kinds' types. */
export async function prefetchDocumentList(queryClient: QueryClient, search: DocumentPageSearch): Promise<void> {
  const kinds = search.filters.kinds;
  let typeIds: number[] | undefined;
  if (kinds) {
    const catalog = await queryClient.ensureQueryData(documentTypeQueries.list()).catch(() => undefined);
    if (!catalog) return;
    typeIds = kindTypeIds(kinds, catalog.available ? catalog.value.items : undefined);
  }
  await queryClient.prefetchInfiniteQuery(documentListQuery(routeSearch(search), typeIds));
}

import { DOCUMENT_TYPES, TRANSCRIPT_TYPE_IDS } from './data/catalog.ts';
import { COMPANY_FILTERS, DATES, eventDates, hasDateWindow, list, matchesRelated, PAGE, relatedFilters, UPDATED, type RelatedFilters } from './listing.ts';
import { concatSources, EMPTY_SOURCE, paginate, sortedIdsSource, type PositionSource } from './paginate.ts';
import type { QueryReader } from './query.ts';
import * as out from './serialize.ts';
import type { Context } from './serialize.ts';
import { ALL_SCHEDULED_DOCUMENTS, scheduledDocumentTypeId } from './store.ts';

/**
 * The document lists: `/documents/transcripts` (contract endpoint 11) and `/documents` (every
 * document; an extension endpoint). Both walk the static table, then the documents of the
 * scheduled calls (release, raw and edited transcript per slot) as they are published.
 */

export const DOCUMENT_LIST_PARAMETERS = [
  ...PAGE,
  ...COMPANY_FILTERS,
  'companyIds',
  'eventIds',
  ...DATES,
  ...UPDATED,
  'expand',
  'typeIds',
  'documentGroupIds',
] as const;

const groupOf = new Map(DOCUMENT_TYPES.map((t) => [t.id, t.documentGroupId]));

interface DocumentFilters extends RelatedFilters {
  typeIds?: Set<number>;
  groupIds?: Set<number>;
}

export function documentList(query: QueryReader, ctx: Context, scope: 'all' | 'transcripts') {
  const page = query.page();
  const filters: DocumentFilters = { ...relatedFilters(query, ctx), typeIds: query.integerList('typeIds'), groupIds: query.integerList('documentGroupIds') };
  const expand = query.expandEvent();
  // Asking /documents for transcript types only is a walk over the transcripts.
  const transcriptsOnly = scope === 'transcripts' || (filters.typeIds !== undefined && [...filters.typeIds].every((id) => TRANSCRIPT_TYPE_IDS.has(id)));
  const typeAllowed = (typeId: number) =>
    (!transcriptsOnly || TRANSCRIPT_TYPE_IDS.has(typeId)) &&
    (!filters.typeIds || filters.typeIds.has(typeId)) &&
    (!filters.groupIds || filters.groupIds.has(groupOf.get(typeId) ?? -1));
  const source = concatSources(staticSource(ctx, filters, transcriptsOnly), scheduledSource(ctx, filters, typeAllowed));
  const { documents } = ctx.store.dataset;
  const dateOf = eventDates(ctx);
  const result = paginate(page, source, (id) => {
    if (id <= documents.count) {
      const row = id - 1;
      return (
        matchesRelated(filters, documents.companyId[row]!, documents.eventId[row]!, documents.updatedAt[row]!, dateOf) && typeAllowed(documents.typeId[row]!)
      );
    }
    const d = ctx.store.document(id, ctx.now);
    return d !== undefined && matchesRelated(filters, d.company.id, d.eventId, d.updatedAt, dateOf) && typeAllowed(d.typeId);
  });
  return list(result, (id) => out.document(ctx.store.document(id, ctx.now)!, ctx, expand));
}

/** Static documents to walk: those of the events in the date window, or the transcripts, or all; whichever is fewest. */
function staticSource(ctx: Context, filters: RelatedFilters, transcriptsOnly: boolean): PositionSource {
  const { transcriptIds } = ctx.store.dataset;
  const inWindow = hasDateWindow(filters) ? ctx.store.dates.documentsBetween(filters.startDate, filters.endDate) : undefined;
  if (transcriptsOnly && (!inWindow || inWindow.length > transcriptIds.length)) return sortedIdsSource(transcriptIds);
  return ctx.store.staticDocuments(inWindow);
}

/** Scheduled documents to walk: the kinds the type filters allow, of the slots in the date window. */
function scheduledSource(ctx: Context, filters: RelatedFilters, typeAllowed: (typeId: number) => boolean): PositionSource {
  const kinds = ALL_SCHEDULED_DOCUMENTS.filter((j) => {
    const typeId = scheduledDocumentTypeId(j);
    return typeId === undefined || typeAllowed(typeId);
  });
  if (kinds.length === 0) return EMPTY_SOURCE;
  return ctx.store.scheduledDocuments(ctx.now, kinds, ctx.store.schedule.slotsBetween(filters.startDate, filters.endDate));
}

import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventQueries } from '../../api/events.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { useExtensionMissing } from '../../api/extensions.ts';
import type { EventRecord } from '../../api/schemas.ts';
import { useNow, useServerClockKnown } from '../../components/use-now.ts';
import { eventFamilies, typeIdsOf } from '../../lib/event-families.ts';

/** Companies asked for in one `/events` read: a page of the companies list is one request. */
export const NEXT_CALL_BATCH = 200;
/** The window's start moves in steps of ten minutes, so the answers are cached between visits. */
const STEP = 10 * 60_000;

export interface NextCalls {
  /**
   * True where the data source lists events and event types; false where it does not (the column
   * is left out); undefined until that is known.
   */
  available: boolean | undefined;
  /** Each company's next earnings call (those with none announced are absent). */
  byCompany: ReadonlyMap<number, EventRecord>;
  /** True until every batch has answered (or failed). */
  pending: boolean;
}

const time = (event: EventRecord) => Date.parse(event.date ?? '') || Infinity;

/**
 * The next upcoming earnings call of each company, from `/events` (an extension of the contract)
 * with `companyIds` in batches of NEXT_CALL_BATCH, the earnings-call types of the catalog
 * (`/event-types`) and `startDate` now: a few requests for a list, never one per row. Batches follow
 * the order `companyIds` is given in (the list's own order), so a page that loads adds one request.
 * A data source without either list (404 or 403, remembered for the session) gives `available: false`.
 */
export function useNextEarningsCalls(companyIds: readonly number[]): NextCalls {
  const eventsMissing = useExtensionMissing('events');
  const typeList = useQuery({ ...eventTypeQueries.list(), enabled: !eventsMissing });
  const clockKnown = useServerClockKnown();
  const now = useNow(60_000);
  const from = new Date(Math.floor(now / STEP) * STEP).toISOString();
  const families = typeList.data?.available ? eventFamilies(typeList.data.value.items) : undefined;
  const typeIds = families ? typeIdsOf(families, ['earnings-call']) : undefined;
  const batches: number[][] = [];
  for (let i = 0; i < companyIds.length; i += NEXT_CALL_BATCH) batches.push(companyIds.slice(i, i + NEXT_CALL_BATCH));
  const ready = !eventsMissing && clockKnown && typeIds !== undefined && typeIds.length > 0;
  const results = useQueries({
    queries: batches.map((ids) => ({ ...eventQueries.between({ companyIds: ids, typeIds, startDate: from }), enabled: ready })),
  });

  const typesMissing = typeList.data?.available === false || (typeIds !== undefined && typeIds.length === 0);
  const unavailable = eventsMissing || typesMissing || results.some((r) => r.data?.available === false);
  // One map per set of answers, so a list sorted by it is sorted again only when an answer changes.
  const answers = results.map((r) => r.data);
  const answered = answers.map((data, i) => (data ? results[i]!.dataUpdatedAt : 0)).join();
  const byCompany = useMemo(() => {
    const map = new Map<number, EventRecord>();
    for (const data of answers) {
      if (!data?.available) continue;
      for (const event of data.value.items) {
        const held = map.get(event.companyId);
        if (!held || time(event) < time(held) || (time(event) === time(held) && event.id < held.id)) map.set(event.companyId, event);
      }
    }
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answered` names the answers
  }, [answered]);
  return {
    available: unavailable ? false : ready && results.every((r) => r.data !== undefined) ? true : undefined,
    byCompany,
    pending: !unavailable && (!ready || results.some((r) => r.data === undefined && !r.isError)),
  };
}

import { useTermHistory } from '../../api/search.ts';
import type { TermHistory } from '../../lib/compare/model.ts';

/** What the comparison asks of the company's past calls: how many of them said each term. */
export interface TermHistoryRequest {
  companyId: number;
  /** The kind of call compared (its family's type ids), so earnings calls count earnings calls. */
  eventTypeIds: readonly number[];
  /** The current call's date: calls on or before it count. */
  until: string | undefined;
  terms: readonly string[];
}

/**
 * "Said in X of the last N calls" for the comparison's terms, from the transcript search's term
 * history (`useTermHistory` in src/api/search.ts, `GET /api/search/terms`). While the index is not
 * ready (or search is off) the history is undefined and the terms are ranked on the pair alone.
 */
export function useCompareTermHistory(request: TermHistoryRequest | undefined): TermHistory | undefined {
  return useTermHistory({
    companyId: request?.companyId,
    eventTypeIds: request?.eventTypeIds,
    until: request?.until,
    terms: request?.terms ?? [],
  });
}

import type { CompareSide, Comparison, TermHistory } from '../../lib/compare/model.ts';

/** What the page sends the comparison worker, and what it answers (structured-cloned: Maps and shared speakers survive). */
export interface CompareRequest {
  id: number;
  current: CompareSide;
  previous: CompareSide;
  history?: TermHistory;
}

export type CompareResponse = { id: number; ok: true; comparison: Comparison } | { id: number; ok: false; message: string };

/**
 * Documents filed by the period they report on, as the company page and the event page list them:
 * a quarter's under "Q3 2026", an annual report under "FY 2025".
 */
import type { DocumentRecord, DocumentType } from '../api/schemas.ts';
import { isAnnualDocumentType } from '../lib/document-kinds.ts';
import { fiscalLabel } from '../lib/names.ts';

/** A period's heading above its documents. */
export const periodHeadingClass =
  'wrap-anywhere border-b border-slate-100 bg-slate-50 px-4 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-400';

/** Periods shown before "Show all". */
const FIRST_PERIODS = 3;

export interface PeriodGroup {
  label: string;
  latest: number;
  /** The fiscal year an annual group covers ("FY 2025"); undefined for a quarter's. */
  annualYear?: number;
  documents: DocumentRecord[];
}

/**
 * The period a document reports on: an annual document (annual report, 10-K, 20-F…) the fiscal
 * year it covers ("FY 2025", whichever event it came with: usually the fourth quarter's call); any
 * other its event's fiscal period ("Q3 2026"); undefined when its event names none.
 */
export function documentPeriod(doc: DocumentRecord, type: DocumentType | undefined): { label: string; annualYear?: number } | undefined {
  const year = doc.event?.fiscalYear;
  if (typeof year === 'number' && isAnnualDocumentType(type)) return { label: `FY ${year}`, annualYear: year };
  const label = fiscalLabel(doc.event);
  if (!label) return undefined;
  return /^FY \d+$/.test(label) ? { label, annualYear: year ?? undefined } : { label };
}

/** Where a document is filed: under its period, or "Other" when its event names none. */
function filedUnder(doc: DocumentRecord, type: DocumentType | undefined): { label: string; annualYear?: number } {
  return documentPeriod(doc, type) ?? { label: 'Other' };
}

/** Documents by fiscal period of their event ("Q3 2026"), annual documents by fiscal year ("FY 2025"), newest period first, each newest published first. */
export function groupByPeriod(documents: readonly DocumentRecord[], types: ReadonlyMap<number, DocumentType> = new Map()): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const doc of documents) {
    const { label, annualYear } = filedUnder(doc, types.get(doc.typeId));
    const when = Date.parse(doc.event?.date ?? doc.createdAt ?? '') || 0;
    const group = groups.get(label) ?? { label, latest: 0, annualYear, documents: [] };
    group.latest = Math.max(group.latest, when);
    group.documents.push(doc);
    groups.set(label, group);
  }
  const published = (doc: DocumentRecord) => Date.parse(doc.createdAt ?? '') || 0;
  return (
    [...groups.values()]
      // A year's annual documents ahead of its last quarter's, which came with the same call.
      .sort((a, b) =>
        a.label === 'Other' ? 1 : b.label === 'Other' ? -1 : b.latest - a.latest || Number(b.annualYear !== undefined) - Number(a.annualYear !== undefined),
      )
      .map((group) => ({ ...group, documents: [...group.documents].sort((a, b) => published(b) - published(a) || b.id - a.id) }))
  );
}

/** The groups shown before "Show all": the latest periods, and the latest fiscal year's annual documents wherever they fall. */
export function firstGroups(groups: readonly PeriodGroup[]): PeriodGroup[] {
  const years = groups.flatMap((group) => (group.annualYear === undefined ? [] : [group.annualYear]));
  const latestYear = years.length > 0 ? Math.max(...years) : undefined;
  return groups.filter((group, index) => index < FIRST_PERIODS || (latestYear !== undefined && group.annualYear === latestYear));
}

/**
 * What kind of document a type is, as an analyst sorts them (reports, releases, slides,
 * transcripts), and whether it covers a whole fiscal year. Read from the type record (endpoint 13
 * or the `/document-types` catalog): its name, category, form and document group. The service's
 * groups are coarse ("Earnings Release" holds the release, the slides and the transcripts), so the
 * name and category decide first and the group only where they say nothing.
 */

export interface KindedDocumentType {
  name?: string | null;
  category?: string | null;
  form?: string | null;
  documentGroupId?: number | null;
}

export type DocumentKind = 'reports' | 'releases' | 'slides' | 'transcripts';

/** The kinds in the order a filter offers them, with their names on screen. */
export const DOCUMENT_KINDS: readonly { kind: DocumentKind; label: string }[] = [
  { kind: 'reports', label: 'Reports' },
  { kind: 'releases', label: 'Releases' },
  { kind: 'slides', label: 'Slides' },
  { kind: 'transcripts', label: 'Transcripts' },
];

/** Forms of an annual filing: 10-K, 20-F, 40-F (and their amendments). */
const ANNUAL_FORM = /^(?:10-K|20-F|40-F)(?:\/A)?$/i;
/** Groups of the service: 1 Earnings Release, 2 Press Release, 3 Interim Report, 4 Annual Report, 5 Proxy Statement, 6 Registration Statement. */
const ANNUAL_GROUP = 4;
const REPORT_GROUPS: ReadonlySet<number> = new Set([3, 4, 5, 6]);
const RELEASE_GROUPS: ReadonlySet<number> = new Set([1, 2]);

/** Whether a document of this type covers its whole fiscal year: an annual report, a 10-K, 20-F or 40-F. */
export function isAnnualDocumentType(type: KindedDocumentType | undefined): boolean {
  if (!type) return false;
  return (
    type.documentGroupId === ANNUAL_GROUP ||
    ANNUAL_FORM.test(type.form?.trim() ?? '') ||
    /\bannual\b/i.test(type.name ?? '') ||
    /\bannual\b/i.test(type.category ?? '')
  );
}

/** The kind of a document type, or undefined when nothing about it says (shown under every kind only). */
export function documentKind(type: KindedDocumentType | undefined): DocumentKind | undefined {
  if (!type) return undefined;
  const words = `${type.name ?? ''} ${type.category ?? ''}`;
  if (/transcript/i.test(words)) return 'transcripts';
  if (/slide|presentation/i.test(words)) return 'slides';
  if (/release|results|news|announcement/i.test(words)) return 'releases';
  if (/report|filing|statement|proxy|prospectus|circular|notice/i.test(words) || isAnnualDocumentType(type)) return 'reports';
  const group = type.documentGroupId ?? undefined;
  if (group !== undefined && REPORT_GROUPS.has(group)) return 'reports';
  if (group !== undefined && RELEASE_GROUPS.has(group)) return 'releases';
  return undefined;
}

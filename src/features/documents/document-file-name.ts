import type { Company, DocumentRecord } from '../../api/schemas.ts';
import { readableFileName } from '../../lib/file-name.ts';
import { companyLabel } from '../../lib/format.ts';
import { fiscalLabel } from '../../lib/names.ts';

/**
 * The stem of a document's file name when it is saved: `Company - Q3 2026 - Type`, the same on the
 * document page and in a zip of many. What is not known falls back to words ("Unnamed company",
 * the event's date, "Document"), never to an id or an empty part; a zip makes repeated names unique.
 */
export function documentFileStem(
  doc: Pick<DocumentRecord, 'companyId' | 'eventId' | 'typeId' | 'event'>,
  company: Pick<Company, 'id' | 'displayName' | 'name'> | undefined,
  typeName: string | null | undefined,
): string {
  const period = fiscalLabel(doc.event) || doc.event?.date?.slice(0, 10) || 'Undated';
  return readableFileName([company ? companyLabel(company) : 'Unnamed company', period, typeName?.trim() || 'Document'], '');
}

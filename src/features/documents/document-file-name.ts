import type { Company, DocumentRecord } from '../../api/schemas.ts';
import { readableFileName } from '../../lib/file-name.ts';
import { companyLabel } from '../../lib/format.ts';

/**
 * The stem of a document's file name when it is saved: `Company - Q3 2026 - Type`, the same on the
 * document page and in a zip of many. What is not known yet falls back to ids ("Company 9",
 * "Event 70", "Type 15"), never to an empty part.
 */
export function documentFileStem(
  doc: Pick<DocumentRecord, 'companyId' | 'eventId' | 'typeId' | 'event'>,
  company: Pick<Company, 'id' | 'displayName' | 'name'> | undefined,
  typeName: string | null | undefined,
): string {
  const period = doc.event ? `${doc.event.fiscalPeriod?.trim() ?? ''} ${doc.event.fiscalYear ?? ''}`.trim() : '';
  return readableFileName([companyLabel(company ?? { id: doc.companyId }), period || `Event ${doc.eventId}`, typeName?.trim() || `Type ${doc.typeId}`], '');
}

import type { Company, DocumentRecord, DocumentType, EventType } from '../../api/schemas.ts';
import { companyLabel, formatDateTime } from '../../lib/format.ts';
import { documentTypeLabel, eventName } from '../../lib/names.ts';
import { documentFileStem } from './document-file-name.ts';
import type { ZipSource } from './zip-download.ts';

/**
 * A transcript as an entry of a zip: its file, a readable name (`Company - Q3 2026 - Transcript`)
 * and the heading of its text or Markdown export (the call, company, date and type). The
 * transcripts list and a company's "Download transcripts" build their entries here.
 */
export function transcriptZipSource(
  doc: DocumentRecord,
  company: Company | undefined,
  type: DocumentType | undefined,
  eventType: EventType | undefined,
): ZipSource {
  const typeName = type ? documentTypeLabel(type) : undefined;
  return {
    url: doc.fileUrl,
    stem: documentFileStem(doc, company, typeName),
    extension: 'json',
    modified: doc.updatedAt ?? undefined,
    heading: {
      title: eventName(doc.event, { type: eventType, company }),
      company: company ? companyLabel(company) : undefined,
      date: doc.event?.date ? formatDateTime(doc.event.date) : undefined,
      type: typeName,
    },
  };
}

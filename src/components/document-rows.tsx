import { Link } from '@tanstack/react-router';
import type { DocumentRecord, DocumentType } from '../api/schemas.ts';
import { formatDate, formatUtc } from '../lib/format.ts';
import { documentTypeLabel } from '../lib/names.ts';
import { isTranscriptType, oneTranscriptPerCall } from '../lib/transcript-records.ts';
import { TranscriptLink } from './transcript-link.tsx';
import { textLinkClass } from './ui/text-link.ts';

interface Row {
  doc: DocumentRecord;
  /** A call's other transcripts (the machine one beside the edited one), linked in its row. */
  others: DocumentRecord[];
}

/**
 * The rows of a list of documents: each document once, except a call's transcripts, which are one
 * row (the edited transcript, its other transcripts linked beside it), where the first of them was.
 */
export function documentRows(documents: readonly DocumentRecord[], types: Map<number, DocumentType>): Row[] {
  const transcripts = documents.filter((doc) => isTranscriptType(types.get(doc.typeId)));
  const calls = new Map(oneTranscriptPerCall(transcripts, (id) => types.get(id)?.name ?? undefined).map((call) => [call.transcript.eventId, call]));
  const rows: Row[] = [];
  for (const doc of documents) {
    if (!isTranscriptType(types.get(doc.typeId))) rows.push({ doc, others: [] });
    else {
      const call = calls.get(doc.eventId);
      if (!call) continue;
      calls.delete(doc.eventId);
      rows.push({ doc: call.transcript, others: call.others });
    }
  }
  return rows;
}

/**
 * Documents as a reader scans them: the type once with its form where it means something
 * ("Annual report (10-K)", "Earnings release (8-K)", "Slides"), and the day it was published. A
 * row opens the document in the app's viewer (a transcript in the transcript reader); a call's
 * transcripts are one row.
 */
export function DocumentRows({ documents, types, context }: { documents: readonly DocumentRecord[]; types: Map<number, DocumentType>; context?: string }) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {documentRows(documents, types).map(({ doc, others }) => {
        const type = types.get(doc.typeId);
        const label = documentTypeLabel(type);
        return (
          <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-4 py-2 text-sm">
            <span className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <Link
                to="/documents/$documentId"
                params={{ documentId: doc.id }}
                search={isTranscriptType(type) ? { kind: 'transcript' } : {}}
                className={textLinkClass({ className: 'min-w-0 wrap-anywhere' })}
                aria-label={context ? `${label}, ${context}` : undefined}
              >
                {label}
              </Link>
              {others.map((other) => {
                const otherLabel = documentTypeLabel(types.get(other.typeId));
                return (
                  <TranscriptLink
                    key={other.id}
                    id={other.id}
                    className={textLinkClass({ strong: false, className: 'text-xs' })}
                    label={context ? `${otherLabel}, ${context}` : undefined}
                  >
                    {otherLabel}
                  </TranscriptLink>
                );
              })}
            </span>
            <span className="tabular text-xs text-slate-600 dark:text-slate-400" title={doc.createdAt ? formatUtc(doc.createdAt) : undefined}>
              {doc.createdAt ? `Published ${formatDate(doc.createdAt)}` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

import { Link } from '@tanstack/react-router';
import type { DocumentRecord, DocumentType } from '../api/schemas.ts';
import { formatDate, formatUtc } from '../lib/format.ts';
import { documentTypeLabel } from '../lib/names.ts';
import { isTranscriptType } from '../lib/transcript-records.ts';
import { textLinkClass } from './ui/text-link.ts';

/**
 * Documents as a reader scans them: the type once with its form where it means something
 * ("Annual report (10-K)", "Earnings release (8-K)", "Slides"), and the day it was published. A
 * row opens the document in the app's viewer (a transcript in the transcript reader).
 */
export function DocumentRows({ documents, types, context }: { documents: readonly DocumentRecord[]; types: Map<number, DocumentType>; context?: string }) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {documents.map((doc) => {
        const type = types.get(doc.typeId);
        const label = documentTypeLabel(type);
        return (
          <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-4 py-2 text-sm">
            <Link
              to="/documents/$documentId"
              params={{ documentId: doc.id }}
              search={isTranscriptType(type) ? { kind: 'transcript' } : {}}
              className={textLinkClass({ className: 'min-w-0 wrap-anywhere' })}
              aria-label={context ? `${label}, ${context}` : undefined}
            >
              {label}
            </Link>
            <span className="tabular text-xs text-slate-600 dark:text-slate-400" title={doc.createdAt ? formatUtc(doc.createdAt) : undefined}>
              {doc.createdAt ? `Published ${formatDate(doc.createdAt)}` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

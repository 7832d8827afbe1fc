import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { documentTypeQueries } from '../../api/document-types.ts';
import type { DocumentRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { companyLabel, textOr } from '../../lib/format.ts';

/**
 * Transcripts with their company, event, date and type (named from endpoint 13, cached for the
 * session). With `selection`, each row gets a checkbox and the header one selects all loaded rows.
 */

export interface TranscriptSelection {
  selected: ReadonlySet<number>;
  toggle: (doc: DocumentRecord) => void;
  /** Select every row shown, or clear them all. */
  setAll: (docs: DocumentRecord[], on: boolean) => void;
}

export function useTranscriptTypeNames(typeIds: readonly number[]): Map<number, string> {
  const ids = [...new Set(typeIds)];
  const types = useQueries({ queries: ids.map((id) => documentTypeQueries.detail(id)) });
  return new Map(types.flatMap((q) => (q.data ? [[q.data.id, textOr(q.data.name, `Type ${q.data.id}`)] as const] : [])));
}

const link = 'text-accent-700 hover:underline dark:text-accent-300';
const cell = 'h-[37px] px-3 py-2 align-top [overflow-wrap:anywhere]';

export function TranscriptsTable({ transcripts, caption, selection }: { transcripts: DocumentRecord[]; caption: string; selection?: TranscriptSelection }) {
  const companies = useCompanyNames(transcripts.map((t) => t.companyId));
  const typeName = useTranscriptTypeNames(transcripts.map((t) => t.typeId));
  const selectedCount = selection ? transcripts.filter((t) => selection.selected.has(t.id)).length : 0;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = selectedCount > 0 && selectedCount < transcripts.length;
  }, [selectedCount, transcripts.length]);

  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {selection && (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  ref={all}
                  type="checkbox"
                  aria-label={`Select all ${transcripts.length} loaded transcripts`}
                  checked={transcripts.length > 0 && selectedCount === transcripts.length}
                  onChange={(event) => selection.setAll(transcripts, event.target.checked)}
                  className="h-4 w-4 accent-accent-700"
                />
              </th>
            )}
            <th scope="col" className="px-3 py-2 font-medium">
              Company
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Event
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Type
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {transcripts.map((t) => {
            const known = companies.get(t.companyId);
            const company = known ? companyLabel(known) : `Company ${t.companyId}`;
            const title = textOr(t.event?.title, `Event ${t.eventId}`);
            const type = typeName.get(t.typeId) ?? `Type ${t.typeId}`;
            return (
              <tr
                key={t.id}
                className={selection?.selected.has(t.id) ? 'bg-accent-50/60 dark:bg-accent-700/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800/40'}
              >
                {selection && (
                  <td className={cell}>
                    <input
                      type="checkbox"
                      aria-label={`Select ${company}, ${title}, ${type}`}
                      checked={selection.selected.has(t.id)}
                      onChange={() => selection.toggle(t)}
                      className="h-4 w-4 accent-accent-700"
                    />
                  </td>
                )}
                <td className={`${cell} font-medium`}>
                  <Link to="/companies/$companyId" params={{ companyId: t.companyId }} className="hover:underline">
                    <ClampedText text={company} />
                  </Link>
                </td>
                <td className={`${cell} hidden sm:table-cell`}>
                  <Link to="/events/$eventId" params={{ eventId: t.eventId }} className="hover:underline">
                    <ClampedText text={title} />
                  </Link>
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <TimeText value={t.event?.date ?? t.createdAt} />
                  {/* On a phone the type sits under the date, so the row still opens its transcript. */}
                  <Link
                    to="/documents/$documentId"
                    params={{ documentId: t.id }}
                    search={{ kind: 'transcript' }}
                    className={`${link} mt-0.5 block whitespace-normal text-xs font-normal sm:hidden`}
                    aria-label={`Open ${type}: ${company}, ${title}`}
                  >
                    <ClampedText text={type} />
                  </Link>
                </td>
                <td className={`${cell} hidden sm:table-cell`}>
                  <Link
                    to="/documents/$documentId"
                    params={{ documentId: t.id }}
                    search={{ kind: 'transcript' }}
                    className={link}
                    aria-label={`Open ${type}: ${company}, ${title}`}
                  >
                    <ClampedText text={type} />
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

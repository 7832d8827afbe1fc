import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { documentTypeQueries } from '../../api/document-types.ts';
import type { DocumentRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
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

const link = textLinkClass({ strong: false });

export function TranscriptsTable({ transcripts, caption, selection }: { transcripts: DocumentRecord[]; caption: string; selection?: TranscriptSelection }) {
  const companies = useCompanyNames(transcripts.map((t) => t.companyId));
  const typeName = useTranscriptTypeNames(transcripts.map((t) => t.typeId));
  const selectedCount = selection ? transcripts.filter((t) => selection.selected.has(t.id)).length : 0;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = selectedCount > 0 && selectedCount < transcripts.length;
  }, [selectedCount, transcripts.length]);

  const names = (t: DocumentRecord) => {
    const known = companies.get(t.companyId);
    return {
      company: known ? companyLabel(known) : `Company ${t.companyId}`,
      title: textOr(t.event?.title, `Event ${t.eventId}`),
      type: typeName.get(t.typeId) ?? `Type ${t.typeId}`,
    };
  };
  const select: Column<DocumentRecord>[] = selection
    ? [
        {
          key: 'select',
          header: (
            <input
              ref={all}
              type="checkbox"
              aria-label={`Select all ${transcripts.length} loaded transcripts`}
              checked={transcripts.length > 0 && selectedCount === transcripts.length}
              onChange={(event) => selection.setAll(transcripts, event.target.checked)}
              className="h-4 w-4 accent-accent-700"
            />
          ),
          headerClassName: 'w-10',
          cell: (t) => {
            const { company, title, type } = names(t);
            return (
              <input
                type="checkbox"
                aria-label={`Select ${company}, ${title}, ${type}`}
                checked={selection.selected.has(t.id)}
                onChange={() => selection.toggle(t)}
                className="h-4 w-4 accent-accent-700"
              />
            );
          },
        },
      ]
    : [];

  return (
    <DataTable
      caption={caption}
      rows={transcripts}
      rowKey={(t) => t.id}
      isSelected={selection ? (t) => selection.selected.has(t.id) : undefined}
      columns={[
        ...select,
        {
          header: 'Company',
          className: 'font-medium',
          cell: (t) => (
            <Link to="/companies/$companyId" params={{ companyId: t.companyId }} className="hover:underline">
              <ClampedText text={names(t).company} />
            </Link>
          ),
        },
        {
          header: 'Event',
          hideBelow: 'sm',
          cell: (t) => (
            <Link to="/events/$eventId" params={{ eventId: t.eventId }} className="hover:underline">
              <ClampedText text={names(t).title} />
            </Link>
          ),
        },
        {
          header: 'Date',
          className: 'whitespace-nowrap',
          cell: (t) => {
            const { company, title, type } = names(t);
            return (
              <>
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
              </>
            );
          },
        },
        {
          header: 'Type',
          hideBelow: 'sm',
          cell: (t) => {
            const { company, title, type } = names(t);
            return (
              <Link
                to="/documents/$documentId"
                params={{ documentId: t.id }}
                search={{ kind: 'transcript' }}
                className={link}
                aria-label={`Open ${type}: ${company}, ${title}`}
              >
                <ClampedText text={type} />
              </Link>
            );
          },
        },
      ]}
    />
  );
}

import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { DocumentRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TranscriptLink } from '../../components/transcript-link.tsx';
import { DataTable, whileHiddenBelow, type Column } from '../../components/ui/data-table.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { companyLabel, MISSING } from '../../lib/format.ts';
import { documentTypeLabel, eventName } from '../../lib/names.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';

/**
 * Transcripts with their company, call, publication date and type (named from endpoint 13, cached
 * for the session). The date is when the transcript was published: lists come in publication order.
 * With `selection`, each row gets a checkbox and the header one selects all loaded rows.
 */

export interface TranscriptSelection {
  selected: ReadonlySet<number>;
  toggle: (doc: DocumentRecord) => void;
  /** Select every row shown, or clear them all. */
  setAll: (docs: DocumentRecord[], on: boolean) => void;
}

const link = textLinkClass({ strong: false });

export function TranscriptsTable({
  transcripts: loaded,
  caption,
  selection,
}: {
  transcripts: DocumentRecord[];
  caption: string;
  selection?: TranscriptSelection;
}) {
  // One row per call: the edited transcript, with the call's other one (the raw) linked under it.
  const loadedTypes = useDocumentTypes(loaded.map((t) => t.typeId));
  const calls = oneTranscriptPerCall(loaded, (id) => loadedTypes.get(id)?.name ?? undefined);
  const transcripts = calls.map((call) => call.transcript);
  const others = new Map(calls.map((call) => [call.transcript.id, call.others]));
  const companies = useCompanyNames(transcripts.map((t) => t.companyId));
  const docTypes = useDocumentTypes(transcripts.map((t) => t.typeId));
  const eventTypes = useEventTypes(transcripts.map((t) => t.event?.typeId));
  const selectedCount = selection ? transcripts.filter((t) => selection.selected.has(t.id)).length : 0;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = selectedCount > 0 && selectedCount < transcripts.length;
  }, [selectedCount, transcripts.length]);

  const names = (t: DocumentRecord) => {
    const known = companies.get(t.companyId);
    return {
      company: known ? companyLabel(known) : MISSING,
      title: eventName(t.event, { type: t.event ? eventTypes.get(t.event.typeId) : undefined, company: known }),
      type: documentTypeLabel(docTypes.get(t.typeId)),
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
            <>
              <Link to="/companies/$companyId" params={{ companyId: t.companyId }} className={textLinkClass()}>
                <ClampedText text={names(t).company} />
              </Link>
              {/* On a phone the Call column is hidden: the call's link comes under its company, on one line, 24 px tall and apart from the company's link so each is a target to tap. */}
              <Link to="/events/$eventId" params={{ eventId: t.eventId }} className={`${link} mt-1 block py-1 text-xs font-normal ${whileHiddenBelow.sm}`}>
                <ClampedText text={names(t).title} lines={1} />
              </Link>
            </>
          ),
        },
        {
          header: 'Call',
          hideBelow: 'sm',
          cell: (t) => (
            <Link to="/events/$eventId" params={{ eventId: t.eventId }} className={link}>
              <ClampedText text={names(t).title} />
            </Link>
          ),
        },
        {
          header: 'Published',
          className: 'whitespace-nowrap',
          cell: (t) => {
            const { company, title, type } = names(t);
            return (
              <>
                <TimeText value={t.createdAt ?? t.event?.date} />
                {/* On a phone the type sits under the date, so the row still opens its transcript. */}
                <Link
                  to="/documents/$documentId"
                  params={{ documentId: t.id }}
                  search={{ kind: 'transcript' }}
                  className={`${link} mt-0.5 block whitespace-normal text-xs font-normal ${whileHiddenBelow.sm}`}
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
              <>
                <Link
                  to="/documents/$documentId"
                  params={{ documentId: t.id }}
                  search={{ kind: 'transcript' }}
                  className={link}
                  aria-label={`Open ${type}: ${company}, ${title}`}
                >
                  <ClampedText text={type} />
                </Link>
                {others.get(t.id)?.map((other) => {
                  const otherType = names(other).type;
                  return (
                    <TranscriptLink key={other.id} id={other.id} className={`${link} mt-0.5 block text-xs`} label={`Open ${otherType}: ${company}, ${title}`}>
                      <ClampedText text={otherType} />
                    </TranscriptLink>
                  );
                })}
              </>
            );
          },
        },
      ]}
    />
  );
}

import { Link } from '@tanstack/react-router';
import type { DocumentRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { documentPeriod } from '../../components/document-periods.ts';
import { documentRows } from '../../components/document-rows.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TranscriptLink } from '../../components/transcript-link.tsx';
import { DataTable, whileHiddenBelow } from '../../components/ui/data-table.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { companyLabel, MISSING } from '../../lib/format.ts';
import { documentTypeLabel, eventName } from '../../lib/names.ts';
import { isTranscriptType } from '../../lib/transcript-records.ts';

const link = textLinkClass({ strong: false });

/**
 * Documents of every company: the company, the document (its type once, with its form where it
 * means something; it opens in the app's viewer, a transcript in the reader, as a company's
 * Documents panel opens it), the call it came with, the period it reports on (an annual report
 * its fiscal year, "FY 2025") and the day it was published. A call's transcripts are one row.
 */
export function DocumentsTable({ documents, caption }: { documents: DocumentRecord[]; caption: string }) {
  const types = useDocumentTypes(documents.map((doc) => doc.typeId));
  const rows = documentRows(documents, types);
  const companies = useCompanyNames(rows.map((row) => row.doc.companyId));
  const eventTypes = useEventTypes(rows.map((row) => row.doc.event?.typeId));
  const names = (doc: DocumentRecord) => {
    const known = companies.get(doc.companyId);
    return {
      company: known ? companyLabel(known) : MISSING,
      call: eventName(doc.event, { type: doc.event ? eventTypes.get(doc.event.typeId) : undefined, company: known }),
      type: documentTypeLabel(types.get(doc.typeId)),
      period: documentPeriod(doc, types.get(doc.typeId))?.label ?? MISSING,
    };
  };
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.doc.id}
      columns={[
        {
          header: 'Company',
          // Its width set from the start: the names come after the rows.
          headerClassName: '@min-[36rem]:w-[22%]',
          className: 'font-medium',
          cell: ({ doc }) => (
            <Link to="/companies/$companyId" params={{ companyId: doc.companyId }} className={textLinkClass()}>
              <ClampedText text={names(doc).company} />
            </Link>
          ),
        },
        {
          header: 'Document',
          cell: ({ doc, others }) => {
            const { company, call, type, period } = names(doc);
            return (
              <>
                <Link
                  to="/documents/$documentId"
                  params={{ documentId: doc.id }}
                  search={isTranscriptType(types.get(doc.typeId)) ? { kind: 'transcript' } : {}}
                  className={link}
                  aria-label={`Open ${type}: ${company}, ${call}`}
                >
                  <ClampedText text={type} />
                </Link>
                {others.map((other) => {
                  const otherType = documentTypeLabel(types.get(other.typeId));
                  return (
                    <TranscriptLink key={other.id} id={other.id} className={`${link} mt-0.5 block text-xs`} label={`Open ${otherType}: ${company}, ${call}`}>
                      <ClampedText text={otherType} />
                    </TranscriptLink>
                  );
                })}
                {/* On a phone the Period and Published columns are hidden: both sit under the document. */}
                <span className={`mt-0.5 block text-xs text-slate-600 dark:text-slate-400 ${whileHiddenBelow.sm}`}>
                  {period} · <TimeText value={doc.createdAt ?? doc.event?.date} />
                </span>
              </>
            );
          },
        },
        {
          header: 'Call',
          hideBelow: 'sm',
          cell: ({ doc }) => (
            <Link to="/events/$eventId" params={{ eventId: doc.eventId }} className={link}>
              <ClampedText text={names(doc).call} />
            </Link>
          ),
        },
        { header: 'Period', hideBelow: 'sm', className: 'whitespace-nowrap', cell: ({ doc }) => names(doc).period },
        {
          header: 'Published',
          hideBelow: 'sm',
          className: 'whitespace-nowrap',
          cell: ({ doc }) => <TimeText value={doc.createdAt ?? doc.event?.date} />,
        },
      ]}
    />
  );
}

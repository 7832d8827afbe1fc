import { useQueries } from '@tanstack/react-query';
import { documentTypeQueries } from '../../api/document-types.ts';
import type { DocumentRecord } from '../../api/schemas.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { TimeText } from '../../components/time-text.tsx';

/** Transcripts with their company, event, date and type (named from endpoint 13, cached for the session). */
export function TranscriptsTable({ transcripts, caption }: { transcripts: DocumentRecord[]; caption: string }) {
  const companies = useCompanyNames(transcripts.map((t) => t.companyId));
  const typeIds = [...new Set(transcripts.map((t) => t.typeId))];
  const types = useQueries({ queries: typeIds.map((id) => documentTypeQueries.detail(id)) });
  const typeName = new Map(types.flatMap((q) => (q.data ? [[q.data.id, q.data.name] as const] : [])));
  return (
    <DataTable
      caption={caption}
      rows={transcripts}
      rowKey={(t) => t.id}
      columns={[
        {
          header: 'Company',
          cell: (t) => <span className="font-medium">{companies.get(t.companyId)?.displayName ?? `Company ${t.companyId}`}</span>,
        },
        { header: 'Event', cell: (t) => t.event?.title ?? `Event ${t.eventId}`, hideBelow: 'sm' },
        { header: 'Date', cell: (t) => <TimeText value={t.event?.date ?? t.createdAt} />, className: 'whitespace-nowrap' },
        { header: 'Type', cell: (t) => typeName.get(t.typeId) ?? `Type ${t.typeId}`, hideBelow: 'md' },
      ]}
    />
  );
}

import type { AudioRecord } from '../../api/schemas.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { formatDuration, formatSize } from '../../lib/format.ts';

/** Recordings with their company, event, date, length and size. */
export function RecordingsTable({ recordings, caption }: { recordings: AudioRecord[]; caption: string }) {
  const companies = useCompanyNames(recordings.map((r) => r.companyId));
  return (
    <DataTable
      caption={caption}
      rows={recordings}
      rowKey={(r) => r.id}
      columns={[
        {
          header: 'Company',
          cell: (r) => <span className="font-medium">{companies.get(r.companyId)?.displayName ?? `Company ${r.companyId}`}</span>,
        },
        { header: 'Event', cell: (r) => r.event?.title ?? `Event ${r.eventId}`, hideBelow: 'sm' },
        { header: 'Date', cell: (r) => <TimeText value={r.event?.date ?? r.createdAt} />, className: 'whitespace-nowrap' },
        { header: 'Duration', cell: (r) => formatDuration(r.audioMetadata?.duration), align: 'right', hideBelow: 'md', className: 'whitespace-nowrap' },
        { header: 'Size', cell: (r) => formatSize(r.audioMetadata?.size), align: 'right', hideBelow: 'lg', className: 'whitespace-nowrap' },
      ]}
    />
  );
}

import { Link } from '@tanstack/react-router';
import type { AudioRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { companyLabel, formatDuration, formatSize, textOr } from '../../lib/format.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';

const link = textLinkClass({ strong: false });

/** Recordings with their company, event, date, length and size; the event opens the recording. */
export function RecordingsTable({ recordings, caption }: { recordings: AudioRecord[]; caption: string }) {
  const companies = useCompanyNames(recordings.map((r) => r.companyId));
  const title = (r: AudioRecord) => textOr(r.event?.title, `Recording ${r.id}`);
  return (
    <DataTable
      caption={caption}
      rows={recordings}
      rowKey={(r) => r.id}
      columns={[
        {
          header: 'Company',
          cell: (r) => <ClampedText text={companyLabel(companies.get(r.companyId) ?? { id: r.companyId })} className="font-medium" />,
        },
        {
          header: 'Event',
          cell: (r) => (
            <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={link}>
              <ClampedText text={title(r)} />
            </Link>
          ),
          hideBelow: 'sm',
        },
        {
          header: 'Date',
          cell: (r) => (
            <>
              <TimeText value={r.event?.date ?? r.createdAt} className="whitespace-nowrap" />
              {/* On phones the Event column is hidden: the recording's link comes under the date. */}
              <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={`${link} block text-xs sm:hidden`}>
                <ClampedText text={title(r)} />
              </Link>
            </>
          ),
        },
        { header: 'Duration', cell: (r) => formatDuration(r.audioMetadata?.duration), align: 'right', hideBelow: 'md', className: 'whitespace-nowrap' },
        { header: 'Size', cell: (r) => formatSize(r.audioMetadata?.size), align: 'right', hideBelow: 'lg', className: 'whitespace-nowrap' },
      ]}
    />
  );
}

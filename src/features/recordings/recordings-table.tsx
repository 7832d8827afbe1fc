import { Link } from '@tanstack/react-router';
import type { AudioRecord } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { useCompanyNames } from '../../components/company-names.tsx';
import { DataTable, whileHiddenBelow } from '../../components/ui/data-table.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useEventTypes } from '../../components/type-records.ts';
import { companyLabel, formatDuration, formatSize, MISSING } from '../../lib/format.ts';
import { eventName } from '../../lib/names.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { RecordingRowPlay } from './recording-row-play.tsx';

const link = textLinkClass({ strong: false });

/**
 * Recordings with their company, call, publication date, ▶ (the docked player), length and size;
 * the call opens the recording. The date is when the recording was published: lists come in publication order.
 */
export function RecordingsTable({ recordings, caption }: { recordings: AudioRecord[]; caption: string }) {
  const companies = useCompanyNames(recordings.map((r) => r.companyId));
  const types = useEventTypes(recordings.map((r) => r.event?.typeId));
  const title = (r: AudioRecord) => eventName(r.event, { type: r.event ? types.get(r.event.typeId) : undefined, company: companies.get(r.companyId) });
  // Until its company and type are known a call goes by its event's full title, longer than the
  // name that follows ("Bryrite Q3 2026 Earnings Call", then "Q3 2026 earnings call"): kept to one
  // line meanwhile, so the rows keep their height when the names come.
  const named = (r: AudioRecord) => companies.has(r.companyId) && (!r.event || types.has(r.event.typeId));
  return (
    <DataTable
      caption={caption}
      rows={recordings}
      rowKey={(r) => r.id}
      columns={[
        {
          header: 'Company',
          // Its width set from the start: the names come after the rows, and a column that grew to
          // fit them moved every call name beside it.
          headerClassName: '@min-[36rem]:w-[26%]',
          cell: (r) => {
            const company = companies.get(r.companyId);
            return (
              <Link to="/companies/$companyId" params={{ companyId: r.companyId }} className={textLinkClass()}>
                <ClampedText text={company ? companyLabel(company) : MISSING} />
              </Link>
            );
          },
        },
        {
          header: 'Call',
          cell: (r) => (
            <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={link}>
              <ClampedText text={title(r)} lines={named(r) ? 2 : 1} />
            </Link>
          ),
          hideBelow: 'sm',
        },
        {
          header: 'Published',
          cell: (r) => (
            <>
              {/* On a phone the time may wrap ("Nov 21, 2026," over "12:00 PM"): kept on one line it
                  left the company about 60 px, and names broke mid-word ("Ulanan/e"). */}
              <TimeText value={r.createdAt ?? r.event?.date} className="@min-[36rem]:whitespace-nowrap" />
              {/* Where the Call column is hidden (a phone, a narrow box): the recording's link comes under the date, on one
                  line (the event's full title, shown until its company is known, took two and the
                  rows shrank when the names came). */}
              <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={`${link} block text-xs ${whileHiddenBelow.sm}`}>
                <ClampedText text={title(r)} lines={1} />
              </Link>
            </>
          ),
        },
        {
          header: 'Play',
          cell: (r) => {
            const company = companies.get(r.companyId);
            return <RecordingRowPlay audioId={r.id} eventId={r.eventId} call={title(r)} company={company ? companyLabel(company) : undefined} />;
          },
        },
        { header: 'Duration', cell: (r) => formatDuration(r.audioMetadata?.duration), align: 'right', hideBelow: 'md', className: 'whitespace-nowrap' },
        { header: 'Size', cell: (r) => formatSize(r.audioMetadata?.size), align: 'right', hideBelow: 'lg', className: 'whitespace-nowrap' },
      ]}
    />
  );
}

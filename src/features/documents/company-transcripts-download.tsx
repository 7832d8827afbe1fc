import { useId, useMemo, useState } from 'react';
import type { Company, DocumentRecord } from '../../api/schemas.ts';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { readableFileName } from '../../lib/file-name.ts';
import { companyLabel } from '../../lib/format.ts';
import { fiscalLabel, isEarningsCall } from '../../lib/names.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';
import { BulkDownload } from './bulk-download.tsx';
import { transcriptZipSource } from './transcript-sources.ts';

/** How many of the newest quarters are chosen when the chooser opens. */
export const DEFAULT_QUARTERS = 4;

interface Quarter {
  label: string;
  /** The newest event date in the quarter, for ordering. */
  time: number;
  docs: DocumentRecord[];
}

/**
 * "Download transcripts" on a company's page: its earnings calls' transcripts by fiscal quarter
 * (one per call, the edited one where there are two), the last four chosen, as one zip named after
 * the company and the quarters.
 */
export function CompanyTranscriptsDownload({ company, transcripts }: { company: Company; transcripts: DocumentRecord[] }) {
  const docTypes = useDocumentTypes(transcripts.map((t) => t.typeId));
  const eventTypes = useEventTypes(transcripts.map((t) => t.event?.typeId));
  const quarters = useMemo(() => {
    const calls = oneTranscriptPerCall(transcripts, (id) => docTypes.get(id)?.name ?? undefined).map((call) => call.transcript);
    const byQuarter = new Map<string, Quarter>();
    for (const doc of calls) {
      if (!doc.event || !isEarningsCall(eventTypes.get(doc.event.typeId))) continue;
      const label = fiscalLabel(doc.event);
      if (!label) continue;
      const time = Date.parse(doc.event.date ?? '') || 0;
      const quarter = byQuarter.get(label) ?? { label, time, docs: [] };
      quarter.docs.push(doc);
      quarter.time = Math.max(quarter.time, time);
      byQuarter.set(label, quarter);
    }
    return [...byQuarter.values()].sort((a, b) => b.time - a.time);
  }, [transcripts, docTypes, eventTypes]);

  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const chosen = picked ?? new Set(quarters.slice(0, DEFAULT_QUARTERS).map((q) => q.label));
  const id = useId();
  const name = companyLabel(company);

  if (quarters.length === 0) return null;
  const selected = quarters.filter((q) => chosen.has(q.label));
  const sources = selected.flatMap((q) =>
    q.docs.map((doc) => transcriptZipSource(doc, company, docTypes.get(doc.typeId), doc.event ? eventTypes.get(doc.event.typeId) : undefined)),
  );
  const span = selected.length === 0 ? '' : selected.length === 1 ? selected[0]!.label : `${selected.at(-1)!.label} to ${selected[0]!.label}`;
  const zipName = readableFileName([name, `${span} earnings call transcripts`], 'zip');

  const toggle = (label: string) => {
    const next = new Set(chosen);
    if (next.has(label)) next.delete(label);
    else next.add(label);
    setPicked(next);
  };

  return (
    <details className="group min-w-0 text-sm wrap-anywhere">
      <summary className="cursor-pointer select-none font-medium text-accent-700 hover:underline dark:text-accent-300">Download transcripts</summary>
      <fieldset className="mt-2">
        <legend className="text-xs text-slate-600 dark:text-slate-400">Earnings calls by fiscal quarter</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {quarters.map((quarter) => (
            <label key={quarter.label} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={chosen.has(quarter.label)}
                onChange={() => toggle(quarter.label)}
                className="accent-accent-600"
                aria-describedby={id}
              />
              {quarter.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p id={id} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        One file per call, the edited transcript where there is one.
      </p>
      <div className="mt-2">
        <BulkDownload sources={sources} zipName={zipName} />
      </div>
    </details>
  );
}

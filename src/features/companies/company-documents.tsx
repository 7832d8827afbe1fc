import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { documentQueries } from '../../api/documents.ts';
import type { Company, DocumentRecord } from '../../api/schemas.ts';
import { DocumentRows } from '../../components/document-rows.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { companyLabel } from '../../lib/format.ts';
import { fiscalLabel } from '../../lib/names.ts';

/** Periods shown before "Show all". */
const FIRST_PERIODS = 3;

interface PeriodGroup {
  label: string;
  latest: number;
  documents: DocumentRecord[];
}

/** Documents by fiscal period of their event ("Q3 2026"), newest period first, each newest published first. */
export function groupByPeriod(documents: readonly DocumentRecord[]): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const doc of documents) {
    const label = fiscalLabel(doc.event) || 'Other';
    const when = Date.parse(doc.event?.date ?? doc.createdAt ?? '') || 0;
    const group = groups.get(label) ?? { label, latest: 0, documents: [] };
    group.latest = Math.max(group.latest, when);
    group.documents.push(doc);
    groups.set(label, group);
  }
  const published = (doc: DocumentRecord) => Date.parse(doc.createdAt ?? '') || 0;
  return [...groups.values()]
    .sort((a, b) => (a.label === 'Other' ? 1 : b.label === 'Other' ? -1 : b.latest - a.latest))
    .map((group) => ({ ...group, documents: [...group.documents].sort((a, b) => published(b) - published(a) || b.id - a.id) }));
}

/**
 * Every document of a company (`/documents?companyIds=…`): reports, releases, slides, transcripts,
 * grouped by fiscal period, newest first, each opening in the app's viewer.
 */
export function CompanyDocuments({ company }: { company: Company }) {
  const query = useQuery(documentQueries.all({ companyIds: [company.id], expand: ['event'] }));
  const [all, setAll] = useState(false);
  const documents = query.data?.available ? query.data.value.items : [];
  const types = useDocumentTypes(documents.map((doc) => doc.typeId));
  const groups = groupByPeriod(documents);
  const shown = all ? groups : groups.slice(0, FIRST_PERIODS);
  return (
    <Panel title="Documents">
      {query.isPending ? (
        <SkeletonRows rows={4} label="Loading documents" />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data.available ? (
        <div className="p-4">
          <UnavailableNote feature="A company's documents" extension="documents">
            Its transcripts are listed above, and any document opens from its address.
          </UnavailableNote>
        </div>
      ) : documents.length === 0 ? (
        <EmptyState>No documents yet.</EmptyState>
      ) : (
        <>
          {shown.map((group) => (
            <section key={group.label} aria-label={`Documents of ${group.label}`}>
              <h3 className="wrap-anywhere border-b border-slate-100 bg-slate-50 px-4 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-400">
                {group.label}
              </h3>
              <DocumentRows documents={group.documents} types={types} context={`${companyLabel(company)}, ${group.label}`} />
            </section>
          ))}
          {groups.length > FIRST_PERIODS && (
            <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
              <Button variant="quiet" size="xs" aria-expanded={all} onClick={() => setAll(!all)}>
                {all ? 'Show the latest periods only' : `Show all ${documents.length} documents (${groups.length} periods)`}
              </Button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

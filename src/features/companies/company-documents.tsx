import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { documentQueries } from '../../api/documents.ts';
import type { Company } from '../../api/schemas.ts';
import { firstGroups, groupByPeriod, periodHeadingClass } from '../../components/document-periods.ts';
import { DocumentRows } from '../../components/document-rows.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { Button } from '../../components/ui/button.tsx';
import { fieldLabelClass, inlineControlClass } from '../../components/ui/field.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { DOCUMENT_KINDS, documentKind, type DocumentKind } from '../../lib/document-kinds.ts';
import { companyLabel, formatCount } from '../../lib/format.ts';

type KindChoice = DocumentKind | 'all';

/**
 * Every document of a company (`/documents?companyIds=…`): reports, releases, slides, transcripts,
 * grouped by fiscal period (annual documents by fiscal year), newest first, each opening in the
 * app's viewer; "Show" narrows them to one kind.
 */
export function CompanyDocuments({ company }: { company: Company }) {
  const query = useQuery(documentQueries.all({ companyIds: [company.id], expand: ['event'] }));
  const [all, setAll] = useState(false);
  const [kind, setKind] = useState<KindChoice>('all');
  const kindId = useId();
  const documents = query.data?.available ? query.data.value.items : [];
  const types = useDocumentTypes(documents.map((doc) => doc.typeId));
  const counts = new Map<DocumentKind, number>();
  for (const doc of documents) {
    const each = documentKind(types.get(doc.typeId));
    if (each) counts.set(each, (counts.get(each) ?? 0) + 1);
  }
  const chosen = kind === 'all' ? documents : documents.filter((doc) => documentKind(types.get(doc.typeId)) === kind);
  const groups = groupByPeriod(chosen, types);
  const first = firstGroups(groups);
  const shown = all ? groups : first;
  const kindLabel = DOCUMENT_KINDS.find((each) => each.kind === kind)?.label;
  const filter =
    documents.length > 0 ? (
      // The select keeps the width of its longest choice: left to shrink, a phone showed "Every▾".
      <div className="flex items-center gap-2">
        <label htmlFor={kindId} className={fieldLabelClass}>
          Show
        </label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as KindChoice)} className={`${inlineControlClass} shrink-0 px-2`}>
          <option value="all">Every kind ({formatCount(documents.length)})</option>
          {DOCUMENT_KINDS.filter((each) => (counts.get(each.kind) ?? 0) > 0 || each.kind === kind).map((each) => (
            <option key={each.kind} value={each.kind}>
              {each.label} ({formatCount(counts.get(each.kind) ?? 0)})
            </option>
          ))}
        </select>
      </div>
    ) : undefined;
  return (
    <Panel title="Documents" actions={filter}>
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
      ) : chosen.length === 0 ? (
        <EmptyState>No {kindLabel?.toLowerCase() ?? 'documents'} yet.</EmptyState>
      ) : (
        <>
          {shown.map((group) => (
            <section key={group.label} aria-label={`Documents of ${group.label}`}>
              <h3 className={periodHeadingClass}>{group.label}</h3>
              <DocumentRows documents={group.documents} types={types} context={`${companyLabel(company)}, ${group.label}`} />
            </section>
          ))}
          {groups.length > first.length && (
            <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
              <Button variant="quiet" size="xs" aria-expanded={all} onClick={() => setAll(!all)}>
                {all
                  ? 'Show the latest periods only'
                  : `Show all ${formatCount(chosen.length)} ${kindLabel?.toLowerCase() ?? 'documents'} (${groups.length} periods)`}
              </Button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

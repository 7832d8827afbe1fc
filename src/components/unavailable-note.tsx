import type { ReactNode } from 'react';
import type { Extension } from '../api/extensions.ts';

/**
 * Said once, calmly, where a feature needs a list the data source does not offer (an upstream that
 * keeps to the 13 endpoints of the contract, or a plan without that family). Not an error: the rest
 * of the page works as usual, and the app does not ask again this session.
 */

const WHAT: Readonly<Record<Extension, string>> = {
  events: 'the list of events',
  live: 'the list of live calls',
  documents: 'the list of documents',
  'event-types': 'the list of event types',
  'document-types': 'the list of document types',
};

export function UnavailableNote({ feature, extension, children }: { feature: string; extension: Extension; children?: ReactNode }) {
  return (
    <p
      role="note"
      className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300"
    >
      {feature} needs {WHAT[extension]}, which this data source does not offer. {children}
    </p>
  );
}

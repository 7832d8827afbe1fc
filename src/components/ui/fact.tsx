import type { ReactNode } from 'react';

/** One labelled fact of a record (inside a `<dl>`): the label, then its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from './ui/button.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * The one not-found page: an address with no page, or a record the service does not have. Calm,
 * not an error: no Retry (the record will not appear by asking again), and the way on.
 */
export function NotFound({ what = 'page', back }: { what?: string; back?: ReactNode }) {
  const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`;
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {what === 'page'
          ? 'There is no page at this address. It may have moved, or the link may be mistyped.'
          : `There is no such ${what}. It may have been removed, or the link may be mistyped.`}
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-4">
        {back}
        <Link to="/" className={buttonClass({ variant: back ? 'secondary' : 'primary' })}>
          Go to the start page
        </Link>
      </div>
    </div>
  );
}

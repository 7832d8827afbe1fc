import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { describeError, ErrorPanel } from './error-panel.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * A route's error page: says what failed (per kind, as every panel does) and retries the route's
 * loader and queries. `back` is the way on beside Retry, e.g. a link to the list.
 */
export function RouteError({ error, reset, back }: ErrorComponentProps & { back?: ReactNode }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  usePageTitle(describeError(error).title);
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <div className="mx-auto max-w-2xl py-8">
      <ErrorPanel
        heading="h1"
        error={error}
        action={back}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}

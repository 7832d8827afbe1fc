import { useRouter, type NotFoundRouteProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { isMissingRecord } from '../lib/route-data.ts';
import { ErrorPanel } from './error-panel.tsx';

const notFoundError = new ApiError({ status: 404, kind: 'not-found', message: 'Not found' });

/**
 * A detail route's not-found page: the API answered 404 for its record (or the address holds no
 * usable id). Names the record, offers Retry (it may appear yet) and the way back to its list.
 */
export function RecordNotFound({ data, back }: Pick<NotFoundRouteProps, 'data'> & { back: ReactNode }) {
  const router = useRouter();
  const detail = isMissingRecord(data) ? `${data.what} does not exist, or is no longer available. Check the link, or go back to the list.` : undefined;
  return (
    <div className="mx-auto max-w-2xl py-8">
      <ErrorPanel heading="h1" error={notFoundError} detail={detail} action={back} onRetry={() => void router.invalidate()} />
    </div>
  );
}

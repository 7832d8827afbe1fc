import type { NotFoundRouteProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isMissingRecord } from '../lib/route-data.ts';
import { NotFound } from './not-found.tsx';

/** A detail route's not-found page: the API answered 404 for its record, or the address holds no usable id. */
export function RecordNotFound({ data, back }: Pick<NotFoundRouteProps, 'data'> & { back: ReactNode }) {
  return <NotFound what={isMissingRecord(data) ? data.what : 'page'} back={back} />;
}

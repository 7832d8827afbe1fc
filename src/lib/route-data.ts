import { notFound } from '@tanstack/react-router';
import { isApiError } from '../api/api-error.ts';

/** What a record's not-found page names, in words ("company", "recording"), never by its id. */
export interface MissingRecord {
  what: string;
}

export function isMissingRecord(data: unknown): data is MissingRecord {
  return typeof data === 'object' && data !== null && typeof (data as { what?: unknown }).what === 'string';
}

/**
 * A detail route's loader: waits for its record (through `queryClient.ensureQueryData`, so the
 * component's `useSuspenseQuery` finds it), and turns the API's 404 into the route's not-found
 * page naming the record. Every other failure goes to the route's error page.
 */
export async function loadRecord<T>(load: () => Promise<T>, what: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.kind === 'not-found') throw notFound({ data: { what } satisfies MissingRecord });
    throw error;
  }
}

import { useSyncExternalStore } from 'react';
import type { z } from 'zod/mini';
import { getJson, type GetJsonOptions } from './client.ts';
import { isApiError } from './api-error.ts';
import { fetchAllPages } from './pagination.ts';
import type { Page } from './schemas.ts';

/**
 * The list endpoints the real service has beyond the 13 of the contract (upstream-facts.md):
 * `/events`, `/live/audio`, `/documents`, `/event-types`, `/document-types`. They are used when the
 * upstream answers them. An upstream that keeps to the contract answers 404, and a plan without the
 * family answers 403: the answer is remembered for the session (sessionStorage), so the app asks
 * once, and every page carries on without the feature instead of showing an error.
 */

export type Extension = 'events' | 'live' | 'documents' | 'event-types' | 'document-types';

export const EXTENSION_PATHS: Readonly<Record<Extension, string>> = {
  events: '/events',
  live: '/live/audio',
  documents: '/documents',
  'event-types': '/event-types',
  'document-types': '/document-types',
};

/** What an extension request gives: its value, or the fact that this data source does not offer it. */
export type ExtensionResult<T> = { available: true; value: T } | { available: false; extension: Extension };

const STORAGE_KEY = 'earnings-desk:missing-extensions';
let missing: ReadonlySet<Extension> | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readMissing(): ReadonlySet<Extension> {
  if (missing) return missing;
  let stored: unknown = [];
  try {
    stored = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    stored = [];
  }
  const known = Object.keys(EXTENSION_PATHS);
  missing = new Set(Array.isArray(stored) ? (stored.filter((item) => known.includes(item)) as Extension[]) : []);
  return missing;
}

function markMissing(extension: Extension): void {
  const current = readMissing();
  if (current.has(extension)) return;
  missing = new Set([...current, extension]);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify([...missing]));
  } catch {
    // Storage full or disabled: remembered for this page only.
  }
  for (const listener of listeners) listener();
}

/** True once the data source has said (404 or 403) that it does not offer this extension. */
export function isExtensionMissing(extension: Extension): boolean {
  return readMissing().has(extension);
}

/** The same, as a hook that re-renders when the answer arrives. */
export function useExtensionMissing(extension: Extension): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isExtensionMissing(extension),
    () => false,
  );
}

/** Forgets what was learnt (tests, and a change of data source). */
export function resetExtensions(): void {
  missing = new Set();
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to forget
  }
  for (const listener of listeners) listener();
}

/**
 * GET an extension path with the app's one fetch layer. 404 and 403 become "unavailable" (and are
 * remembered); every other failure is an ApiError like any request's.
 */
export async function getExtension<S extends z.ZodMiniType>(extension: Extension, options: GetJsonOptions<S>): Promise<ExtensionResult<z.output<S>>> {
  if (isExtensionMissing(extension)) return { available: false, extension };
  try {
    return { available: true, value: await getJson(EXTENSION_PATHS[extension], options) };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      markMissing(extension);
      return { available: false, extension };
    }
    throw error;
  }
}

/** Every item of a list, how many requests it took, and whether the walk reached the last page. */
export interface AllItems<T> {
  items: T[];
  complete: boolean;
  requests: number;
}

/**
 * Walks every page of an extension list (500 a page) with the shared stop rules, up to `maxPages`.
 * Unavailable as soon as the first page says so.
 */
export async function getAllExtensionPages<T>(
  extension: Extension,
  options: Omit<GetJsonOptions<z.ZodMiniType<Page<T>>>, 'timeoutMs'> & { maxPages?: number },
): Promise<ExtensionResult<AllItems<T>>> {
  const { maxPages = 40, query = {}, schema, signal } = options;
  let unavailable = false;
  const result = await fetchAllPages<T>(
    async (cursor) => {
      const answer = await getExtension(extension, { schema, signal, query: { ...query, limit: 500, cursor: cursor || undefined } });
      if (answer.available) return answer.value as Page<T>;
      unavailable = true;
      return { data: [], pagination: { nextCursor: null } };
    },
    { maxPages, signal },
  );
  if (unavailable) return { available: false, extension };
  return { available: true, value: { items: result.items, complete: result.complete, requests: result.pages } };
}

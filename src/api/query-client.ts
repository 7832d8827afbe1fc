import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/**
 * The app's QueryClient and its retry policy:
 * - 429: wait what Retry-After says (capped at 60 s), then retry;
 * - network errors, timeouts and 5xx: exponential backoff with jitter;
 * - other 4xx, malformed bodies and bad requests: never retried (retrying cannot help);
 * - at most 3 retries in all.
 */

export const MAX_RETRIES = 3;
/** Longest wait honoured from a Retry-After header, in seconds. */
export const MAX_RETRY_AFTER_SECONDS = 60;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** `retry` for react-query: failureCount is 0 on the first failure. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false; // a bug in our own code (or an abort): retrying will not fix it
  switch (error.kind) {
    case 'rate-limited':
    case 'network':
    case 'timeout':
    case 'server':
      return true;
    default:
      return false;
  }
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so retries from
 * many tabs spread out while each still waits at least half the step. failureCount starts at 0.
 */
export function backoffDelay(failureCount: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** failureCount);
  return Math.round(step / 2 + random() * (step / 2));
}

/** `retryDelay` for react-query: Retry-After for a 429 that sends it, backoff otherwise. */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  if (isApiError(error) && error.kind === 'rate-limited' && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter, MAX_RETRY_AFTER_SECONDS) * 1000;
  }
  return backoffDelay(failureCount, random);
}

export const DEFAULT_STALE_TIME = 60_000;

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { queries, mutations, ...rest } = config.defaultOptions ?? {};
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...rest,
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: (failureCount, error) => retryDelay(failureCount, error),
        ...queries,
      },
      mutations: { retry: false, ...mutations },
    },
  });
}

/** For tests (a fresh one per test): no retries, so errors surface at once; no gc timers. */
export function createTestQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { queries, mutations, ...rest } = config.defaultOptions ?? {};
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...rest,
      queries: { retry: false, gcTime: Infinity, staleTime: 0, refetchOnWindowFocus: false, ...queries },
      mutations: { retry: false, ...mutations },
    },
  });
}

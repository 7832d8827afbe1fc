/**
 * What every failed read of the API becomes: an ApiError with a kind the UI can branch on. Apart
 * from the client (client.ts) so that code which only recognises errors (the query client's retry
 * rule, error panels) does not pull in the client and its validation.
 */

export type ApiErrorKind = 'unauthorized' | 'forbidden' | 'not-found' | 'rate-limited' | 'server' | 'network' | 'timeout' | 'malformed' | 'bad-request';

export interface ApiErrorOptions {
  status: number;
  kind: ApiErrorKind;
  message: string;
  /** Seconds to wait before trying again (from Retry-After). */
  retryAfter?: number;
  /** The request path (below the origin), for logs; never carries a key. */
  url?: string;
  /** What the service said was wrong, parameter by parameter (a 400's `{ field, message }` list). */
  fields?: readonly FieldProblem[];
  cause?: unknown;
}

/** One parameter the service refused, and why. */
export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Seconds to wait before retrying, from the Retry-After header; undefined when absent or unreadable. */
  readonly retryAfter: number | undefined;
  readonly url: string | undefined;
  readonly fields: readonly FieldProblem[];

  constructor(options: ApiErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.kind = options.kind;
    this.retryAfter = options.retryAfter;
    this.url = options.url;
    this.fields = options.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

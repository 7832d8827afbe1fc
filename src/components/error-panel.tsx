import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-error.ts';
import { Button } from './ui/button.tsx';

/**
 * What failed, in words, and what to do next. Every route's error page and every panel that
 * loads data uses this, so a 401 reads the same everywhere.
 */

export interface ErrorDescription {
  title: string;
  detail: string;
  /** The parameters the service refused, each with what was wrong (a 400's field list). */
  fields?: readonly { field: string; message: string }[];
  /** Seconds until the app retries by itself (429). */
  retryIn?: number;
}

export function describeError(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): ErrorDescription {
  if (!online) {
    return { title: 'You are offline', detail: 'Check your connection. What was already loaded stays on screen; Retry once you are back online.' };
  }
  if (!isApiError(error)) {
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : 'An unexpected error occurred.' };
  }
  switch (error.kind) {
    case 'unauthorized':
      return {
        title: 'The API key is missing or was rejected (401)',
        detail:
          'The server could not authenticate with the data service. Check API_KEY in the server environment (see .env.example), or unset API_KEY and API_BASE_URL to use sandbox data.',
      };
    case 'forbidden':
      return {
        title: 'Not included in your plan (403)',
        detail: 'Your API key does not give access to this dataset. Live audio and documents are licensed separately; ask your provider to add them.',
      };
    case 'not-found':
      return { title: 'Not found (404)', detail: 'This does not exist, or is no longer available. Check the link, or go back to the list.' };
    case 'rate-limited':
      return {
        title: 'Too many requests (429)',
        detail:
          error.retryAfter !== undefined
            ? 'The data service asked us to slow down; the app tries again when it allows.'
            : 'The data service asked us to slow down. Wait a moment, then retry.',
        retryIn: error.retryAfter,
      };
    case 'server':
      return { title: `The data service failed (${error.status})`, detail: 'This is usually temporary. Retry in a moment.' };
    case 'timeout':
      return { title: 'The data service did not answer in time', detail: 'It may be busy. Retry in a moment.' };
    case 'network':
      return { title: 'Could not reach the server', detail: 'The connection dropped or the server is down. Check your connection, then retry.' };
    case 'malformed':
      return { title: 'The data service sent something we could not read', detail: error.message };
    case 'bad-request':
      return error.fields.length > 0
        ? { title: 'The request was not accepted (400)', detail: 'The data service refused these parameters:', fields: error.fields }
        : { title: 'The request was not accepted (400)', detail: error.message };
  }
}

/** A distinct number per error object, so each new failure starts a fresh countdown. */
const errorIds = new WeakMap<object, number>();
let nextErrorId = 1;
function errorKey(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 0;
  let id = errorIds.get(error);
  if (id === undefined) {
    id = nextErrorId++;
    errorIds.set(error, id);
  }
  return id;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Counts down the service's Retry-After, then tries again by itself (no second click needed). */
function Countdown({ seconds, onDone }: { seconds: number; onDone?: () => void }) {
  const [left, setLeft] = useState(Math.ceil(seconds));
  const fired = useRef(false);
  useEffect(() => {
    if (left <= 0) {
      if (!fired.current) {
        fired.current = true;
        onDone?.();
      }
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
    // onDone is called once, when the countdown reaches zero.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);
  return <span className="tabular"> Next try in {Math.max(0, left)} s.</span>;
}

export function ErrorPanel({
  error,
  onRetry,
  heading = 'h2',
  compact = false,
  action,
  detail: detailOverride,
}: {
  error: unknown;
  /** Words that say more than the kind of failure can, e.g. which record was not found. */
  detail?: string;
  onRetry?: () => void;
  heading?: 'h1' | 'h2' | 'h3';
  compact?: boolean;
  /** Another way on beside Retry, e.g. a link back to the list when a record is not found. */
  action?: ReactNode;
}) {
  const online = useOnline();
  const described = describeError(error, online);
  const { title, retryIn, fields } = described;
  const detail = online && detailOverride !== undefined ? detailOverride : described.detail;
  const Heading = heading;
  return (
    <div
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100 ${compact ? 'p-3' : 'p-5'}`}
    >
      <Heading className={`font-semibold ${compact ? 'text-sm' : 'text-base'}`}>{title}</Heading>
      <p className="mt-1 text-sm">
        {detail}
        {retryIn !== undefined && <Countdown key={errorKey(error)} seconds={retryIn} onDone={onRetry} />}
      </p>
      {fields && fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {fields.map((problem, index) => (
            <li key={index}>
              <code className="font-mono font-semibold">{problem.field}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
      {(onRetry || action) && (
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {onRetry && (
            <Button variant="danger" onClick={onRetry}>
              Retry
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}

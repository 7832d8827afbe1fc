/** ErrorPanel: every failure reads as words a user can act on, with a Retry that works. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/api/api-error.ts';
import { ErrorPanel } from '../../src/components/error-panel.tsx';

function apiError(kind: ApiErrorKind, status: number, extra: { message?: string; retryAfter?: number } = {}): ApiError {
  return new ApiError({ kind, status, message: extra.message ?? `${kind} failure`, retryAfter: extra.retryAfter });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ErrorPanel', () => {
  it.each([
    ['unauthorized', 401, 'The API key is missing or was rejected (401)', /Check API_KEY/],
    ['forbidden', 403, 'Not included in your plan (403)', /does not give access/],
    ['not-found', 404, 'Not found (404)', /does not exist/],
    ['timeout', 0, 'The data service did not answer in time', /may be busy/],
    ['network', 0, 'Could not reach the server', /connection dropped/],
  ] as const)('describes a %s error (%i)', (kind, status, title, detail) => {
    render(<ErrorPanel error={apiError(kind, status)} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(detail);
  });

  it('lists the parameters a 400 refused, each with what was wrong', () => {
    const error = new ApiError({
      kind: 'bad-request',
      status: 400,
      message: 'expand: property expand should not exist; countries must be a valid ISO31661 Alpha2 code',
      fields: [
        { field: 'expand', message: 'property expand should not exist' },
        { field: 'countries', message: 'countries must be a valid ISO31661 Alpha2 code' },
      ],
    });
    render(<ErrorPanel error={error} />);
    expect(screen.getByRole('heading', { name: 'The request was not accepted (400)' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['expand: property expand should not exist', 'countries: countries must be a valid ISO31661 Alpha2 code']);
  });

  it('shows the status of a server failure', () => {
    render(<ErrorPanel error={apiError('server', 503)} />);
    expect(screen.getByRole('heading', { name: 'The data service failed (503)' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/usually temporary/);
  });

  it('shows the message of a malformed response', () => {
    render(<ErrorPanel error={apiError('malformed', 200, { message: 'Field "data" is missing' })} />);
    expect(screen.getByRole('heading', { name: 'The data service sent something we could not read' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Field "data" is missing');
  });

  it('counts down to the next try when rate limited with Retry-After', () => {
    vi.useFakeTimers();
    render(<ErrorPanel error={apiError('rate-limited', 429, { retryAfter: 5 })} />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Too many requests (429)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(/slow down/);
    expect(alert).toHaveTextContent('Next try in 5 s.');
    act(() => vi.advanceTimersByTime(1000));
    expect(alert).toHaveTextContent('Next try in 4 s.');
    for (let i = 0; i < 6; i++) act(() => vi.advanceTimersByTime(1000));
    expect(alert).toHaveTextContent('Next try in 0 s.');
  });

  it('retries by itself when the countdown reaches zero', () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    render(<ErrorPanel error={apiError('rate-limited', 429, { retryAfter: 2 })} onRetry={onRetry} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(onRetry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onRetry).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) act(() => vi.advanceTimersByTime(1000));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('asks the user to wait when rate limited without Retry-After (no countdown)', () => {
    render(<ErrorPanel error={apiError('rate-limited', 429)} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/Wait a moment, then retry/);
    expect(alert).not.toHaveTextContent(/Next try in/);
  });

  it('shows the message of an error that is not an ApiError', () => {
    render(<ErrorPanel error={new TypeError('x is undefined')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('x is undefined');
  });

  it('says something generic for a thrown non-Error', () => {
    render(<ErrorPanel error="boom" />);
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('says "You are offline" when the browser is offline, whatever the error', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ErrorPanel error={apiError('network', 0)} />);
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Check your connection/);
  });

  it('follows the browser going offline and back online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<ErrorPanel error={apiError('network', 0)} />);
    expect(screen.getByRole('heading', { name: 'Could not reach the server' })).toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('heading', { name: 'Could not reach the server' })).toBeInTheDocument();
  });

  it('calls onRetry when Retry is pressed', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorPanel error={apiError('server', 500)} onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry button without onRetry', () => {
    render(<ErrorPanel error={apiError('server', 500)} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('uses the heading level it is given', () => {
    render(<ErrorPanel error={apiError('not-found', 404)} heading="h1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not found (404)' })).toBeInTheDocument();
  });
});

describe('a second 429 after the automatic retry', () => {
  it('starts a fresh countdown and retries again', async () => {
    vi.useFakeTimers();
    try {
      const onRetry = vi.fn();
      const first = new ApiError({ status: 429, kind: 'rate-limited', message: 'slow down', retryAfter: 2 });
      const { rerender } = render(<ErrorPanel error={first} onRetry={onRetry} />);
      for (let second = 0; second < 3; second++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000);
        });
      }
      expect(onRetry).toHaveBeenCalledTimes(1);
      const second = new ApiError({ status: 429, kind: 'rate-limited', message: 'slow down', retryAfter: 2 });
      rerender(<ErrorPanel error={second} onRetry={onRetry} />);
      expect(screen.getByRole('alert')).toHaveTextContent('Next try in 2 s.');
      for (let second = 0; second < 3; second++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000);
        });
      }
      expect(onRetry).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { useEffect, useState } from 'react';
import type { CompareSide, Comparison, TermHistory } from '../../lib/compare/model.ts';
import type { CompareRequest, CompareResponse } from './compare-messages.ts';

/**
 * The comparison of two calls, computed off the main thread: in a Web Worker where the browser has
 * them, else (jsdom, a browser that refuses the worker) on the main thread after yielding once, so
 * the skeleton paints first. A new pair (or term history) starts again; an answer for an older
 * pair is dropped.
 */

export type ComparisonState = { status: 'computing' } | { status: 'done'; comparison: Comparison } | { status: 'failed'; message: string };

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;

function startWorker(): Worker | undefined {
  if (worker || workerFailed || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerFailed = true;
  }
  return worker;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function onMainThread(current: CompareSide, previous: CompareSide, history?: TermHistory): Promise<Comparison> {
  await yieldToBrowser();
  // Loaded only here: where the worker runs, the page never downloads the comparison itself.
  const { compareCalls } = await import('../../lib/compare/index.ts');
  return compareCalls(current, previous, history);
}

/** Compares in the worker; when the worker itself fails (it could not load), on the main thread instead. */
function inWorker(target: Worker, current: CompareSide, previous: CompareSide, history?: TermHistory): Promise<Comparison> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener('message', onMessage);
      target.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<CompareResponse>) => {
      if (event.data.id !== id) return;
      done();
      if (event.data.ok) resolve(event.data.comparison);
      else reject(new Error(event.data.message));
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      done();
      workerFailed = true;
      worker?.terminate();
      worker = undefined;
      onMainThread(current, previous, history).then(resolve, reject);
    };
    target.addEventListener('message', onMessage);
    target.addEventListener('error', onError);
    target.postMessage({ id, current, previous, history } satisfies CompareRequest);
  });
}

/** Compares two calls once, in the worker when there is one. */
export function computeComparison(current: CompareSide, previous: CompareSide, history?: TermHistory): Promise<Comparison> {
  const target = startWorker();
  return target ? inWorker(target, current, previous, history) : onMainThread(current, previous, history);
}

/** The comparison of the two sides once both are known (undefined: still loading). */
export function useComparison(current: CompareSide | undefined, previous: CompareSide | undefined, history?: TermHistory): ComparisonState | undefined {
  const [state, setState] = useState<{ key: unknown[]; value: ComparisonState } | undefined>(undefined);
  const key = [current, previous, history];
  const same = state !== undefined && state.key.every((part, index) => part === key[index]);

  useEffect(() => {
    if (!current || !previous) return;
    let live = true;
    const forKey = [current, previous, history];
    computeComparison(current, previous, history).then(
      (comparison) => live && setState({ key: forKey, value: { status: 'done', comparison } }),
      (error: unknown) => live && setState({ key: forKey, value: { status: 'failed', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [current, previous, history]);

  if (!current || !previous) return undefined;
  return same ? state.value : { status: 'computing' };
}

/// <reference lib="webworker" />
import { compareCalls } from '../../lib/compare/index.ts';
import type { CompareRequest, CompareResponse } from './compare-messages.ts';

/**
 * Compares two calls off the page's thread: two hour-long calls are thousands of sentences to
 * align, and the page stays responsive while this works. One request, one answer, by its id.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CompareRequest>) => {
  const { id, current, previous, history } = event.data;
  let answer: CompareResponse;
  try {
    answer = { id, ok: true, comparison: compareCalls(current, previous, history) };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};

import { act } from 'react';
import { vi } from 'vitest';

/**
 * Fake timers and Date that still flow with real time, from `at`, for component tests that wait for
 * one of the app's intervals (a poll, a mark that fades): Testing Library's waits and user-event go
 * on working on them, and `passes(ms)` moves time on by the interval at once instead of waiting for
 * it. Tests that count what happens in a stretch of time use timers that do not flow
 * (`shouldAdvanceTime: false`) instead. The file's afterEach calls vi.useRealTimers().
 */
export function useFlowingTime(at: string): void {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(at));
}

/** `ms` pass at once: the timers due in them run, and React renders what they changed. */
export async function passes(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

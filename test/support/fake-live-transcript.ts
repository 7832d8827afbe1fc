/**
 * A stand-in for the live transcript tail (src/api/live-transcript.ts) that a test drives by hand:
 * `emit(liveId, view)` hands every subscriber of that call a view, as the tail would after a poll.
 * What is under test is what the app does with the views (alerts, the board), not the tail itself.
 *
 *   const fake = vi.hoisted(() => ...);  vi.mock('../../src/api/live-transcript.ts', () => fake.module);
 */
import { useSyncExternalStore } from 'react';
import type { LiveTranscriptOptions, LiveTranscriptView } from '../../src/api/live-transcript.ts';
import type { LiveSnapshot } from '../../src/lib/transcript/live.ts';
import type { Transcript } from '../../src/lib/transcript/model.ts';

const LOADING: LiveTranscriptView = { state: 'loading', snapshot: undefined };

export function createFakeLiveTranscripts() {
  const listeners = new Map<number, Set<(view: LiveTranscriptView) => void>>();
  const views = new Map<number, LiveTranscriptView>();
  /** Every subscription made: which call, at which pace. */
  const subscriptions: { liveId: number; pace: string | undefined }[] = [];

  function subscribe(liveId: number, listener: (view: LiveTranscriptView) => void, options?: LiveTranscriptOptions): () => void {
    subscriptions.push({ liveId, pace: options?.pace });
    const set = listeners.get(liveId) ?? new Set();
    listeners.set(liveId, set);
    set.add(listener);
    const view = views.get(liveId);
    if (view) listener(view);
    return () => void set.delete(listener);
  }

  function emit(liveId: number, view: LiveTranscriptView): void {
    views.set(liveId, view);
    for (const listener of [...(listeners.get(liveId) ?? [])]) listener(view);
  }

  function useLiveTranscript(liveId: number | undefined, options?: LiveTranscriptOptions & { enabled?: boolean }): LiveTranscriptView {
    const on = liveId !== undefined && options?.enabled !== false;
    return useSyncExternalStore(
      (listener) => (on ? subscribe(liveId, () => listener(), options) : () => {}),
      () => (on ? (views.get(liveId) ?? LOADING) : LOADING),
      () => LOADING,
    );
  }

  /** Calls followed now (a subscriber still listening). */
  function followed(): number[] {
    return [...listeners].filter(([, set]) => set.size > 0).map(([id]) => id);
  }

  function reset(): void {
    listeners.clear();
    views.clear();
    subscriptions.length = 0;
  }

  return { subscribe, emit, useLiveTranscript, followed, subscriptions, reset, module: { subscribeLiveTranscript: subscribe, useLiveTranscript } };
}

/** Sentences as [text, start, end] (seconds), in one paragraph each, as a snapshot would hold them. */
export function liveSnapshot(sentences: readonly (readonly [string, number, number])[], extra: Partial<LiveSnapshot> = {}): LiveSnapshot {
  const speaker = { id: 0, label: 'Speaker 1', mapped: false, kind: 'unknown' } as Transcript['speakers'][number];
  const transcript: Transcript = {
    paragraphs: sentences.map(([text, start, end], index) => ({
      index,
      speaker,
      start,
      end,
      text,
      sentences: [{ index, text, start, end }],
    })),
    speakers: [speaker],
    mapped: false,
  };
  return {
    transcript,
    lastWordEnd: sentences.at(-1)?.[2] ?? 0,
    changed: new Map(),
    revision: sentences.length,
    interruptions: [],
    ...extra,
  };
}

/** A view of a call whose words are arriving. */
export function rolling(sentences: readonly (readonly [string, number, number])[], extra: Partial<LiveSnapshot> = {}): LiveTranscriptView {
  return { state: 'rolling', snapshot: liveSnapshot(sentences, extra) };
}

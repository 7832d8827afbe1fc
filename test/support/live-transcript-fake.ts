/**
 * The one stand-in for the live transcript tail (src/api/live-transcript.ts): a test writes each
 * call's view by hand and everyone who follows that call reads it, through `subscribeLiveTranscript`
 * (the alert watcher) or `useLiveTranscript` (the live page, the board) alike, from one store of
 * views per call. What is under test is what the app does with the views; the tail has tests of its own.
 *
 *   vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);
 *
 * A test with no mocked module (the watcher on its own) passes `liveTranscriptModule.subscribeLiveTranscript`.
 * `setLiveView(liveId, view)` changes a call's view inside Testing Library's act (which marks the
 * environment as one that acts), so a mounted tree has rendered it by the next line;
 * `liveSubscriptions` logs every subscription, `followed()` lists the calls listened to now, and
 * `resetLiveTranscriptFake()` forgets all of it (call it after each test).
 */
import { act } from '@testing-library/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { LiveTranscriptOptions, LiveTranscriptView } from '../../src/api/live-transcript.ts';
import type { LiveSnapshot } from '../../src/lib/transcript/live.ts';
import { buildTranscript, type Transcript } from '../../src/lib/transcript/index.ts';
import type { TranscriptFile } from '../../src/lib/transcript/schema.ts';

const LOADING: LiveTranscriptView = { state: 'loading', snapshot: undefined };
const views = new Map<number, LiveTranscriptView>();
const listeners = new Map<number, Set<(view: LiveTranscriptView) => void>>();

/** Every subscription made (by the hook or directly): which call, at which pace (undefined: the default). */
export const liveSubscriptions: { liveId: number; pace: LiveTranscriptOptions['pace'] }[] = [];

function subscribeLiveTranscript(liveId: number, listener: (view: LiveTranscriptView) => void, options?: LiveTranscriptOptions): () => void {
  liveSubscriptions.push({ liveId, pace: options?.pace });
  const set = listeners.get(liveId) ?? new Set();
  listeners.set(liveId, set);
  set.add(listener);
  const view = views.get(liveId);
  if (view) listener(view);
  return () => void set.delete(listener);
}

function useLiveTranscript(liveId: number | undefined, options?: LiveTranscriptOptions & { enabled?: boolean }): LiveTranscriptView {
  const id = options?.enabled === false ? undefined : liveId;
  const pace = options?.pace;
  const subscribe = useCallback((notify: () => void) => (id === undefined ? () => {} : subscribeLiveTranscript(id, () => notify(), { pace })), [id, pace]);
  const read = () => (id === undefined ? LOADING : (views.get(id) ?? LOADING));
  return useSyncExternalStore(subscribe, read, read);
}

/** What `vi.mock` puts in place of src/api/live-transcript.ts. */
export const liveTranscriptModule = { subscribeLiveTranscript, useLiveTranscript };

/** A call's next view, as the tail would give it after a read: told to every subscriber of that call, inside act. */
export function setLiveView(liveId: number, view: LiveTranscriptView): void {
  act(() => {
    views.set(liveId, view);
    for (const listener of [...(listeners.get(liveId) ?? [])]) listener(view);
  });
}

/** The calls followed now (a subscriber still listening), in the order first followed. */
export function followed(): number[] {
  return [...listeners].filter(([, set]) => set.size > 0).map(([liveId]) => liveId);
}

/** Forgets every view, subscriber and logged subscription. */
export function resetLiveTranscriptFake(): void {
  views.clear();
  listeners.clear();
  liveSubscriptions.length = 0;
}

/** A paragraph of the test's call: who says it (a speaker id of the mapping), and its sentences with their times. */
export type Said = [speaker: number, sentences: [text: string, start: number, end: number][]];

/** The call's people: an operator, the CEO, two analysts. */
export const SPEAKERS: TranscriptFile['speaker_mapping'] = [
  { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
  { speaker: 1, speaker_data: { name: 'Dana Whitfield', role: 'Chief Executive Officer', company: 'Calarica Foods' } },
  { speaker: 2, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate Securities' } },
  { speaker: 3, speaker_data: { name: 'Tom Okafor', role: 'Analyst', company: 'Harbor Capital' } },
];

/** A transcript built the way every reader builds one (the live model reads its file into the same shape). */
export function transcriptOf(said: readonly Said[], mapping: TranscriptFile['speaker_mapping'] = SPEAKERS): Transcript {
  return buildTranscript({
    speaker_mapping: mapping,
    transcript: {
      paragraphs: said.map(([speaker, sentences]) => ({
        speaker,
        start: sentences[0]![1],
        end: sentences.at(-1)![2],
        text: sentences.map(([text]) => text).join(' '),
        sentences: sentences.map(([text, start, end]) => ({ text, start, end })),
      })),
    },
  });
}

/** A snapshot of a live file read so far. */
export function snapshotOf(transcript: Transcript, over: Partial<LiveSnapshot> = {}): LiveSnapshot {
  const lastWordEnd = transcript.paragraphs.at(-1)?.end ?? 0;
  return { transcript, lastWordEnd, changed: new Map(), revision: 1, interruptions: [], version: '1.7', ...over };
}

/**
 * The short form: a call whose words are arriving, its sentences as [text, start, end] (seconds), each
 * a paragraph of its own (the operator's), the revision counting them.
 */
export function rolling(sentences: readonly (readonly [text: string, start: number, end: number])[], over: Partial<LiveSnapshot> = {}): LiveTranscriptView {
  const said = sentences.map(([text, start, end]): Said => [0, [[text, start, end]]]);
  return { state: 'rolling', snapshot: snapshotOf(transcriptOf(said), { revision: sentences.length, ...over }) };
}

/**
 * A stand-in for src/api/live-transcript.ts in tests of the live page: the page reads the view a
 * test sets, line by line as the test writes it (the tail itself is tested on its own). Use with
 *
 *   vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);
 *
 * and `setLiveView(liveId, view)` to change what the page reads.
 */
import { act, useSyncExternalStore } from 'react';
import type { LiveTranscriptOptions, LiveTranscriptView } from '../../src/api/live-transcript.ts';
import type { LiveSnapshot } from '../../src/lib/transcript/live.ts';
import { buildTranscript, type Transcript } from '../../src/lib/transcript/index.ts';
import type { TranscriptFile } from '../../src/lib/transcript/schema.ts';

const LOADING: LiveTranscriptView = { state: 'loading', snapshot: undefined };
const views = new Map<number, LiveTranscriptView>();
const listeners = new Set<() => void>();
/** Every call the page made: which call, how often, and whether it followed it. */
export const liveTranscriptCalls: { liveId: number | undefined; options: (LiveTranscriptOptions & { enabled?: boolean }) | undefined }[] = [];

export function setLiveView(liveId: number, view: LiveTranscriptView): void {
  act(() => {
    views.set(liveId, view);
    for (const listener of listeners) listener();
  });
}

export function resetLiveViews(): void {
  views.clear();
  liveTranscriptCalls.length = 0;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const liveTranscriptModule = {
  useLiveTranscript(liveId: number | undefined, options?: LiveTranscriptOptions & { enabled?: boolean }): LiveTranscriptView {
    liveTranscriptCalls.push({ liveId, options });
    const read = () => (liveId === undefined || options?.enabled === false ? LOADING : (views.get(liveId) ?? LOADING));
    return useSyncExternalStore(subscribe, read, read);
  },
  subscribeLiveTranscript(): () => void {
    return () => {};
  },
};

/** A paragraph of the test's call: who says it (a speaker id of the mapping), and its sentences with their times. */
export type Said = [speaker: number, sentences: [text: string, start: number, end: number][]];

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

/** The call's people: an operator, the CEO, two analysts. */
export const SPEAKERS: TranscriptFile['speaker_mapping'] = [
  { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
  { speaker: 1, speaker_data: { name: 'Dana Whitfield', role: 'Chief Executive Officer', company: 'Calarica Foods' } },
  { speaker: 2, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate Securities' } },
  { speaker: 3, speaker_data: { name: 'Tom Okafor', role: 'Analyst', company: 'Harbor Capital' } },
];

/** A snapshot of a live file read so far. */
export function snapshotOf(transcript: Transcript, over: Partial<LiveSnapshot> = {}): LiveSnapshot {
  const lastWordEnd = transcript.paragraphs.at(-1)?.end ?? 0;
  return { transcript, lastWordEnd, changed: new Map(), revision: 1, interruptions: [], version: '1.7', ...over };
}

/**
 * A real sandbox call, followed end to end by the live transcript tail: the record from
 * `/live/transcripts/{id}?transcriptVersion=1.7`, then the growing 1.7 file read with Range as the
 * sandbox clock moves in step with the tail's own (manual) clock, until the end record. Once its
 * refinements are applied, what was read must be what the 1.6 file (no refinements) says, read
 * whole after the call: the same paragraphs, speakers and words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveTranscriptHub, type LiveTranscriptScheduler, type LiveTranscriptView } from '../../src/api/live-transcript.ts';
import { findQuestions } from '../../src/lib/transcript/index.ts';
import { createLiveTranscriptReader } from '../../src/lib/transcript/live.ts';
import { clock, forwardToSandbox, sandbox, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** The tail's clock, and the sandbox's moved with it. */
class SteppedScheduler implements LiveTranscriptScheduler {
  private timer: { at: number; callback: () => void } | undefined;
  private wake: (() => void) | undefined;
  now = () => clock.now();
  setTimeout = (callback: () => void, ms: number) => {
    this.timer = { at: clock.now() + ms, callback };
    this.wake?.();
    return 1;
  };
  clearTimeout = () => {
    this.timer = undefined;
  };
  async tick(): Promise<void> {
    while (!this.timer) await new Promise<void>((resolve) => (this.wake = resolve));
    const { at, callback } = this.timer;
    this.timer = undefined;
    clock.set(at);
    callback();
  }
}

let leave: (() => void) | undefined;
afterEach(() => leave?.());

describe('a sandbox live call, tailed to its end', () => {
  it('reads every line once, applies the refinements, and ends with what the 1.6 file says', async () => {
    // A call about to go live: its record has no file yet, then the whole call is read.
    const liveId = sandbox.sampleIds().willBeLiveId!;
    const scheduler = new SteppedScheduler();
    const hub = createLiveTranscriptHub({ scheduler, isHidden: () => false });
    let last: LiveTranscriptView | undefined;
    let changedSeen = 0;
    let reached: () => void = () => {};
    const over = new Promise<void>((resolve) => (reached = resolve));
    leave = hub.subscribe(liveId, (view) => {
      last = view;
      if (view.snapshot && view.snapshot.changed.size > 0) changedSeen++;
      if (view.state === 'ended' || view.state === 'unavailable') reached();
    });
    let ticks = 0;
    // Each tick fires the tail's timer (the sandbox clock moves to it) once its read is done; the
    // last read sets no timer: the end (or a failure) is awaited alongside.
    while (last?.state !== 'ended' && last?.state !== 'unavailable') {
      await Promise.race([scheduler.tick(), over]);
      ticks++;
      expect(ticks, 'the call ends').toBeLessThan(1_000);
    }
    expect(last.state).toBe('ended');
    const snapshot = last.snapshot!;
    expect(snapshot.version).toBe('1.7');
    expect(snapshot.end?.code).toBe(0);
    expect(last.message).toBeUndefined();
    expect(changedSeen).toBeGreaterThan(0);

    // No byte twice: what came over the network is the file.
    const counters = hub.counters(liveId)!;
    const url17 = `${TEST_ORIGIN}/sandbox-files/live/${liveId}/transcript-1.7.jsonl`;
    const whole17 = new Uint8Array(await (await forwardToSandbox(new Request(url17))).arrayBuffer());
    expect(counters.bytes).toBe(whole17.length);
    expect(counters.fileBytes).toBe(whole17.length);

    // The 1.6 file, read whole now that the call is over.
    const reader = createLiveTranscriptReader();
    reader.push(await (await forwardToSandbox(new Request(url17.replace('1.7', '1.6')))).text());
    const plain = reader.snapshot();
    const shape = (s: typeof plain) => s.transcript.paragraphs.map((p) => [p.speaker.label, p.text]);
    expect(plain.transcript.paragraphs.length).toBeGreaterThan(5);
    expect(shape(snapshot)).toEqual(shape(plain));
    expect(snapshot.qnaStart).toBe(plain.qnaStart);
    if (snapshot.qnaStart !== undefined) {
      const questions = findQuestions(snapshot.transcript, { qna: snapshot.qnaStart });
      expect(questions.map((q) => q.asker)).toEqual(findQuestions(plain.transcript, { qna: plain.qnaStart! }).map((q) => q.asker));
    }
  });
});

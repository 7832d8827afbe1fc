import { describe, expect, it } from 'vitest';
import { oneTranscriptPerCall } from '../../src/lib/transcript-records.ts';

const doc = (id: number, eventId: number, typeId: number, createdAt: string | null) => ({ id, eventId, typeId, createdAt });
const sandboxTypes: Record<number, string> = { 10: 'Transcript (Raw)', 11: 'Transcript (Edited)' };

describe('oneTranscriptPerCall', () => {
  it('shows a call once, with its edited transcript, and keeps the raw one beside it', () => {
    const raw = doc(1, 70, 10, '2026-07-21T23:00:00Z');
    const edited = doc(2, 70, 11, '2026-07-22T09:00:00Z');
    const other = doc(3, 71, 10, '2026-04-18T09:00:00Z');
    expect(oneTranscriptPerCall([raw, other, edited], (id) => sandboxTypes[id])).toEqual([
      { transcript: edited, others: [raw] },
      { transcript: other, others: [] },
    ]);
  });

  it('prefers the edited type even when the raw one was published later', () => {
    const edited = doc(5, 80, 11, '2026-01-01T00:00:00Z');
    const raw = doc(6, 80, 10, '2026-02-01T00:00:00Z');
    expect(oneTranscriptPerCall([raw, edited], (id) => sandboxTypes[id])[0]).toEqual({ transcript: edited, others: [raw] });
  });

  it('takes the later published transcript when the type names do not tell (or are not loaded yet)', () => {
    const first = doc(7, 90, 15, '2026-03-01T10:00:00Z');
    const later = doc(8, 90, 22, '2026-03-02T10:00:00Z');
    expect(oneTranscriptPerCall([first, later], () => undefined)).toEqual([{ transcript: later, others: [first] }]);
    const names: Record<number, string> = { 15: 'Transcript', 22: 'In-house transcript' };
    expect(oneTranscriptPerCall([later, first], (id) => names[id])).toEqual([{ transcript: later, others: [first] }]);
  });

  it('returns nothing for no transcripts', () => {
    expect(oneTranscriptPerCall([], () => undefined)).toEqual([]);
  });
});

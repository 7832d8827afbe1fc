import { describe, expect, it } from 'vitest';
import { companyCalls, previousCallOfKind, type CompanyCall } from '../../src/features/compare/company-calls.ts';

/** The calls the comparison offers, and which one a call is compared with when the address does not say. */

const call = (eventId: number, typeId: number, date: string | null, hasTranscript = true): CompanyCall => ({
  eventId,
  typeId,
  title: null,
  fiscalYear: null,
  fiscalPeriod: null,
  date,
  hasTranscript,
});

// Types 26 to 29 are the earnings call's quarters (family "Earnings Call"), 4 an AGM, 237 a conference.
const KINDS: Record<number, string> = { 26: 'earnings-call', 27: 'earnings-call', 28: 'earnings-call', 29: 'earnings-call', 4: 'annual-general-meeting' };
const kind = (typeId: number) => KINDS[typeId];

const q1 = call(899, 26, '2026-04-24T09:00:00.000Z');
const agm = call(968, 4, '2026-05-30T13:00:00.000Z');
const q2 = call(1082, 27, '2026-07-23T09:00:00.000Z');
const conference = call(1134, 237, '2026-11-12T13:00:00.000Z');
const conferenceBefore = call(782, 237, '2025-12-07T17:00:00.000Z');
const q3NoTranscript = call(1145, 28, '2026-11-21T11:55:00.000Z', false);
const q4 = call(841, 29, '2026-02-02T09:00:00.000Z');

describe('the previous call of the same kind', () => {
  it('is the newest earlier call of the same family, whatever its quarter, skipping other kinds', () => {
    const calls = [conference, q2, agm, q1, q4];
    expect(previousCallOfKind(calls, q2, kind)?.eventId).toBe(899);
    expect(previousCallOfKind(calls, q1, kind)?.eventId).toBe(841);
  });

  it('skips a call without a transcript, and a call of the same kind dated after', () => {
    expect(previousCallOfKind([q3NoTranscript, q2, q1], q3NoTranscript, kind)?.eventId).toBe(1082);
    expect(previousCallOfKind([q3NoTranscript, q2, call(700, 26, '2026-03-01T00:00:00.000Z', false)], q2, kind)).toBeUndefined();
  });

  it('a type of unknown family is its own kind; nothing earlier of it: none', () => {
    expect(previousCallOfKind([conference, conferenceBefore, q2], conference, kind)?.eventId).toBe(782);
    expect(previousCallOfKind([conference, q2], conference, kind)).toBeUndefined();
  });
});

describe('the calls the pickers offer', () => {
  it('one per event with a transcript, newest first; the named events without one added, said so', () => {
    const doc = (id: number, eventId: number, date: string, fiscalPeriod: string) => ({
      id,
      companyId: 75,
      eventId,
      typeId: 15,
      fileUrl: null,
      createdAt: null,
      updatedAt: null,
      event: { title: null, typeId: 26, fiscalYear: 2026, fiscalPeriod, language: 'en', date },
    });
    const event = {
      id: 1145,
      companyId: 75,
      title: 'Q3',
      typeId: 28,
      date: '2026-11-21T11:55:00.000Z',
      language: 'en',
      fiscalYear: 2026,
      fiscalPeriod: 'Q3',
      backlinkUrl: null,
      createdAt: null,
      updatedAt: null,
    };
    const calls = companyCalls(
      [doc(1, 899, '2026-04-24T09:00:00.000Z', 'Q1'), doc(2, 1082, '2026-07-23T09:00:00.000Z', 'Q2'), doc(3, 899, '2026-04-24T09:00:00.000Z', 'Q1')],
      [event],
    );
    expect(calls.map((c) => [c.eventId, c.fiscalPeriod, c.hasTranscript])).toEqual([
      [1145, 'Q3', false],
      [1082, 'Q2', true],
      [899, 'Q1', true],
    ]);
  });
});

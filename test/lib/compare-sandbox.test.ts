/**
 * Two of the sandbox's recorded calls compared as an analyst meets them: Bryrite's Q1 2026 call
 * speaks recorded call 4 (tariffs) and its Q2 2026 call recorded call 6 (AI and data center
 * demand). Every expected value is read off the scripts (scripts/media/calls/call-4.txt, call-6.txt)
 * by hand: revenue growth 5% then 9%, gross margin 39.8% then 41.9%, operating margin 14.6% then
 * 16.8%, earnings per share $1.01 then $1.08, free cash flow $31 then $96 million, full-year revenue
 * growth guidance 6–8% then 4–6%.
 */
import { describe, expect, it } from 'vitest';
import { compareCalls } from '../../src/lib/compare/index.ts';
import { callScript, servedTranscript } from '../support/sandbox-calls.ts';

const q2 = callScript(6);
const q1 = callScript(4);

describe.each(['edited', 'raw'] as const)('Q2 (call 6) against Q1 (call 4), %s transcripts', (kind) => {
  const comparison = compareCalls({ transcript: servedTranscript(q2, kind), qna: q2.qna }, { transcript: servedTranscript(q1, kind), qna: q1.qna });

  it('lists the numbers that moved, guidance first, each with its moment in both calls', () => {
    expect(comparison.figures.slice(0, 7).map((figure) => figure.summary)).toEqual([
      'Revenue growth guidance 4–6% (was 6–8%)',
      'One time costs guidance (not said this quarter, was 0.5 pts)',
      'Free cash flow $96 million (was $31 million, +209.7%)',
      'Revenue growth +9% (was +5%, +4 pts)',
      'Operating margin 16.8% (was 14.6%, +2.2 pts)',
      'Gross margin 41.9% (was 39.8%, +2.1 pts)',
      'Earnings per share $1.08 (was $1.01, +6.9%)',
    ]);
    const margin = comparison.figures.find((figure) => figure.measure === 'gross margin');
    // "Gross margin was forty one point nine percent…" at 69.009 s in call 6, "…thirty nine point eight percent…" at 71.102 s in call 4.
    expect([margin?.current?.at.start, margin?.previous?.at.start]).toEqual([69.009, 71.102]);
  });

  it('finds data center new and tariffs dropped', () => {
    expect(comparison.terms.added.find((term) => term.term === 'data center')).toMatchObject({ count: 5, otherCount: 0 });
    expect(comparison.terms.dropped[0]).toMatchObject({ term: 'tariffs', count: 11, otherCount: 0 });
  });

  it('splits both calls at the Q&A and says how', () => {
    expect(comparison.sections.map((section) => [section.key, section.foundBy])).toEqual([
      ['prepared', 'qna-offset'],
      ['qna', 'qna-offset'],
    ]);
    expect([comparison.currentEdited, comparison.previousEdited]).toEqual(kind === 'edited' ? [true, true] : [false, false]);
  });
});

describe('the questions of the two calls', () => {
  const comparison = compareCalls({ transcript: servedTranscript(q2, 'edited'), qna: q2.qna }, { transcript: servedTranscript(q1, 'edited'), qna: q1.qna });

  it("sets this quarter's analysts beside last quarter's: two regulars, one new each", () => {
    const askers = (side: 'current' | 'previous') => comparison.questions[side].questions.map((q) => `${q.asker}, ${q.firm}`);
    expect(askers('current')).toEqual(['Ravi Menon, Silverline Equity Research', 'Priya Raman, Northgate Securities', 'Daniel Okafor, Halvard Brook Partners']);
    expect(askers('previous')).toEqual([
      'Priya Raman, Northgate Securities',
      'Nadia Ferreira, Brightwater Securities',
      'Daniel Okafor, Halvard Brook Partners',
    ]);
  });
});

import type { Comparison, SentenceRef, SpokenFigure } from '../../src/lib/compare/model.ts';
import type { TranscriptSpeaker } from '../../src/lib/transcript/speakers.ts';

/**
 * A comparison of two calls, built by hand as the comparison library (src/lib/compare) would give
 * it: Bramane Foods' Q2 2026 call (edited transcript) compared with its Q1 2026 call (a machine
 * transcript, speakers numbered). The page's tests draw this, so they test the page, not the
 * library's reading of the sandbox's calls.
 */

const cfo: TranscriptSpeaker = { id: 2, label: 'Ana Ruiz', detail: 'Chief Financial Officer, Bramane Foods', mapped: true, kind: 'executive' };
const speaker3: TranscriptSpeaker = { id: 3, label: 'Speaker 3', mapped: false, kind: 'unknown' };
const analyst: TranscriptSpeaker = {
  id: 5,
  label: 'Beatrix Holm',
  detail: 'Analyst, Nordvik Capital',
  company: 'Nordvik Capital',
  mapped: true,
  kind: 'analyst',
};
const speaker5: TranscriptSpeaker = { id: 5, label: 'Speaker 5', mapped: false, kind: 'unknown' };

const at = (sentence: number, text: string, start: number, speaker: TranscriptSpeaker): SentenceRef => ({ sentence, text, start, speaker });

export const SAME_OPENING = 'Thank you, and good morning everyone.';
export const MARGIN_NOW = 'Gross margin was thirty nine point eight percent, down from last quarter.';
export const MARGIN_WAS = 'Gross margin was forty one point two percent, up from last quarter.';
export const TARIFFS = 'Tariffs weighed on our European business this quarter.';
export const DATA_CENTER = 'Data center demand stayed strong across every region.';
export const QNA_SAME = 'Can you talk about pricing in Europe?';

const marginNow = at(4, MARGIN_NOW, 45.5, cfo);
const marginWas = at(4, MARGIN_WAS, 44.25, speaker3);
const tariffs = at(5, TARIFFS, 52.25, cfo);
const dataCenter = at(6, DATA_CENTER, 58.75, speaker3);
const guidanceNow = at(9, 'For the full year we now expect revenue growth of four to six percent.', 81, cfo);
const guidanceWas = at(9, 'For the full year we expect revenue growth of three to five percent.', 79.5, speaker3);

const figure = (measure: string, label: string, value: number, ref: SentenceRef, guidance: boolean, said: string): SpokenFigure => ({
  measure,
  label,
  value,
  unit: 'percent',
  guidance,
  said,
  at: ref,
});

export const COMPARISON: Comparison = {
  currentEdited: true,
  previousEdited: false,
  sections: [
    {
      key: 'prepared',
      title: 'Prepared remarks',
      foundBy: 'chapters',
      groups: [
        {
          speaker: 'Chief Financial Officer',
          changes: [
            { kind: 'same', current: at(3, SAME_OPENING, 31.2, cfo), previous: at(3, SAME_OPENING, 30.9, speaker3) },
            {
              kind: 'changed',
              current: marginNow,
              previous: marginWas,
              currentWords: [
                { text: 'Gross margin was', changed: false },
                { text: 'thirty nine point eight', changed: true },
                { text: 'percent,', changed: false },
                { text: 'down', changed: true },
                { text: 'from last quarter.', changed: false },
              ],
              previousWords: [
                { text: 'Gross margin was', changed: false },
                { text: 'forty one point two', changed: true },
                { text: 'percent,', changed: false },
                { text: 'up', changed: true },
                { text: 'from last quarter.', changed: false },
              ],
            },
            { kind: 'new', current: tariffs },
            { kind: 'dropped', previous: dataCenter },
          ],
        },
      ],
    },
    {
      key: 'qna',
      title: 'Q&A',
      foundBy: 'qna-offset',
      groups: [{ changes: [{ kind: 'same', current: at(20, QNA_SAME, 103.5, analyst), previous: at(18, QNA_SAME, 100.75, speaker5) }] }],
    },
  ],
  counts: { same: 2, changed: 1, new: 1, dropped: 1 },
  figures: [
    {
      measure: 'revenue growth',
      label: 'Full-year revenue growth',
      guidance: true,
      current: figure('revenue growth', 'Full-year revenue growth', 5, guidanceNow, true, 'four to six percent'),
      previous: figure('revenue growth', 'Full-year revenue growth', 4, guidanceWas, true, 'three to five percent'),
      delta: 1,
      deltaUnit: 'pts',
      summary: 'Full-year revenue growth guidance 4% to 6% (was 3% to 5%)',
    },
    {
      measure: 'gross margin',
      label: 'Gross margin',
      guidance: false,
      current: figure('gross margin', 'Gross margin', 39.8, marginNow, false, 'thirty nine point eight percent'),
      previous: figure('gross margin', 'Gross margin', 41.2, marginWas, false, 'forty one point two percent'),
      delta: -1.4,
      deltaUnit: 'pts',
      summary: 'Gross margin 39.8% (was 41.2%, −1.4 pts)',
    },
  ],
  terms: {
    added: [{ term: 'tariffs', count: 3, otherCount: 0, score: 2.5, first: tariffs }],
    dropped: [{ term: 'data center', count: 2, otherCount: 0, score: 1.8, first: dataCenter }],
  },
  questions: {
    current: {
      questions: [{ number: 1, asker: 'Beatrix Holm', firm: 'Nordvik Capital', start: 103.5, end: 125, firstSentence: 20, answeredBy: [cfo] }],
      subjects: [['pricing', 'Europe']],
    },
    previous: {
      questions: [{ number: 1, asker: 'Mateo Ruiz', firm: 'Calloway Grant Research', start: 100.75, end: 122, firstSentence: 18, answeredBy: [] }],
      subjects: [['data center']],
    },
  },
};

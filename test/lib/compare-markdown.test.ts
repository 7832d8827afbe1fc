import { describe, expect, it } from 'vitest';
import { comparisonToMarkdown, type CompareHeading } from '../../src/lib/compare/markdown.ts';
import type { Comparison, SentenceRef, SpokenFigure } from '../../src/lib/compare/model.ts';
import type { TranscriptSpeaker } from '../../src/lib/transcript/speakers.ts';

const CFO: TranscriptSpeaker = { id: 3, label: 'Ana Ruiz', detail: 'Chief Financial Officer, Acme', company: 'Acme', mapped: true, kind: 'executive' };
const CEO: TranscriptSpeaker = { id: 2, label: 'Bo Lind', detail: 'Chief Executive Officer, Acme', company: 'Acme', mapped: true, kind: 'executive' };
const SPEAKER_2: TranscriptSpeaker = { id: 1, label: 'Speaker 2', mapped: false, kind: 'unknown' };

const ref = (sentence: number, start: number, text: string, speaker: TranscriptSpeaker): SentenceRef => ({ sentence, start, text, speaker });

const margin = (value: number, at: SentenceRef): SpokenFigure => ({
  measure: 'gross margin',
  label: 'Gross margin',
  value,
  unit: 'percent',
  guidance: false,
  said: '',
  at,
});

const heading: CompareHeading = {
  company: 'Acme',
  current: { title: 'Q3 2026 earnings call', link: (seconds) => `https://desk.example/recordings/11?t=${Math.floor(seconds)}` },
  previous: { title: 'Q2 2026 earnings call', link: (seconds) => `https://desk.example/recordings/7?t=${Math.floor(seconds)}` },
  page: 'https://desk.example/compare?call=30&with=29',
};

const nowMargin = ref(12, 754.2, 'Gross margin was thirty nine point eight percent.', CFO);
const thenMargin = ref(10, 731, 'Gross margin was forty one point two percent.', CFO);

const comparison: Comparison = {
  currentEdited: true,
  previousEdited: false,
  counts: { same: 40, changed: 2, new: 1, dropped: 1 },
  sections: [
    {
      key: 'prepared',
      title: 'Prepared remarks',
      foundBy: 'chapters',
      groups: [
        {
          speaker: 'Chief Executive Officer',
          changes: [
            { kind: 'same', current: ref(3, 60, 'Thank you.', CEO), previous: ref(3, 58, 'Thank you.', CEO) },
            { kind: 'new', current: ref(5, 95, 'Tariffs raised our costs by *about* eleven million dollars.', CEO) },
          ],
        },
        {
          speaker: 'Chief Financial Officer',
          changes: [
            {
              kind: 'changed',
              current: nowMargin,
              previous: thenMargin,
              currentWords: [
                { text: 'Gross', changed: false },
                { text: 'margin', changed: false },
                { text: 'was', changed: false },
                { text: 'thirty', changed: true },
                { text: 'nine', changed: true },
                { text: 'point', changed: false },
                { text: 'eight', changed: true },
                { text: 'percent.', changed: false },
              ],
              previousWords: [
                { text: 'Gross', changed: false },
                { text: 'margin', changed: false },
                { text: 'was', changed: false },
                { text: 'forty', changed: true },
                { text: 'one', changed: true },
                { text: 'point', changed: false },
                { text: 'two', changed: true },
                { text: 'percent.', changed: false },
              ],
            },
            {
              kind: 'changed',
              current: ref(13, 3725, 'We are keeping our guidance of four to six percent growth.', CFO),
              previous: ref(11, 760, 'We are raising our guidance to four to six percent growth.', CFO),
              currentWords: [
                { text: 'We', changed: false },
                { text: 'are', changed: false },
                { text: 'keeping', changed: true },
                { text: 'our', changed: false },
                { text: 'guidance', changed: false },
                { text: 'of', changed: true },
                { text: 'four', changed: false },
                { text: 'to', changed: false },
                { text: 'six', changed: false },
                { text: 'percent', changed: false },
                { text: 'growth.', changed: false },
              ],
              previousWords: [
                { text: 'We', changed: false },
                { text: 'are', changed: false },
                { text: 'raising', changed: true },
                { text: 'our', changed: false },
                { text: 'guidance', changed: false },
                { text: 'to', changed: true },
                { text: 'four', changed: false },
                { text: 'to', changed: false },
                { text: 'six', changed: false },
                { text: 'percent', changed: false },
                { text: 'growth.', changed: false },
              ],
            },
          ],
        },
      ],
    },
    {
      key: 'qna',
      title: 'Q&A',
      foundBy: 'qna-offset',
      groups: [{ changes: [{ kind: 'dropped', previous: ref(30, 1500, 'How is the [cost program] going?', SPEAKER_2) }] }],
    },
  ],
  figures: [
    {
      measure: 'revenue growth guidance',
      label: 'Revenue growth guidance',
      guidance: true,
      summary: 'Revenue growth guidance 4–6% (was 3–5%)',
      current: { ...margin(4, nowMargin), high: 6, measure: 'revenue growth', guidance: true, at: ref(13, 3725, '', CFO) },
      previous: { ...margin(3, thenMargin), high: 5, measure: 'revenue growth', guidance: true, at: ref(11, 760, '', CFO) },
    },
    {
      measure: 'gross margin',
      label: 'Gross margin',
      guidance: false,
      summary: 'Gross margin 39.8% (was 41.2%, −1.4 pts)',
      current: margin(39.8, nowMargin),
      previous: margin(41.2, thenMargin),
      delta: -1.4,
      deltaUnit: 'pts',
    },
    {
      measure: 'net leverage',
      label: 'Net leverage',
      guidance: false,
      summary: 'Net leverage (not said this quarter, was 2.1x)',
      previous: margin(2.1, thenMargin),
    },
  ],
  terms: {
    added: [{ term: 'tariffs', count: 7, otherCount: 0, callsWith: 1, calls: 8, score: 3, first: ref(5, 95, '', CEO) }],
    dropped: [{ term: 'cost_program', count: 4, otherCount: 1, score: 2 }],
  },
  questions: { current: { questions: [], subjects: [] }, previous: { questions: [], subjects: [] } },
};

describe('comparisonToMarkdown', () => {
  it('writes the morning note: the pair, what is compared, numbers, terms, changed sentences by section and speaker', () => {
    expect(comparisonToMarkdown(comparison, heading)).toBe(
      [
        '# Acme: Q3 2026 earnings call compared with Q2 2026 earnings call',
        '',
        'Compared: the edited transcript of Q3 2026 earnings call with the machine transcript (speakers numbered, not named) of Q2 2026 earnings call.',
        '2 sentences changed, 1 new, 1 dropped, 40 the same. [Open the comparison](https://desk.example/compare?call=30&with=29)',
        '',
        '## Numbers that moved',
        '',
        '- Revenue growth guidance 4–6% (was 3–5%): [▶ this call 1:02:05](https://desk.example/recordings/11?t=3725), [▶ previous call 12:40](https://desk.example/recordings/7?t=760)',
        '- Gross margin 39.8% (was 41.2%, −1.4 pts): [▶ this call 12:34](https://desk.example/recordings/11?t=754), [▶ previous call 12:11](https://desk.example/recordings/7?t=731)',
        '- Net leverage (not said this quarter, was 2.1x): [▶ previous call 12:11](https://desk.example/recordings/7?t=731)',
        '',
        '## New this quarter',
        '',
        '- **tariffs**: 7 times this quarter, 0 in the previous call; said in 1 of the last 8 calls [▶ first said 1:35](https://desk.example/recordings/11?t=95)',
        '',
        '## Dropped since last quarter',
        '',
        '- **cost\\_program**: 4 times in the previous call, 1 this quarter',
        '',
        '## Changed sentences',
        '',
        '### Prepared remarks',
        '',
        '**Ana Ruiz (Chief Financial Officer, Acme)**',
        '',
        '- [▶ 12:34](https://desk.example/recordings/11?t=754) Gross margin was **thirty nine** point **eight** percent.',
        '  - Previous call, [▶ 12:11](https://desk.example/recordings/7?t=731) Gross margin was **forty one** point **two** percent.',
        '- [▶ 1:02:05](https://desk.example/recordings/11?t=3725) We are **keeping** our guidance **of** four to six percent growth.',
        '  - Previous call, [▶ 12:40](https://desk.example/recordings/7?t=760) We are **raising** our guidance **to** four to six percent growth.',
        '',
        '#### New this quarter',
        '',
        '**Bo Lind (Chief Executive Officer, Acme)**',
        '',
        '- [▶ 1:35](https://desk.example/recordings/11?t=95) Tariffs raised our costs by \\*about\\* eleven million dollars.',
        '',
        '### Q&A',
        '',
        '#### Dropped since last quarter',
        '',
        '**Speaker 2**',
        '',
        '- [▶ 25:00](https://desk.example/recordings/7?t=1500) How is the \\[cost program\\] going?',
        '',
      ].join('\n'),
    );
  });

  it('lists each call’s questions as the page does: who asked, from which firm, on what, a link to each; a call without questions says so', () => {
    const asked: Comparison = {
      ...comparison,
      questions: {
        current: {
          questions: [
            { number: 1, asker: 'Priya Raman', firm: 'Northgate Securities', start: 1805.4, end: 1900, answeredBy: [CFO] },
            { number: 2, asker: 'Speaker 4', start: 1900, end: 2000, answeredBy: [] },
          ],
          subjects: [['tariffs cost', 'steel prices'], []],
        },
        previous: { questions: [], subjects: [] },
      },
    };
    const markdown = comparisonToMarkdown(asked, heading);
    expect(markdown).toContain(
      [
        '- **cost\\_program**: 4 times in the previous call, 1 this quarter',
        '',
        '## Questions',
        '',
        '### This call: Q3 2026 earnings call',
        '',
        '- Priya Raman, Northgate Securities: on tariffs cost, steel prices [▶ 30:05](https://desk.example/recordings/11?t=1805)',
        '- Speaker 4 [▶ 31:40](https://desk.example/recordings/11?t=1900)',
        '',
        '### Previous call: Q2 2026 earnings call',
        '',
        'No questions found.',
        '',
        '## Changed sentences',
      ].join('\n'),
    );
  });

  it('says when there is nothing to list, and keeps a link whole whatever its address holds', () => {
    const empty: Comparison = {
      ...comparison,
      currentEdited: false,
      counts: { same: 12, changed: 0, new: 0, dropped: 0 },
      sections: [{ key: 'prepared', title: 'Prepared remarks', foundBy: 'none', groups: [{ changes: [comparison.sections[0]!.groups[0]!.changes[0]!] }] }],
      figures: [],
      terms: { added: [], dropped: [] },
    };
    const markdown = comparisonToMarkdown(empty, { ...heading, company: 'A*B #1', page: 'https://desk.example/compare?call=1&with=(2) x' });
    expect(markdown).toBe(
      [
        '# A\\*B \\#1: Q3 2026 earnings call compared with Q2 2026 earnings call',
        '',
        'Compared: the machine transcript (speakers numbered, not named) of Q3 2026 earnings call with the machine transcript (speakers numbered, not named) of Q2 2026 earnings call.',
        '0 sentences changed, 0 new, 0 dropped, 12 the same. [Open the comparison](https://desk.example/compare?call=1&with=%282%29%20x)',
        '',
        '## Numbers that moved',
        '',
        'No figure was said with what it measures in either call.',
        '',
        '## New this quarter',
        '',
        'No new terms.',
        '',
        '## Dropped since last quarter',
        '',
        'No dropped terms.',
        '',
        '## Changed sentences',
        '',
        'No sentence changed, and none is new or dropped.',
        '',
      ].join('\n'),
    );
  });
});

/**
 * The sentence alignment of two calls (src/lib/compare/align.ts) on small hand-made calls: the
 * same, changed (changed words marked), new and dropped sentences in reading order; the prepared
 * remarks and the Q&A found by chapters, by the recording's Q&A offset or by the transcript's own
 * markers; speaker with speaker; a raw transcript against an edited one. Then two of the sandbox's
 * recorded calls, by their structure.
 */
import { para, transcript } from '../support/transcript-files.ts';
import { callScript, servedTranscript } from '../support/sandbox-calls.ts';
import { describe, expect, it } from 'vitest';
import { alignCalls, diffWords, type AlignedSection, type CompareSide, type SentenceChange, type WordPart } from '../../src/lib/compare/index.ts';
import type { QnaChapter } from '../../src/lib/transcript/index.ts';

type Paragraph = ReturnType<typeof para>;
type Mapping = { speaker: number; speaker_data: { name: string | null; role: string | null; company: string | null } }[];
const raw = (paragraphs: Paragraph[]) => transcript({ transcript: { paragraphs } });
const edited = (paragraphs: Paragraph[], speaker_mapping: Mapping) => transcript({ speaker_mapping, transcript: { paragraphs } });

/** Changed words in brackets. */
const marked = (words: WordPart[]) => words.map((w) => (w.changed ? `[${w.text}]` : w.text)).join(' ');

/** A change as one line: "= same", "~ current ← previous" (changed words in brackets), "+ new", "- dropped". */
function line(change: SentenceChange): string {
  switch (change.kind) {
    case 'same':
      return `= ${change.current.text}`;
    case 'changed':
      return `~ ${marked(change.currentWords)} ← ${marked(change.previousWords)}`;
    case 'new':
      return `+ ${change.current.text}`;
    case 'dropped':
      return `- ${change.previous.text}`;
  }
}

/** Each section as its heading, how found, and its groups' lines. */
const read = (sections: AlignedSection[]) =>
  sections.map((section) => ({
    section: `${section.title} (${section.foundBy})`,
    groups: section.groups.map((group) => ({ speaker: group.speaker, lines: group.changes.map(line) })),
  }));

/** Each section's sentences, current call's then previous call's, when both calls say the same. */
const sectionTexts = (sections: AlignedSection[]) =>
  sections.map((section) => [section.key, section.foundBy, section.groups.flatMap((g) => g.changes.map(line))]);

describe('sentence by sentence', () => {
  const previous = raw([
    para(0, 0, 'Revenue grew five percent to 346 million dollars.', 'Demand was broad based across every region.'),
    para(0, 10, 'We opened two new plants.', 'Gross margin was 41.2 percent.', 'We expect revenue growth of three to five percent.'),
  ]);
  const current = raw([
    para(0, 0, 'Revenue grew eight percent to 372 million dollars.', 'Demand was broad based across every region.'),
    para(0, 10, 'Tariffs raised our costs this quarter.', 'Gross margin was 39.8 percent.', 'We expect revenue growth of three to five percent.'),
    para(0, 30, 'Thank you all for joining us.'),
  ]);

  it('says what is the same, changed (its changed words marked), new and dropped, in the current call’s order', () => {
    expect(read(alignCalls({ transcript: current }, { transcript: previous }))).toEqual([
      {
        section: 'The whole call (none)',
        groups: [
          {
            speaker: undefined,
            lines: [
              '~ Revenue grew [eight] percent to [372] million dollars. ← Revenue grew [five] percent to [346] million dollars.',
              '= Demand was broad based across every region.',
              // Dropped where it stood last quarter, before what is new in its place; nothing alike, so not "changed".
              '- We opened two new plants.',
              '+ Tariffs raised our costs this quarter.',
              '~ Gross margin was [39.8] percent. ← Gross margin was [41.2] percent.',
              '= We expect revenue growth of three to five percent.',
              '+ Thank you all for joining us.',
            ],
          },
        ],
      },
    ]);
  });

  it('points each line at its sentence in each call: index, time and speaker, for ▶', () => {
    const [section] = alignCalls({ transcript: current }, { transcript: previous });
    const changed = section!.groups[0]!.changes[4]!;
    expect(changed.kind).toBe('changed');
    if (changed.kind !== 'changed') return;
    expect({ sentence: changed.current.sentence, start: changed.current.start, speaker: changed.current.speaker.label }).toEqual({
      sentence: 3,
      start: 12,
      speaker: 'Speaker 1',
    });
    expect({ sentence: changed.previous.sentence, start: changed.previous.start }).toEqual({ sentence: 3, start: 12 });
  });

  it('reads a sentence sharing half its words (words counted with numbers) as changed, and less as new and dropped', () => {
    const lines = (now: string, before: string) =>
      read(alignCalls({ transcript: raw([para(0, 0, now)]) }, { transcript: raw([para(0, 0, before)]) }))[0]!.groups[0]!.lines;
    // 3 of 6 words and 3 of 6: Dice 0.5.
    expect(lines('Margins rose on better pricing today.', 'Margins rose on weaker volume overall.')).toEqual([
      '~ Margins rose on [better] [pricing] [today.] ← Margins rose on [weaker] [volume] [overall.]',
    ]);
    // 2 of 6 and 2 of 6: a third.
    expect(lines('Margins rose with better pricing today.', 'Margins rose on weaker volume overall.')).toEqual([
      '- Margins rose on weaker volume overall.',
      '+ Margins rose with better pricing today.',
    ]);
  });
});

describe('diffWords', () => {
  it('marks the words each version does not share with the other, in order, punctuation kept on its word', () => {
    const words = diffWords('Gross margin was 39.8%, down 1.4 points.', 'Gross margin was 41.2%, up 0.3 points.');
    expect(marked(words.current)).toBe('Gross margin was [39.8%,] [down] [1.4] points.');
    expect(marked(words.previous)).toBe('Gross margin was [41.2%,] [up] [0.3] points.');
  });

  it('does not mark a word that differs only in case or punctuation', () => {
    const words = diffWords('Margin, up sharply.', 'margin up sharply');
    expect(words.current).toEqual([
      { text: 'Margin,', changed: false },
      { text: 'up', changed: false },
      { text: 'sharply.', changed: false },
    ]);
  });

  it('marks words added to a sentence, and only those', () => {
    const words = diffWords('We now expect revenue to grow four to six percent.', 'We expect revenue to grow four percent.');
    expect(marked(words.current)).toBe('We [now] expect revenue to grow four [to] [six] percent.');
    expect(marked(words.previous)).toBe('We expect revenue to grow four percent.');
  });
});

describe('sections', () => {
  // A raw call: nothing in its words says where the Q&A starts ("Now for questions." is no marker).
  const paragraphs = [
    para(0, 0, 'Welcome to the call.'),
    para(1, 4, 'Revenue grew five percent.', 'Margins held.'),
    para(0, 10, 'Now for questions.'),
    para(2, 14, 'How is demand?'),
    para(1, 18, 'Demand is steady.'),
  ];
  const call = raw(paragraphs);
  const chapter = (title: string, start: number, end: number, level = 1): QnaChapter => ({ title, start, end, level });
  const chapters = [
    chapter('Introduction', 0, 4),
    chapter('Prepared remarks', 4, 10),
    // A sub-section is not the Q&A, whatever its title.
    chapter('Questions we were asked last quarter', 4, 10, 2),
    chapter('Questions and answers', 10, 20),
  ];
  const prepared = ['= Welcome to the call.', '= Revenue grew five percent.', '= Margins held.'];

  it('are found by a level-1 chapter titled as the Q&A, before the recording’s Q&A offset', () => {
    const side: CompareSide = { transcript: call, chapters, qna: 14 };
    expect(sectionTexts(alignCalls(side, side))).toEqual([
      ['prepared', 'chapters', prepared],
      ['qna', 'chapters', ['= Now for questions.', '= How is demand?', '= Demand is steady.']],
    ]);
  });

  it('are found by the recording’s Q&A offset when there are no chapters', () => {
    const side: CompareSide = { transcript: call, qna: 14 };
    expect(sectionTexts(alignCalls(side, side))).toEqual([
      ['prepared', 'qna-offset', [...prepared, '= Now for questions.']],
      ['qna', 'qna-offset', ['= How is demand?', '= Demand is steady.']],
    ]);
  });

  it('ignore a Q&A offset past the end of the call; with nothing else to go by, the whole call is one section', () => {
    const side: CompareSide = { transcript: call, qna: 900 };
    const sections = alignCalls(side, side);
    expect(sections.map((s) => [s.key, s.title, s.foundBy, s.foundByCall])).toEqual([
      ['prepared', 'The whole call', 'none', { current: 'none', previous: 'none' }],
    ]);
    expect(sections[0]!.groups[0]!.changes).toHaveLength(6);
  });

  const mapping: Mapping = [
    { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
    { speaker: 1, speaker_data: { name: 'Lea Fox', role: 'Head of Investor Relations', company: 'Acme' } },
    { speaker: 2, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
    { speaker: 3, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
  ];
  const opening = [
    para(0, 0, 'Good afternoon and welcome.', 'I will hand over to investor relations.'),
    para(1, 4, 'Thank you and welcome.', 'With me is our chief executive.'),
    para(2, 8, 'Revenue grew five percent.', 'Operator, please open the line for questions.'),
  ];
  const openingLines = [
    '= Good afternoon and welcome.',
    '= I will hand over to investor relations.',
    '= Thank you and welcome.',
    '= With me is our chief executive.',
    '= Revenue grew five percent.',
    '= Operator, please open the line for questions.',
  ];

  it('are found in an edited transcript where the first analyst speaks, with the operator’s turn introducing them', () => {
    const call = edited([...opening, para(0, 12, 'Thank you.', 'Next is Priya Raman.'), para(3, 16, 'How is demand?'), para(2, 18, 'Steady.')], mapping);
    const sections = alignCalls({ transcript: call }, { transcript: call });
    expect(sections.map((s) => [s.key, s.foundBy, s.groups.flatMap((g) => g.changes.map(line))])).toEqual([
      ['prepared', 'transcript', openingLines],
      ['qna', 'transcript', ['= Thank you.', '= Next is Priya Raman.', '= How is demand?', '= Steady.']],
    ]);
  });

  it('are found in a raw transcript at the operator’s turn that introduces the first question', () => {
    const call = raw([
      ...opening,
      para(0, 12, 'Thank you.', 'Our first question comes from Priya Raman.'),
      para(3, 16, 'How is demand?'),
      para(2, 18, 'Steady.'),
    ]);
    expect(sectionTexts(alignCalls({ transcript: call }, { transcript: call }))).toEqual([
      ['prepared', 'transcript', openingLines],
      ['qna', 'transcript', ['= Thank you.', '= Our first question comes from Priya Raman.', '= How is demand?', '= Steady.']],
    ]);
  });

  it('are found in a raw transcript at the operator’s turn that opens the question-and-answer session', () => {
    const call = raw([...opening, para(0, 12, 'We will now begin the question-and-answer session.'), para(3, 16, 'How is demand?')]);
    expect(sectionTexts(alignCalls({ transcript: call }, { transcript: call }))).toEqual([
      ['prepared', 'transcript', openingLines],
      ['qna', 'transcript', ['= We will now begin the question-and-answer session.', '= How is demand?']],
    ]);
  });

  it('say the less sure of the two calls’ ways, and each call’s', () => {
    const byChapters: CompareSide = { transcript: call, chapters };
    const byOffset: CompareSide = { transcript: call, qna: 10 };
    const sections = alignCalls(byChapters, byOffset);
    expect(sections.map((s) => [s.key, s.foundBy, s.foundByCall])).toEqual([
      ['prepared', 'qna-offset', { current: 'chapters', previous: 'qna-offset' }],
      ['qna', 'qna-offset', { current: 'chapters', previous: 'qna-offset' }],
    ]);
    // Where one call's Q&A cannot be found, the calls are compared whole.
    expect(alignCalls(byChapters, { transcript: call }).map((s) => [s.title, s.foundBy, s.foundByCall])).toEqual([
      ['The whole call', 'none', { current: 'chapters', previous: 'none' }],
    ]);
  });
});

describe('speaker with speaker', () => {
  // This quarter a new CFO (Maya Lin); last quarter's mapping abbreviates the roles. Tom Reyes asks for
  // the first time; Lea Fox asked last quarter only.
  const currentMapping: Mapping = [
    { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
    { speaker: 1, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
    { speaker: 2, speaker_data: { name: 'Maya Lin', role: 'Chief Financial Officer', company: 'Acme' } },
    { speaker: 3, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
    { speaker: 4, speaker_data: { name: 'Tom Reyes', role: 'Analyst', company: 'Redfern' } },
  ];
  const previousMapping: Mapping = [
    { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
    { speaker: 1, speaker_data: { name: 'Ana Ruiz', role: 'CEO', company: 'Acme' } },
    { speaker: 2, speaker_data: { name: 'Ben Cho', role: 'CFO', company: 'Acme' } },
    { speaker: 3, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
    { speaker: 5, speaker_data: { name: 'Lea Fox', role: 'Analyst', company: 'Northgate' } },
  ];
  const current = edited(
    [
      para(0, 0, 'Welcome to the call.'),
      para(1, 2, 'Demand was strong in every region.', 'Over to our finance chief.'),
      para(2, 6, 'Gross margin was 39.8 percent.'),
      para(0, 8, 'Our first question comes from Priya Raman.'),
      para(3, 10, 'How is pricing holding up?'),
      para(1, 12, 'Pricing is holding up well.'),
      para(0, 14, 'Next is Tom Reyes.'),
      para(4, 16, 'What about cash?'),
      para(2, 18, 'Cash is fine.'),
    ],
    currentMapping,
  );
  const previous = edited(
    [
      para(0, 0, 'Welcome to the call.'),
      para(1, 2, 'Over to our finance chief.'),
      para(2, 4, 'Demand was strong in every region.', 'Gross margin was 41.2 percent.'),
      para(0, 8, 'Our first question comes from Priya Raman.'),
      para(3, 10, 'How is pricing holding up?'),
      para(2, 12, 'Pricing is holding up well.'),
      para(0, 14, 'Next is Lea Fox.'),
      para(5, 16, 'Any buybacks?'),
      para(1, 18, 'Not this year.'),
    ],
    previousMapping,
  );

  it('aligns the same role with itself whoever holds it, analysts by name, in the order the current call speaks', () => {
    expect(read(alignCalls({ transcript: current }, { transcript: previous }))).toEqual([
      {
        section: 'Prepared remarks (transcript)',
        groups: [
          { speaker: 'Operator', lines: ['= Welcome to the call.'] },
          // What the CEO says this quarter that the CFO said last quarter is new for the CEO and dropped for the CFO.
          { speaker: 'Chief Executive Officer', lines: ['+ Demand was strong in every region.', '= Over to our finance chief.'] },
          {
            speaker: 'Chief Financial Officer',
            lines: ['- Demand was strong in every region.', '~ Gross margin was [39.8] percent. ← Gross margin was [41.2] percent.'],
          },
        ],
      },
      {
        section: 'Q&A (transcript)',
        groups: [
          { speaker: 'Operator', lines: ['= Our first question comes from Priya Raman.', '~ Next is [Tom] [Reyes.] ← Next is [Lea] [Fox.]'] },
          { speaker: 'Priya Raman', lines: ['= How is pricing holding up?'] },
          { speaker: 'Chief Executive Officer', lines: ['- Not this year.', '+ Pricing is holding up well.'] },
          { speaker: 'Tom Reyes', lines: ['+ What about cash?'] },
          { speaker: 'Chief Financial Officer', lines: ['- Pricing is holding up well.', '+ Cash is fine.'] },
          // Asked last quarter only: where she asked then, after the CFO's answer she followed.
          { speaker: 'Lea Fox', lines: ['- Any buybacks?'] },
        ],
      },
    ]);
  });

  it('compares a raw transcript with an edited one section by section, without speaker groups', () => {
    const rawPrevious = raw([
      para(0, 0, 'Welcome to the call.'),
      para(1, 2, 'Over to our finance chief.'),
      para(2, 4, 'Demand was strong in every region.', 'Gross margin was 41.2 percent.'),
      para(0, 8, 'Our first question comes from Priya Raman.'),
      para(3, 10, 'How is pricing holding up?'),
      para(2, 12, 'Pricing is holding up well.'),
    ]);
    expect(read(alignCalls({ transcript: current }, { transcript: rawPrevious }))).toEqual([
      {
        section: 'Prepared remarks (transcript)',
        groups: [
          {
            speaker: undefined,
            lines: [
              '= Welcome to the call.',
              '- Over to our finance chief.',
              '= Demand was strong in every region.',
              '+ Over to our finance chief.',
              '~ Gross margin was [39.8] percent. ← Gross margin was [41.2] percent.',
            ],
          },
        ],
      },
      {
        section: 'Q&A (transcript)',
        groups: [
          {
            speaker: undefined,
            lines: [
              '= Our first question comes from Priya Raman.',
              '= How is pricing holding up?',
              '= Pricing is holding up well.',
              '+ Next is Tom Reyes.',
              '+ What about cash?',
              '+ Cash is fine.',
            ],
          },
        ],
      },
    ]);
  });
});

describe('two of the sandbox’s recorded calls', () => {
  const script = callScript;
  const served = servedTranscript;
  const scripts = { current: script(2), previous: script(1) };
  const refs = (sections: AlignedSection[], side: 'current' | 'previous') =>
    sections.flatMap((s) =>
      s.groups.flatMap((g) =>
        g.changes.flatMap((c) => (side === 'current' ? (c.kind === 'dropped' ? [] : [c.current]) : c.kind === 'new' ? [] : [c.previous])),
      ),
    );

  for (const [currentKind, previousKind] of [
    ['edited', 'edited'],
    ['raw', 'raw'],
    ['edited', 'raw'],
  ] as const) {
    it(`finds prepared remarks and Q&A in each by the transcript itself, where the recording says, and places every sentence once (${currentKind} against ${previousKind})`, () => {
      const current = served(scripts.current, currentKind);
      const previous = served(scripts.previous, previousKind);
      const sections = alignCalls({ transcript: current }, { transcript: previous });
      expect(sections.map((s) => [s.key, s.foundBy])).toEqual([
        ['prepared', 'transcript'],
        ['qna', 'transcript'],
      ]);
      // The same split as the recording's own Q&A offset gives.
      const byOffset = alignCalls({ transcript: current, qna: scripts.current.qna }, { transcript: previous, qna: scripts.previous.qna });
      expect(byOffset.map((s) => s.foundBy)).toEqual(['qna-offset', 'qna-offset']);
      for (const side of ['current', 'previous'] as const) {
        const count = (side === 'current' ? current : previous).paragraphs.reduce((n, p) => n + p.sentences.length, 0);
        const placed = refs(sections, side).map((ref) => ref.sentence);
        expect([...placed].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(refs(sections.slice(0, 1), side).map((r) => r.sentence)).toEqual(refs(byOffset.slice(0, 1), side).map((r) => r.sentence));
        // The operator's opening is in the prepared remarks; the Q&A opens with the operator's turn.
        const prepared = refs(sections.slice(0, 1), side);
        const qna = refs(sections.slice(1), side);
        expect(prepared.some((r) => r.sentence === 0)).toBe(true);
        const firstQna = qna.reduce((first, r) => (r.sentence < first.sentence ? r : first));
        expect(firstQna.speaker).toBe(prepared.find((r) => r.sentence === 0)!.speaker);
        expect(Math.abs(firstQna.start - scripts[side].qna)).toBeLessThan(0.06);
      }
      const counts = { same: 0, changed: 0, new: 0, dropped: 0 };
      for (const s of sections) for (const g of s.groups) for (const c of g.changes) counts[c.kind]++;
      expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    });
  }

  it('aligns the management team role by role and the analysts by name when both are edited', () => {
    const sections = alignCalls({ transcript: served(scripts.current, 'edited') }, { transcript: served(scripts.previous, 'edited') });
    const [prepared, qna] = sections.map((s) => s.groups.map((g) => g.speaker));
    expect(prepared![0]).toBe('Operator');
    expect(prepared).toEqual(expect.arrayContaining(['Head of Investor Relations', 'Chief Executive Officer', 'Chief Financial Officer']));
    expect(qna![0]).toBe('Operator');
    const analysts = [...scripts.current.speakers, ...scripts.previous.speakers].filter((s) => s.role === 'Analyst').map((s) => s.name);
    expect(qna).toEqual(expect.arrayContaining(analysts));
    // Raw against raw: the speakers are only numbered, so each section is one group.
    const raw = alignCalls({ transcript: served(scripts.current, 'raw') }, { transcript: served(scripts.previous, 'raw') });
    expect(raw.map((s) => s.groups.map((g) => g.speaker))).toEqual([[undefined], [undefined]]);
  });
});

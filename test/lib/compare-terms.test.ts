/**
 * Terms and questions of two calls compared (src/lib/compare/terms.ts, questions.ts) on small
 * hand-made calls: what a call's terms are (filler, numbers, names and the operator left out,
 * plurals folded, two words said together), new and dropped terms ranked with and without the
 * company's history, and each question's subject words.
 */
import { para, transcript } from '../support/transcript-files.ts';
import { describe, expect, it } from 'vitest';
import { callTerms, questionsOf, questionSubjects, rankTerms, rerankTerms, type RankedTerm, type TermHistory } from '../../src/lib/compare/index.ts';

const OPERATOR = 0;
const CEO = 1;
const CFO = 2;
const PRIYA = 3;
const TOM = 4;
const speaker_mapping = [
  { speaker: OPERATOR, speaker_data: { name: null, role: 'Operator', company: null } },
  { speaker: CEO, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
  { speaker: CFO, speaker_data: { name: 'Ben Cho', role: 'Chief Financial Officer', company: 'Acme' } },
  { speaker: PRIYA, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
  { speaker: TOM, speaker_data: { name: 'Tom Reyes', role: 'Analyst', company: 'Redfern' } },
];
const edited = (...paragraphs: ReturnType<typeof para>[]) => transcript({ speaker_mapping, transcript: { paragraphs } });

describe('callTerms', () => {
  it('counts content words and two-word phrases, plurals folded; leaves out filler, numbers, names, analysts’ firms and the operator', () => {
    const call = edited(
      para(OPERATOR, 0, 'Welcome to the first quarter call, our first question is from Priya.'),
      para(CEO, 4, 'Thank you, Priya. I think tariffs rose five percent this quarter.'),
      para(CFO, 8, 'The tariff on steel cost us 12 million dollars.'),
      para(PRIYA, 12, 'Will Northgate see duties on data centers?'),
    );
    expect(Object.fromEntries(callTerms(call))).toEqual({
      tariff: 2,
      steel: 1,
      cost: 1,
      'steel cost': 1,
      duty: 1,
      data: 1,
      center: 1,
      'data center': 1,
    });
  });

  it('leaves out ordinals, the verbs that say a figure moved and the verbs any story is told with', () => {
    // Sentences of the sandbox's calls whose filler was listed as new or dropped terms.
    const call = edited(
      para(CEO, 0, 'Demand for AI infrastructure drove an exceptional quarter.'),
      para(
        CEO,
        4,
        'We responded in three ways.',
        'We asked suppliers to share the burden, and we sped up the move of our supply chain closer to our customers.',
      ),
      para(CEO, 10, 'A third one moves next quarter, and pricing offsets them by the fourth quarter.'),
      para(CFO, 14, 'Revenue rose, costs fell, margins grew; our guidance is based on what happens to tariffs.'),
      para(PRIYA, 18, 'How far have customers been pushing back, and how is building capacity affected?'),
      para(CFO, 22, 'Despite that, our plan assumes pricing contributing faster than we planned.'),
      para(PRIYA, 26, 'What if your largest customer slows, or fully stops?'),
    );
    expect(Object.fromEntries(callTerms(call))).toEqual({
      demand: 1,
      ai: 1,
      infrastructure: 1,
      'ai infrastructure': 1,
      supplier: 1,
      share: 1,
      burden: 1,
      supply: 1,
      chain: 1,
      'supply chain': 1,
      customer: 3,
      stop: 1,
      pricing: 2,
      offset: 1,
      'pricing offset': 1,
      plan: 1,
      revenue: 1,
      cost: 1,
      margin: 1,
      guidance: 1,
      tariff: 1,
      capacity: 1,
    });
  });

  it('keeps the words of a raw transcript, whose speakers it cannot tell apart', () => {
    const call = transcript({ transcript: { paragraphs: [para(0, 0, 'Welcome, Priya.'), para(1, 2, 'Pricing offsets tariffs.')] } });
    expect(Object.fromEntries(callTerms(call))).toEqual({ priya: 1, pricing: 1, offset: 1, tariff: 1, 'pricing offset': 1, 'offset tariff': 1 });
  });
});

/** What a list shows of each ranked term. */
const shown = (terms: RankedTerm[]) => terms.map((t) => [t.term, t.count, t.otherCount]);

describe('rankTerms', () => {
  const previous = edited(
    para(OPERATOR, 0, 'Welcome to the call.'),
    para(CEO, 2, 'Inventory was high.', 'Inventory fell as customers destocked.', 'Pricing held.'),
    para(CFO, 8, 'Pricing was firm.', 'Inventory should normalize.'),
  );
  const current = edited(
    para(OPERATOR, 0, 'Welcome to the call.'),
    para(CEO, 2, 'Tariffs rose.', 'The tariff raised steel costs.', 'Pricing held.'),
    para(CFO, 8, 'Pricing offset tariffs.', 'Our data center revenue grew.', 'Data center demand grew.'),
  );

  it('lists what is new and what was dropped by how often said, a phrase before its words when they always go together', () => {
    const { added, dropped } = rankTerms(current, previous);
    // "pricing" (2 now, 3 before) is in both; "data" and "center" are only said as "data center".
    expect(shown(added)).toEqual([
      ['tariffs', 3, 0],
      ['data center', 2, 0],
      ['raised', 1, 0],
      ['steel', 1, 0],
      ['costs', 1, 0],
      ['offset', 1, 0],
      ['revenue', 1, 0],
      ['demand', 1, 0],
    ]);
    expect(added.map((t) => t.score)).toEqual([3, 2, 1, 1, 1, 1, 1, 1]);
    expect(shown(dropped)).toEqual([
      ['inventory', 3, 0],
      ['high', 1, 0],
      ['customers', 1, 0],
      ['destocked', 1, 0],
      ['firm', 1, 0],
      ['normalize', 1, 0],
    ]);
  });

  it('says where each term is first said, in the call it belongs to', () => {
    const { added, dropped } = rankTerms(current, previous);
    expect([added[0]!.first?.sentence, added[0]!.first?.start, added[0]!.first?.speaker.label]).toEqual([1, 2, 'Ana Ruiz']);
    expect([added[1]!.first?.sentence, added[1]!.first?.text]).toEqual([5, 'Our data center revenue grew.']);
    expect([dropped[0]!.first?.sentence, dropped[0]!.first?.text]).toEqual([1, 'Inventory was high.']);
  });

  it('lowers what many of the company’s calls say: a term every call says ranks below one said only now', () => {
    const history: TermHistory = {
      calls: 8,
      callsWith: new Map([
        ['tariffs', 1],
        ['data center', 2],
        ['revenue', 8],
        ['inventory', 3],
      ]),
    };
    const { added, dropped } = rankTerms(current, previous, history);
    // Score: times said × log(9 / calls saying it) / log(9); a term the history does not know is said only in this pair.
    expect(added.map((t) => [t.term, t.callsWith, t.calls, Number(t.score.toFixed(3))])).toEqual([
      ['tariffs', 1, 8, 3],
      ['data center', 2, 8, 1.369],
      ['raised', 1, 8, 1],
      ['steel', 1, 8, 1],
      ['costs', 1, 8, 1],
      ['offset', 1, 8, 1],
      ['demand', 1, 8, 1],
      ['revenue', 8, 8, 0.054],
    ]);
    expect(dropped.slice(0, 2).map((t) => [t.term, t.callsWith, t.calls, Number(t.score.toFixed(3))])).toEqual([
      ['inventory', 3, 8, 1.5],
      ['high', 1, 8, 1],
    ]);
  });

  it('lists a word beside its phrase when it is also said apart from it, and a term said far more often now as new', () => {
    const before = edited(para(CEO, 0, 'Data matters.'));
    const now = edited(para(CEO, 0, 'Data center sales rose.', 'Data center margins rose.', 'Data privacy matters.', 'Data quality matters.'));
    // "data" is said 4 times (once last quarter), twice as "data center"; "center" only ever in "data center".
    expect(shown(rankTerms(now, before).added)).toEqual([
      ['data', 4, 1],
      ['data center', 2, 0],
      ['sales', 1, 0],
      ['margins', 1, 0],
      ['privacy', 1, 0],
      ['quality', 1, 0],
    ]);
  });

  it('lists a phrase said as the end of a longer run under the phrase it continues: "data center", not "center revenue"', () => {
    const before = edited(para(CEO, 0, 'Nothing changed.'));
    const now = edited(para(CEO, 0, 'Data center revenue grew.', 'Data center revenue doubled.', 'Data center margins held.'));
    // "center revenue" (2) is only ever said after "data center" (3); "revenue" only inside "center revenue".
    expect(shown(rankTerms(now, before).added)).toEqual([
      ['data center', 3, 0],
      ['doubled', 1, 0],
      ['margins', 1, 0],
      ['held', 1, 0],
    ]);
    // Said apart from "data center" as often as with it, "center revenue" is a phrase of its own.
    const apart = edited(para(CEO, 0, 'Data center revenue grew.', 'Data center margins held.', 'Our center revenue doubled.'));
    expect(shown(rankTerms(apart, before).added).slice(0, 3)).toEqual([
      ['center', 3, 0],
      ['data center', 2, 0],
      ['center revenue', 2, 0],
    ]);
  });

  it('shows an acronym as written ("AI"), other words in lower case', () => {
    const before = edited(para(CEO, 0, 'Nothing changed.'));
    const now = edited(para(CEO, 0, 'AI demand rose.', 'We see AI investment as a long cycle.', 'Our AI investment pays back.'));
    expect(shown(rankTerms(now, before).added)).toEqual([
      ['AI', 3, 0],
      ['AI investment', 2, 0],
      ['demand', 1, 0],
      ['long', 1, 0],
      ['cycle', 1, 0],
      ['pays', 1, 0],
    ]);
  });

  it('returns at most the limit asked for, 15 unless told', () => {
    const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo'.split(' ');
    const now = edited(para(CEO, 0, ...words.map((word) => `${word}.`)));
    const before = edited(para(CEO, 0, 'Nothing.'));
    expect(rankTerms(now, before).added).toHaveLength(15);
    expect(rankTerms(now, before, undefined, { limit: 3 }).added.map((t) => t.term)).toEqual(['alpha', 'bravo', 'charlie']);
  });
});

describe('questions', () => {
  const call = edited(
    para(OPERATOR, 0, 'Welcome.'),
    para(CEO, 2, 'Revenue grew.'),
    para(OPERATOR, 4, 'Our first question comes from Priya Raman.'),
    para(PRIYA, 6, 'Thanks. How much did tariffs cost you, and will tariffs rise?'),
    para(CEO, 10, 'Tariffs cost us a little.'),
    para(PRIYA, 12, 'And steel prices?'),
    para(CEO, 14, 'Steel prices are stable.'),
    para(OPERATOR, 16, 'Next is Tom Reyes.'),
    para(TOM, 18, 'Can you talk about data center demand in Europe?'),
    para(CFO, 20, 'Data center demand in Europe is strong.'),
  );

  it('are the call’s questions, each with a few words from its asker’s sentences that say what it was about', () => {
    const { questions, subjects } = questionsOf({ transcript: call });
    expect(questions.map((q) => [q.asker, q.firm, q.firstSentence])).toEqual([
      ['Priya Raman', 'Northgate', 3],
      ['Tom Reyes', 'Redfern', 8],
    ]);
    // Priya's follow-up on steel is part of her question; "tariffs" goes into "tariffs cost" (said again in the answer);
    // "rise" says a figure moved (the number reader's), not what the question was about.
    expect(subjects).toEqual([
      ['tariffs cost', 'steel prices'],
      ['data center', 'demand', 'europe'],
    ]);
  });

  it('gives the same words for one question asked for directly, and none without a first sentence', () => {
    const [first] = questionsOf({ transcript: call }).questions;
    expect(questionSubjects(call, first!.firstSentence, first!.end)).toEqual(['tariffs cost', 'steel prices']);
    // Up to the question's end only: Priya's follow-up at 12 s is after an end at 11 s.
    expect(questionSubjects(call, first!.firstSentence, 11)).toEqual(['tariffs cost']);
    expect(questionSubjects(call, undefined, 20)).toEqual([]);
  });

  it('of a raw transcript come from its question chapters, the subjects from the numbered speaker who asked', () => {
    const rawCall = transcript({
      transcript: {
        paragraphs: [
          para(0, 0, 'Welcome.'),
          para(1, 2, 'Revenue grew.'),
          para(0, 4, 'Our first question comes from Priya.'),
          para(2, 6, 'What do tariffs mean for steel costs?'),
          para(1, 8, 'Tariffs raised steel costs a little.'),
        ],
      },
    });
    const chapters = [
      { title: 'Q&A', level: 1, start: 4, end: 10 },
      { title: 'Question from Priya Raman, Northgate', level: 2, start: 4, end: 10 },
    ];
    const { questions, subjects } = questionsOf({ transcript: rawCall, chapters });
    expect(questions.map((q) => [q.asker, q.firm, q.speaker?.label, q.firstSentence])).toEqual([['Priya Raman', 'Northgate', 'Speaker 3', 3]]);
    expect(subjects).toEqual([['steel costs', 'tariffs']]);
    // Without chapters, a raw transcript cannot say who asked.
    expect(questionsOf({ transcript: rawCall })).toEqual({ questions: [], subjects: [] });
  });
});

describe('terms ranked again once the history arrives', () => {
  const grew: RankedTerm = { term: 'grew', count: 5, otherCount: 0, score: 5 };
  const dataCenter: RankedTerm = { term: 'data center', count: 3, otherCount: 0, score: 3 };
  const backlog: RankedTerm = { term: 'backlog', count: 2, otherCount: 0, score: 2 };

  it('keeps the order of the pair without a history, and cuts to the limit', () => {
    expect(rerankTerms([grew, dataCenter, backlog], undefined, 2).map((term) => term.term)).toEqual(['grew', 'data center']);
  });

  it('puts a word every call says below one that is news, and says in how many calls', () => {
    const history: TermHistory = {
      calls: 8,
      callsWith: new Map([
        ['grew', 8],
        ['data center', 2],
      ]),
    };
    const ranked = rerankTerms([grew, dataCenter, backlog], history);
    // data center: 3 × log(9/2)/log(9) = 2.05; backlog (not in the history: only this pair) 2 × log(9/1)/log(9) = 2; grew: 5 × log(9/8)/log(9) = 0.27.
    expect(ranked.map((term) => [term.term, term.callsWith, term.calls, Math.round(term.score * 100) / 100])).toEqual([
      ['data center', 2, 8, 2.05],
      ['backlog', 1, 8, 2],
      ['grew', 8, 8, 0.27],
    ]);
  });
});

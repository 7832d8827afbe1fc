/**
 * The Q&A at a glance (src/lib/transcript/qna.ts) on small hand-made calls: questions read from
 * an edited transcript's analysts, or from "Question from …" chapters when the transcript only
 * numbers its speakers; talk time; and stepping between questions.
 */
import { describe, expect, it } from 'vitest';
import {
  findQuestions,
  nextQuestion,
  parseQuestionTitle,
  parseTranscript,
  previousQuestion,
  questionAt,
  talkTime,
  type QnaChapter,
  type QnaQuestion,
  type Transcript,
} from '../../src/lib/transcript/index.ts';

function read(json: unknown): Transcript {
  const result = parseTranscript(json);
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

/** A paragraph whose sentences share its time evenly. */
const para = (speaker: number, start: number, end: number, ...texts: string[]) => {
  const step = (end - start) / texts.length;
  return {
    speaker,
    start,
    end,
    text: texts.join(' '),
    sentences: texts.map((text, i) => ({ text, start: start + i * step, end: start + (i + 1) * step })),
  };
};

const OPERATOR = 0;
const ANA = 1;
const BEN = 2;
const PRIYA = 3;
const TOM = 4;
const LEA = 5;

/**
 * Sentence indexes in brackets. The operator's lines sit between questions; Priya asks a follow-up;
 * Ana's closing words come after the Q&A.
 */
const paragraphs = [
  para(OPERATOR, 0, 10, 'Welcome.'), // [0]
  para(ANA, 10, 40, 'Our prepared remarks.'), // [1]
  para(OPERATOR, 40, 45, 'We will now take questions.', 'First, Priya Raman.'), // [2, 3]
  para(PRIYA, 45, 50, 'How is demand?'), // [4]
  para(ANA, 50, 60, 'Strong.'), // [5]
  para(BEN, 60, 65, 'And margins held.'), // [6]
  para(PRIYA, 65, 68, 'A follow-up on pricing?'), // [7]
  para(BEN, 68, 72, 'Stable.'), // [8]
  para(ANA, 72, 75, 'Yes.'), // [9]
  para(OPERATOR, 75, 78, 'Next, Tom Reyes.'), // [10]
  para(TOM, 78, 82, 'What about cash?'), // [11]
  para(BEN, 82, 90, 'Cash is fine.'), // [12]
  para(OPERATOR, 90, 93, 'Next, Lea Fox.'), // [13]
  para(LEA, 93, 97, 'Any buybacks?'), // [14]
  para(ANA, 97, 105, 'Not this year.'), // [15]
  para(OPERATOR, 105, 108, 'That concludes the Q&A.'), // [16]
  para(ANA, 108, 112, 'Thank you all.'), // [17]
];

const mapping = [
  { speaker: OPERATOR, speaker_data: { name: null, role: 'Operator', company: null } },
  { speaker: ANA, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
  { speaker: BEN, speaker_data: { name: 'Ben Cho', role: 'Chief Financial Officer', company: 'Acme' } },
  { speaker: PRIYA, speaker_data: { name: 'Priya Raman', role: 'Analyst', company: 'Northgate' } },
  // An analyst whose firm the mapping does not give.
  { speaker: TOM, speaker_data: { name: 'Tom Reyes', role: 'Analyst', company: null } },
  { speaker: LEA, speaker_data: { name: 'Lea Fox', role: 'Analyst', company: 'Northgate' } },
];

const edited = read({ speaker_mapping: mapping, transcript: { paragraphs } });
const raw = read({ transcript: { paragraphs } });

const chapter = (title: string, start: number, end: number, level = 1): QnaChapter => ({ title, start, end, level });
const sections = [chapter('Introduction', 0, 10), chapter('Prepared Remarks', 10, 40), chapter('Q&A', 40, 105), chapter('Closing remarks', 105, 112)];
const questionChapters = [
  // Starts in the operator's paragraph, at "First, Priya Raman."
  chapter('Question from Priya Raman, Northgate', 42.5, 75, 2),
  chapter('Question from Tom Reyes', 75, 90, 2),
  chapter('Question from Lea Fox, Northgate', 90, 105, 2),
];

/** What a list shows of each question: asker, firm, times, first sentence, who answered. */
const summary = (questions: QnaQuestion[]) =>
  questions.map((q) => ({
    number: q.number,
    asker: q.asker,
    firm: q.firm,
    start: q.start,
    end: q.end,
    firstSentence: q.firstSentence,
    answeredBy: q.answeredBy.map((speaker) => speaker.label),
  }));

describe('questions of an edited transcript', () => {
  it('are the analysts’ turns: follow-ups stay in their question, the operator neither asks nor answers, closing words are not answers', () => {
    const questions = findQuestions(edited, { chapters: sections, qna: 40 });
    expect(summary(questions)).toEqual([
      { number: 1, asker: 'Priya Raman', firm: 'Northgate', start: 45, end: 78, firstSentence: 4, answeredBy: ['Ana Ruiz', 'Ben Cho'] },
      { number: 2, asker: 'Tom Reyes', firm: undefined, start: 78, end: 93, firstSentence: 11, answeredBy: ['Ben Cho'] },
      { number: 3, asker: 'Lea Fox', firm: 'Northgate', start: 93, end: 105, firstSentence: 14, answeredBy: ['Ana Ruiz'] },
    ]);
    expect(questions[1]).not.toHaveProperty('firm');
    expect(questions[0]!.speaker?.label).toBe('Priya Raman');
  });

  it('take the Q&A from its section when the recording has no qna, and from the transcript when it has no chapters', () => {
    expect(summary(findQuestions(edited, { chapters: sections })).map((q) => [q.start, q.end])).toEqual([
      [45, 78],
      [78, 93],
      [93, 105],
    ]);
    // No chapters: the Q&A runs to the end of the call, so the closing words count as an answer.
    const unbounded = findQuestions(edited, { qna: 40 });
    expect(summary(unbounded).at(-1)).toMatchObject({ start: 93, end: 112, answeredBy: ['Ana Ruiz'] });
  });

  it('ignore a qna past the end of the call (a bad record) in favour of the Q&A section', () => {
    expect(findQuestions(edited, { chapters: sections, qna: 1e9 }).map((q) => q.start)).toEqual([45, 78, 93]);
  });

  it('count an analyst who comes back after another analyst as a new question', () => {
    const transcript = read({
      speaker_mapping: mapping,
      transcript: {
        paragraphs: [
          para(PRIYA, 0, 4, 'First?'),
          para(ANA, 4, 8, 'Yes.'),
          para(TOM, 8, 12, 'Second?'),
          para(BEN, 12, 16, 'No.'),
          para(PRIYA, 16, 20, 'Back to me?'),
          para(BEN, 20, 24, 'Sure.'),
        ],
      },
    });
    expect(summary(findQuestions(transcript, {}))).toEqual([
      { number: 1, asker: 'Priya Raman', firm: 'Northgate', start: 0, end: 8, firstSentence: 0, answeredBy: ['Ana Ruiz'] },
      { number: 2, asker: 'Tom Reyes', firm: undefined, start: 8, end: 16, firstSentence: 2, answeredBy: ['Ben Cho'] },
      { number: 3, asker: 'Priya Raman', firm: 'Northgate', start: 16, end: 24, firstSentence: 4, answeredBy: ['Ben Cho'] },
    ]);
  });
});

describe('questions of a raw transcript', () => {
  it('come from the chapters: names and firms from the titles, times from the asker’s first words, numbered speakers as answerers', () => {
    // Raw speakers are numbered as they first speak: operator 1, Ana 2, Priya 3, Ben 4, Tom 5, Lea 6.
    expect(summary(findQuestions(raw, { chapters: [...sections, ...questionChapters], qna: 40 }))).toEqual([
      { number: 1, asker: 'Priya Raman', firm: 'Northgate', start: 45, end: 78, firstSentence: 4, answeredBy: ['Speaker 2', 'Speaker 4'] },
      { number: 2, asker: 'Tom Reyes', firm: undefined, start: 78, end: 93, firstSentence: 11, answeredBy: ['Speaker 4'] },
      { number: 3, asker: 'Lea Fox', firm: 'Northgate', start: 93, end: 105, firstSentence: 14, answeredBy: ['Speaker 2'] },
    ]);
  });

  it('without question chapters, there are none', () => {
    expect(findQuestions(raw, { chapters: sections, qna: 40 })).toEqual([]);
  });

  it('start at the chapter when nobody but the operator speaks in it', () => {
    const quiet = read({ transcript: { paragraphs: [para(0, 0, 10, 'Questions, please.', 'Anyone?')] } });
    expect(summary(findQuestions(quiet, { chapters: [chapter('Question from Priya Raman, Northgate', 5, 10, 2)], qna: 0 }))).toEqual([
      { number: 1, asker: 'Priya Raman', firm: 'Northgate', start: 5, end: 10, firstSentence: 1, answeredBy: [] },
    ]);
  });
});

describe('a transcript without analysts', () => {
  const execsOnly = read({ speaker_mapping: mapping.slice(0, 3), transcript: { paragraphs } });

  it('names its executives as answerers from the chapters, and never the operator', () => {
    const questions = findQuestions(execsOnly, { chapters: [...sections, ...questionChapters], qna: 40 });
    expect(questions.map((q) => [q.asker, q.answeredBy.map((s) => s.label)])).toEqual([
      ['Priya Raman', ['Ana Ruiz', 'Ben Cho']],
      ['Tom Reyes', ['Ben Cho']],
      ['Lea Fox', ['Ana Ruiz']],
    ]);
  });

  it('has no questions when there are no question chapters either', () => {
    expect(findQuestions(execsOnly, { chapters: sections, qna: 40 })).toEqual([]);
  });
});

describe('a call without a Q&A', () => {
  it('has no questions, and still a talk time', () => {
    const remarks = read({ speaker_mapping: mapping, transcript: { paragraphs: paragraphs.slice(0, 2) } });
    expect(findQuestions(remarks, { chapters: sections.slice(0, 2) })).toEqual([]);
    expect(talkTime(remarks).map((t) => [t.speaker.label, t.seconds, t.share])).toEqual([
      ['Ana Ruiz', 30, 0.75],
      ['Operator', 10, 0.25],
    ]);
  });

  it('nor does an empty transcript', () => {
    const empty = read({ transcript: { paragraphs: [] } });
    expect(findQuestions(empty, { chapters: sections, qna: 40 })).toEqual([]);
    expect(talkTime(empty)).toEqual([]);
  });
});

describe('talk time', () => {
  it('adds up each speaker’s paragraphs over the whole call, most first, ties in speaking order', () => {
    expect(talkTime(edited).map((t) => [t.speaker.label, t.seconds, Number(t.share.toFixed(4))])).toEqual([
      ['Ana Ruiz', 55, 0.4911],
      ['Operator', 24, 0.2143],
      ['Ben Cho', 17, 0.1518],
      ['Priya Raman', 8, 0.0714],
      ['Tom Reyes', 4, 0.0357],
      ['Lea Fox', 4, 0.0357],
    ]);
  });
});

describe('question titles', () => {
  it('give the asker and the firm after the first comma', () => {
    expect(parseQuestionTitle('Question from Priya Raman, Northgate Securities')).toEqual({ asker: 'Priya Raman', firm: 'Northgate Securities' });
    expect(parseQuestionTitle('Question from Ana Lund, Acme, Inc.')).toEqual({ asker: 'Ana Lund', firm: 'Acme, Inc.' });
    expect(parseQuestionTitle('question from Tom Reyes')).toEqual({ asker: 'Tom Reyes' });
    expect(parseQuestionTitle('Q&A')).toBeUndefined();
    expect(parseQuestionTitle('Question from , Acme')).toBeUndefined();
  });
});

describe('stepping between questions', () => {
  const questions = findQuestions(edited, { chapters: sections, qna: 40 });
  const numberOf = (question: QnaQuestion | undefined) => question?.number;

  it('knows the question being heard', () => {
    expect(numberOf(questionAt(questions, 30))).toBeUndefined();
    expect(numberOf(questionAt(questions, 45))).toBe(1);
    // The operator introducing Tom is still Priya's question.
    expect(numberOf(questionAt(questions, 76))).toBe(1);
    expect(numberOf(questionAt(questions, 104))).toBe(3);
    expect(numberOf(questionAt(questions, 106))).toBeUndefined();
  });

  it('goes to the next one, and nowhere from the last', () => {
    expect(numberOf(nextQuestion(questions, 0))).toBe(1);
    expect(numberOf(nextQuestion(questions, 45))).toBe(2);
    expect(numberOf(nextQuestion(questions, 93))).toBeUndefined();
  });

  it('goes back to the start of this one, or to the one before just after a start', () => {
    expect(numberOf(previousQuestion(questions, 85, 3))).toBe(2);
    expect(numberOf(previousQuestion(questions, 79, 3))).toBe(1);
    expect(numberOf(previousQuestion(questions, 46, 3))).toBeUndefined();
  });
});

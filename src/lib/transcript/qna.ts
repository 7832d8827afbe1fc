import type { Transcript, TranscriptParagraph, TranscriptSentence } from './model.ts';
import type { TranscriptSpeaker } from './speakers.ts';

/**
 * A call's Q&A at a glance: who asked, for which firm, when, and who answered; and how long each
 * speaker talked. Pure, like the rest of the model.
 *
 * An edited transcript says who the analysts are, so the questions are read from its speakers:
 * an analyst who starts talking asks a new question, and asking again before another analyst
 * does is a follow-up of the same question. A raw transcript only numbers its speakers, so the
 * questions come from the recording's chapters ("Question from NAME, FIRM") instead.
 */

/** What the Q&A needs of a chapter (the player's chapters have this shape). */
export interface QnaChapter {
  title: string;
  start: number;
  end: number;
  /** 1 for a section, 2 for a sub-section inside one. */
  level: number;
}

export interface QnaQuestion {
  /** Position in the call's Q&A, from 1. */
  number: number;
  /** Who asked: the analyst's name, else what the transcript calls them. */
  asker: string;
  /** The analyst's firm, when known. */
  firm?: string;
  /** The asker as the transcript names them, when found there. */
  speaker?: TranscriptSpeaker;
  /** Seconds: the asker's first words (the chapter's start when the asker cannot be found). */
  start: number;
  /** Seconds: where the next question starts, or where the Q&A ends. */
  end: number;
  /** The transcript's index of the question's first sentence; undefined for a transcript without text. */
  firstSentence?: number;
  /** Who answered, in the order they first spoke, each once. */
  answeredBy: TranscriptSpeaker[];
}

export interface TalkTime {
  speaker: TranscriptSpeaker;
  seconds: number;
  /** Of the whole call's talk time, 0 to 1. */
  share: number;
}

/** Paragraph and sentence times are rounded differently from chapter times; this much apart is the same moment. */
export const SAME_MOMENT = 0.05;

const QNA_SECTION = /\bq\s*&\s*a\b|\bquestions?\b/i;
const CLOSING_SECTION = /\bclos|\bconclu/i;
const QUESTION_TITLE = /^\s*(?:follow-up\s+)?questions?\s+from\s+(.+?)\s*$/i;

const finite = (value: number | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
/** A chapter title that reads as the Q&A section itself, not one of its questions that happens to sit at level 1. */
export const isQnaSection = (title: string) => QNA_SECTION.test(title) && !QUESTION_TITLE.test(title);

/** "Question from Priya Raman, Northgate Securities": the asker and the firm (everything after the first comma). */
export function parseQuestionTitle(title: string): { asker: string; firm?: string } | undefined {
  const match = QUESTION_TITLE.exec(title);
  if (!match) return undefined;
  const [name = '', ...rest] = match[1]!.split(',');
  const asker = name.trim();
  const firm = rest.join(',').trim();
  if (!asker) return undefined;
  return firm ? { asker, firm } : { asker };
}

/**
 * Where the Q&A starts and ends. The start is the recording's `qna`, else the start of a section
 * titled as the Q&A; the end is that section's end, else the start of the closing remarks after
 * it, else the end of the call. No start: undefined (the caller decides what that means).
 */
function qnaRange(transcript: Transcript, chapters: readonly QnaChapter[], qna: number | undefined): { start?: number; end: number } {
  const callEnd = transcript.paragraphs.reduce((end, paragraph) => Math.max(end, paragraph.end), 0);
  const sections = chapters.filter((chapter) => chapter.level <= 1 && finite(chapter.start) && finite(chapter.end));
  // A `qna` past the last word (a bad record) says nothing about this transcript.
  const usable = finite(qna) && qna > 0 && (callEnd === 0 || qna < callEnd) ? qna : undefined;
  const start = usable ?? sections.find((section) => isQnaSection(section.title))?.start;
  if (start === undefined) return { end: callEnd };
  const section = sections.find((s) => isQnaSection(s.title) && s.start <= start + SAME_MOMENT && start < s.end);
  const closing = sections.find((s) => CLOSING_SECTION.test(s.title) && s.start > start);
  const end = section?.end ?? closing?.start ?? callEnd;
  return { start, end: end > start ? end : Math.max(callEnd, start) };
}

/** The paragraph heard at `time`: the last that started by then, else the first after it. */
function paragraphAt(paragraphs: readonly TranscriptParagraph[], time: number): TranscriptParagraph | undefined {
  let found: TranscriptParagraph | undefined;
  for (const paragraph of paragraphs) {
    if (paragraph.start <= time + SAME_MOMENT) found = paragraph;
    else return found ?? paragraph;
  }
  return found;
}

/** The first sentence that starts at or after `time` (else the last one). */
function sentenceFrom(transcript: Transcript, time: number): TranscriptSentence | undefined {
  let last: TranscriptSentence | undefined;
  for (const paragraph of transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      if (sentence.start >= time - SAME_MOMENT) return sentence;
      last = sentence;
    }
  }
  return last;
}

type Draft = Omit<QnaQuestion, 'number' | 'end'>;

/** Questions from the speakers of an edited transcript: every analyst turn, follow-ups folded in. */
function fromSpeakers(paragraphs: readonly TranscriptParagraph[]): Draft[] {
  const drafts: Draft[] = [];
  let current: Draft | undefined;
  for (const paragraph of paragraphs) {
    const who = paragraph.speaker;
    if (who.kind === 'analyst') {
      // The same analyst again, with nobody else's question in between: a follow-up.
      if (current?.speaker === who) continue;
      current = { asker: who.label, speaker: who, start: paragraph.start, firstSentence: paragraph.sentences[0]?.index, answeredBy: [] };
      if (who.company) current.firm = who.company;
      drafts.push(current);
    } else if (who.kind === 'executive' && current && !current.answeredBy.includes(who)) {
      // The operator's lines between questions (and anyone unnamed) are neither question nor answer.
      current.answeredBy.push(who);
    }
  }
  return drafts;
}

/**
 * Questions from chapters titled "Question from NAME, FIRM", for a transcript that cannot say who
 * is an analyst. Whoever opens the Q&A (the operator, by convention) only introduces questions;
 * the asker is the first one else to speak in the question's chapter, and everyone else who
 * speaks there, not having asked a question of their own, answered.
 */
function fromChapters(transcript: Transcript, chapters: readonly QnaChapter[], qnaStart: number | undefined, qnaEnd: number): Draft[] {
  const titled = chapters
    .filter((chapter) => finite(chapter.start))
    .map((chapter) => ({ chapter, title: parseQuestionTitle(chapter.title) }))
    .filter((entry): entry is { chapter: QnaChapter; title: { asker: string; firm?: string } } => entry.title !== undefined)
    .sort((a, b) => a.chapter.start - b.chapter.start);
  if (titled.length === 0) return [];

  const { paragraphs } = transcript;
  const host = paragraphAt(paragraphs, qnaStart ?? titled[0]!.chapter.start)?.speaker;
  const spans = titled.map(({ chapter, title }, index) => {
    const until = titled[index + 1]?.chapter.start ?? Math.max(qnaEnd, chapter.end);
    const inside = paragraphs.filter((p) => p.start >= chapter.start - SAME_MOMENT && p.start < until - SAME_MOMENT);
    const asking = inside.find((p) => p.speaker !== host && p.speaker.kind !== 'operator');
    return { chapter, title, inside, asking };
  });
  const askers = new Set(spans.map((span) => span.asking?.speaker));

  return spans.map(({ chapter, title, inside, asking }) => {
    const answeredBy: TranscriptSpeaker[] = [];
    for (const paragraph of asking ? inside.slice(inside.indexOf(asking) + 1) : []) {
      const who = paragraph.speaker;
      if (who === host || askers.has(who) || who.kind === 'operator' || who.kind === 'analyst' || answeredBy.includes(who)) continue;
      answeredBy.push(who);
    }
    const draft: Draft = {
      ...title,
      start: asking?.start ?? chapter.start,
      firstSentence: asking?.sentences[0]?.index ?? sentenceFrom(transcript, chapter.start)?.index,
      answeredBy,
    };
    if (asking) draft.speaker = asking.speaker;
    return draft;
  });
}

/**
 * The questions of a call's Q&A, in order. Each runs until the next one starts, the last until
 * the Q&A ends. A call without analysts and without question chapters has none.
 */
export function findQuestions(transcript: Transcript, recording: { chapters?: readonly QnaChapter[]; qna?: number }): QnaQuestion[] {
  const chapters = recording.chapters ?? [];
  const { start, end } = qnaRange(transcript, chapters, recording.qna);
  // Without a known start, an analyst speaking is the Q&A wherever it is.
  const inQna = transcript.paragraphs.filter((p) => p.start >= (start ?? 0) - SAME_MOMENT && p.start < end);
  const fromMapping = inQna.some((p) => p.speaker.kind === 'analyst');
  const drafts = fromMapping ? fromSpeakers(inQna) : fromChapters(transcript, chapters, start, end);
  const lastEnd = Math.max(end, ...drafts.map((draft) => draft.start));
  return drafts.map((draft, index) => ({ ...draft, number: index + 1, end: drafts[index + 1]?.start ?? lastEnd }));
}

/** Talk time per speaker over the whole call, from paragraph times: most first (ties in speaking order). */
export function talkTime(transcript: Transcript): TalkTime[] {
  const seconds = new Map<TranscriptSpeaker, number>();
  for (const paragraph of transcript.paragraphs) {
    const length = paragraph.end - paragraph.start;
    const add = Number.isFinite(length) && length > 0 ? length : 0;
    seconds.set(paragraph.speaker, (seconds.get(paragraph.speaker) ?? 0) + add);
  }
  const total = [...seconds.values()].reduce((sum, value) => sum + value, 0);
  return transcript.speakers
    .map((speaker) => {
      const spoken = seconds.get(speaker) ?? 0;
      return { speaker, seconds: spoken, share: total > 0 ? spoken / total : 0 };
    })
    .sort((a, b) => b.seconds - a.seconds);
}

/** The question being heard at `time`, if any. */
export function questionAt(questions: readonly QnaQuestion[], time: number): QnaQuestion | undefined {
  return questions.findLast((question) => question.start <= time + SAME_MOMENT && time < question.end);
}

/** Where "next question" goes from `time`; undefined at the last one. */
export function nextQuestion(questions: readonly QnaQuestion[], time: number): QnaQuestion | undefined {
  return questions.find((question) => question.start > time + 0.5);
}

/**
 * Where "previous question" goes from `time`: the start of the question being heard, or of the
 * one before when within `grace` seconds of its start (the player's rule for chapters).
 */
export function previousQuestion(questions: readonly QnaQuestion[], time: number, grace: number): QnaQuestion | undefined {
  return questions.findLast((question) => question.start <= time - grace);
}

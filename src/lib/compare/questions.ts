import type { Transcript, TranscriptParagraph } from '../transcript/model.ts';
import { findQuestions, SAME_MOMENT } from '../transcript/qna.ts';
import type { CompareSide, QuestionsSide } from './model.ts';
import { countTerms, eachTerm, type TermCount } from './terms.ts';

/**
 * The Q&A of each call side by side: who asked (findQuestions, the one reader of questions) and a
 * few words that say what each question was about. Pure.
 */

/** At most this many subject words per question. */
const MOST_SUBJECTS = 4;

/** In how many of the call's paragraphs each term is said: what makes a question's word specific to it. */
function paragraphsSaying(transcript: Transcript): { paragraphs: number; saying: Map<string, number> } {
  const saying = new Map<string, number>();
  let seen = new Set<string>();
  let at: TranscriptParagraph | undefined;
  eachTerm(transcript, transcript.paragraphs, (key, _said, _phrase, _sentence, paragraph) => {
    if (paragraph !== at) [at, seen] = [paragraph, new Set()];
    if (seen.has(key)) return;
    seen.add(key);
    saying.set(key, (saying.get(key) ?? 0) + 1);
  });
  return { paragraphs: transcript.paragraphs.length, saying };
}

/** The asker's paragraphs: from the question's first sentence, the same speaker's turns until the question ends (`end`, seconds). */
function askerParagraphs(transcript: Transcript, firstSentence: number, end: number): TranscriptParagraph[] {
  const { paragraphs } = transcript;
  const from = paragraphs.findIndex((p) => p.sentences.some((s) => s.index === firstSentence));
  if (from < 0) return [];
  const asker = paragraphs[from]!.speaker;
  const until = Number.isFinite(end) ? end : Infinity;
  return paragraphs.slice(from).filter((p, i) => p.speaker === asker && (i === 0 || p.start < until - SAME_MOMENT));
}

function subjects(transcript: Transcript, firstSentence: number | undefined, end: number, call: ReturnType<typeof paragraphsSaying>): string[] {
  if (firstSentence === undefined) return [];
  const asked = askerParagraphs(transcript, firstSentence, end);
  if (asked.length === 0) return [];
  // Said more often in the question, and in fewer of the call's paragraphs: what this question is about.
  const weight = (key: string, term: TermCount) => term.count * Math.log(1 + call.paragraphs / (call.saying.get(key) ?? 1));
  const candidates = [...countTerms(transcript, asked)]
    // Two words said together once are chance, unless the call says them together again (the answer echoing them).
    .filter(([key, term]) => !term.phrase || term.count > 1 || (call.saying.get(key) ?? 0) > 1)
    .map(([key, term]) => ({ key, term, weight: weight(key, term) }))
    .sort((a, b) => b.weight - a.weight || Number(b.term.phrase) - Number(a.term.phrase) || a.term.first.sentence - b.term.first.sentence);
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    const words = candidate.key.split(' ');
    const phrases = chosen.filter((c) => c.term.phrase).flatMap((c) => c.key.split(' '));
    // A word of a chosen phrase adds nothing, nor does a phrase overlapping one ("data center", "center demand").
    if (words.some((word) => phrases.includes(word))) continue;
    // A phrase takes the place of its words chosen before it.
    const replaced = candidate.term.phrase ? chosen.findIndex((c) => words.includes(c.key)) : -1;
    if (replaced >= 0) {
      chosen[replaced] = candidate;
      for (let i = chosen.length - 1; i > replaced; i--) if (words.includes(chosen[i]!.key)) chosen.splice(i, 1);
    } else {
      if (chosen.length === MOST_SUBJECTS) break;
      chosen.push(candidate);
    }
  }
  return chosen.map((c) => c.term.shown);
}

/**
 * A few words (at most 4) that say what the question was about: the terms of the asker's
 * sentences (from `firstSentence`, the asker's turns until `end`, in seconds: the question's end),
 * by the term rules of the ranking (no filler, plurals folded, two words said together as one),
 * most said first, and on a tie the ones the rest of the call says least.
 */
export function questionSubjects(transcript: Transcript, firstSentence: number | undefined, end: number): string[] {
  return subjects(transcript, firstSentence, end, paragraphsSaying(transcript));
}

/** The call's questions (findQuestions, from its chapters and Q&A offset when given) with their subjects. */
export function questionsOf(side: CompareSide): QuestionsSide {
  const recording: { chapters?: CompareSide['chapters']; qna?: number } = {};
  if (side.chapters) recording.chapters = side.chapters;
  if (side.qna !== undefined) recording.qna = side.qna;
  const questions = findQuestions(side.transcript, recording);
  if (questions.length === 0) return { questions, subjects: [] };
  const call = paragraphsSaying(side.transcript);
  return { questions, subjects: questions.map((q) => subjects(side.transcript, q.firstSentence, q.end, call)) };
}

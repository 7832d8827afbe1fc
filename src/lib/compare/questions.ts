import type { Transcript } from '../transcript/model.ts';
import type { CompareSide, QuestionsSide } from './model.ts';

/**
 * The Q&A of each call side by side: who asked (findQuestions, the one reader of questions) and a
 * few words that say what each question was about. Pure.
 */

/** The call's questions with their subjects. */
export function questionsOf(side: CompareSide): QuestionsSide {
  void side;
  return { questions: [], subjects: [] }; // TODO(terms)
}

/** A few words that say what the question (its asker's sentences) was about. */
export function questionSubjects(transcript: Transcript, firstSentence: number | undefined, end: number): string[] {
  void transcript;
  void firstSentence;
  void end;
  return []; // TODO(terms)
}

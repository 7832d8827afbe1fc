import type { AlignedSection, CompareSide, WordPart } from './model.ts';

/**
 * The sentence alignment: prepared remarks with prepared remarks and Q&A with Q&A, then speaker
 * with speaker where both calls name them, then sentence by sentence: the same, changed (with the
 * changed words marked), new this quarter, dropped since last quarter. Pure.
 */

/** Aligns the two calls' sections, speakers and sentences. */
export function alignCalls(current: CompareSide, previous: CompareSide): AlignedSection[] {
  void current;
  void previous;
  return []; // TODO(align)
}

/** The words of two versions of a sentence, each marked where it differs from the other. */
export function diffWords(current: string, previous: string): { current: WordPart[]; previous: WordPart[] } {
  return { current: [{ text: current, changed: false }], previous: [{ text: previous, changed: false }] }; // TODO(align)
}

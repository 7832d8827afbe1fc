import type { Transcript, TranscriptParagraph } from './model.ts';
import type { CallSection } from './speakers.ts';

/**
 * Where a call's Q&A starts, read from the transcript alone (no chapters, no recording offsets):
 * the one rule the comparison (src/lib/compare/align.ts, when the call has no Q&A chapter or
 * offset) and the search index (server/search) both follow.
 */

/** The operator introducing the first question ("Our first question comes from …", "We will now take our first question"). */
const FIRST_QUESTION = /\bfirst question\b/i;
/** The operator opening the Q&A ("We will now begin the question-and-answer session"). */
const QNA_OPENING = /\b(?:begin|open|start)\w*\s+(?:the\s+|our\s+)?question[\s-]+and[\s-]+answer\b/i;

/**
 * The first paragraph of the Q&A: in an edited transcript, the turn of the first analyst, with the
 * operator's turn that introduces them; in one that names no analyst, the turn holding the
 * operator's "first question" (else their words that open the question-and-answer session).
 * Undefined when the transcript does not say, or says so in its very first paragraph (a call that
 * is all questions has no prepared remarks to tell apart).
 */
export function qnaStart(transcript: Transcript): TranscriptParagraph | undefined {
  const { paragraphs } = transcript;
  const firstAnalyst = paragraphs.findIndex((p) => p.speaker.kind === 'analyst');
  if (firstAnalyst === 0) return undefined;
  if (firstAnalyst > 0) {
    let at = firstAnalyst;
    while (at > 0 && paragraphs[at - 1]!.speaker.kind === 'operator') at--;
    return paragraphs[at];
  }
  const saying = (pattern: RegExp) => paragraphs.find((p) => p.sentences.some((s) => pattern.test(s.text)));
  // The words that open the Q&A are part of a turn: the Q&A starts with that turn (its "Thank you." too).
  const marker = saying(FIRST_QUESTION) ?? saying(QNA_OPENING);
  return marker && marker.index > 0 ? marker : undefined;
}

/**
 * The part of the call each paragraph is in, in paragraph order: before qnaStart the prepared
 * remarks, from it on the Q&A. A call whose Q&A cannot be found is all prepared remarks: nothing
 * in it is said to be an answer that the transcript does not show to be one.
 */
export function callSections(transcript: Transcript): CallSection[] {
  const start = qnaStart(transcript)?.index ?? Infinity;
  return transcript.paragraphs.map((paragraph) => (paragraph.index < start ? 'prepared' : 'qna'));
}

/**
 * The one transcript model: the file's schema, paragraphs and sentences with times and a speaker,
 * the one speaker-naming rule, the Q&A's questions and talk time, and the exports. Pure (no DOM,
 * no React, no fetch): the browser and the Node server both import it. Fetching a transcript
 * lives in src/api/transcript-content.ts.
 */
export { transcriptFileSchema, type SpeakerMapping, type TranscriptFile } from './schema.ts';
export { createSpeakerNamer, speakerKind, speakerLine, SPEAKER_KINDS, UNKNOWN_SPEAKER, type SpeakerKind, type TranscriptSpeaker } from './speakers.ts';
export {
  buildTranscript,
  parseTranscript,
  parseTranscriptText,
  type Transcript,
  type TranscriptParagraph,
  type TranscriptResult,
  type TranscriptSentence,
} from './model.ts';
export {
  findQuestions,
  nextQuestion,
  parseQuestionTitle,
  previousQuestion,
  questionAt,
  talkTime,
  type QnaChapter,
  type QnaQuestion,
  type TalkTime,
} from './qna.ts';
export { escapeMarkdown, transcriptToMarkdown, transcriptToText, type TranscriptHeading } from './export.ts';

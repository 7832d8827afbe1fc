/**
 * The one transcript model: the file's schema, paragraphs and sentences with times and a speaker,
 * the one speaker-naming rule (and speakers' roles), where the Q&A starts (sections.ts), the Q&A's
 * questions and talk time, and the exports (text, Markdown, SRT and WebVTT captions). Pure (no DOM,
 * no React, no fetch): the browser and the Node server both import it. Fetching a transcript lives
 * in src/api/transcript-content.ts. The live transcript's reader (src/lib/transcript/live.ts) is
 * imported from its own module, so pages without live calls never load it.
 */
export { transcriptFileSchema, type SpeakerMapping, type TranscriptFile } from './schema.ts';
export {
  CALL_SECTION_LABELS,
  CALL_SECTIONS,
  createSpeakerNamer,
  rolesOf,
  speakerKind,
  speakerLine,
  speakerRoles,
  SPEAKER_KINDS,
  SPEAKER_ROLE_LABELS,
  SPEAKER_ROLES,
  UNKNOWN_SPEAKER,
  type CallSection,
  type SpeakerKind,
  type SpeakerRole,
  type TranscriptSpeaker,
} from './speakers.ts';
export {
  buildTranscript,
  parseTranscript,
  parseTranscriptText,
  type Transcript,
  type TranscriptParagraph,
  type TranscriptResult,
  type TranscriptSentence,
} from './model.ts';
export { callSections, qnaStart } from './sections.ts';
export {
  captionTime,
  escapeMarkdown,
  escapeVtt,
  exportTranscript,
  FULL_EXPORT,
  TRANSCRIPT_EXPORTS,
  transcriptCues,
  transcriptToMarkdown,
  transcriptToSrt,
  transcriptToText,
  transcriptToVtt,
  type CaptionCue,
  type TranscriptExportFormat,
  type TranscriptExportKind,
  type TranscriptExportOptions,
  type TranscriptHeading,
} from './export.ts';
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

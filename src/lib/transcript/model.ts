import { describeIssues } from '../zod-issues.ts';
import { transcriptFileSchema, type TranscriptFile } from './schema.ts';
import { createSpeakerNamer, type TranscriptSpeaker } from './speakers.ts';

/**
 * A transcript file read into what every reader needs: paragraphs in order, each with its
 * speaker, times and sentences. Sentences are numbered across the whole transcript (`index`),
 * which is what a player follows. Pure: no DOM, no fetch; the server can use it too.
 */

export interface TranscriptSentence {
  /** Position in the whole transcript, from 0. */
  index: number;
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
}

export interface TranscriptParagraph {
  /** Position in the transcript, from 0. */
  index: number;
  speaker: TranscriptSpeaker;
  start: number;
  end: number;
  /** The paragraph's text, blanks collapsed. */
  text: string;
  /** At least one: a paragraph without sentences is one sentence. */
  sentences: TranscriptSentence[];
}

export interface Transcript {
  paragraphs: TranscriptParagraph[];
  /** Everyone who speaks, in the order they first speak. */
  speakers: TranscriptSpeaker[];
  /** Whether any speaker is named by the file's mapping (the edited type). */
  mapped: boolean;
}

export type TranscriptResult = { ok: true; transcript: Transcript } | { ok: false; error: string };

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Paragraphs and sentences of a validated file. Paragraphs with no text at all are left out. */
export function buildTranscript(file: TranscriptFile): Transcript {
  const speakerOf = createSpeakerNamer(file.speaker_mapping);
  const speakers: TranscriptSpeaker[] = [];
  const paragraphs: TranscriptParagraph[] = [];
  let sentenceIndex = 0;

  for (const raw of file.transcript.paragraphs) {
    const given = (raw.sentences ?? []).map((sentence) => ({ ...sentence, text: collapse(sentence.text) })).filter((sentence) => sentence.text);
    const text = collapse(raw.text) || given.map((sentence) => sentence.text).join(' ');
    if (!text) continue;
    const lastEnd = given.at(-1)?.end;
    const end = finite(raw.end) ? raw.end : finite(lastEnd) ? lastEnd : raw.start;
    const parts = given.length > 0 ? given : [{ text, start: raw.start, end }];
    const sentences = parts.map((sentence) => {
      const start = finite(sentence.start) ? sentence.start : raw.start;
      return { index: sentenceIndex++, text: sentence.text, start, end: finite(sentence.end) ? sentence.end : end };
    });

    const speaker = speakerOf(raw.speaker ?? given[0]?.speaker);
    if (!speakers.includes(speaker)) speakers.push(speaker);
    paragraphs.push({ index: paragraphs.length, speaker, start: raw.start, end, text, sentences });
  }
  return { paragraphs, speakers, mapped: speakers.some((speaker) => speaker.mapped) };
}

/** A parsed JSON value read as a transcript, or why it is not one. */
export function parseTranscript(json: unknown): TranscriptResult {
  const result = transcriptFileSchema.safeParse(json);
  if (!result.success) return { ok: false, error: `This file is not a transcript: ${describeIssues(result.error.issues)}` };
  return { ok: true, transcript: buildTranscript(result.data) };
}

/** The text of a transcript file read as a transcript, or why it is not one. */
export function parseTranscriptText(text: string): TranscriptResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not a transcript: it is not valid JSON.' };
  }
  return parseTranscript(json);
}

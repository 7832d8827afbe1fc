import { buildTranscript, transcriptFileSchema, type Transcript } from '../../src/lib/transcript/index.ts';

/** Small transcripts for unit tests, built from the file shape by the one transcript model. */

/** A transcript file's JSON read into the model (throws when it is not one). */
export function transcript(json: unknown): Transcript {
  return buildTranscript(transcriptFileSchema.parse(json));
}

/** A paragraph whose sentences take two seconds each from `start`. */
export const para = (speaker: number, start: number, ...texts: string[]) => ({
  speaker,
  start,
  end: start + 2 * texts.length,
  text: texts.join(' '),
  sentences: texts.map((text, i) => ({ text, start: start + 2 * i, end: start + 2 * i + 2 })),
});

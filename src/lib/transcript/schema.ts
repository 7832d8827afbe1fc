import { z } from 'zod/mini';

/**
 * The transcript file (JSON on the file host, times in seconds on the recording's clock), as
 * tolerant as the service is: `speaker_mapping` only in the edited type and possibly partial,
 * `speaker_data` or any of its fields null, `words` absent, a paragraph without `sentences` or
 * without `text`, speaker ids null. What a reader cannot do without is required: paragraphs,
 * each with a start time.
 */

const text = z.nullish(z.string());
const speakerId = z.nullish(z.number());

const sentenceSchema = z.looseObject({
  text: z.string(),
  start: z.optional(z.number()),
  end: z.optional(z.number()),
  speaker: speakerId,
});

const paragraphSchema = z.looseObject({
  speaker: speakerId,
  text,
  start: z.number(),
  end: z.nullish(z.number()),
  sentences: z.nullish(z.array(sentenceSchema)),
});

const speakerMappingSchema = z.looseObject({
  speaker: z.number(),
  speaker_data: z.nullish(z.looseObject({ name: text, role: text, company: text })),
});

export const transcriptFileSchema = z.looseObject({
  version: z.nullish(z.string()),
  event_id: z.nullish(z.number()),
  company_id: z.nullish(z.number()),
  speaker_mapping: z.nullish(z.array(speakerMappingSchema)),
  transcript: z.looseObject({
    paragraphs: z.array(paragraphSchema),
  }),
});

export type TranscriptFile = z.infer<typeof transcriptFileSchema>;
export type SpeakerMapping = NonNullable<TranscriptFile['speaker_mapping']>;

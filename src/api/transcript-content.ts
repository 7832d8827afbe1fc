import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { ApiError, describeIssues, errorFromResponse } from './client.ts';

/**
 * The content of a transcript document: the JSON file its `fileUrl` points at (on the file host,
 * no key). Times are seconds on the recording's clock. `speaker_mapping` is only in the edited
 * type; its name, role and company may be null.
 */

const word = z.looseObject({
  word: z.string(),
  punctuated_word: z.optional(z.string()),
  start: z.number(),
  end: z.number(),
  confidence: z.optional(z.number()),
});

const sentence = z.looseObject({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.nullish(z.number()),
  words: z.optional(z.array(word)),
});

const paragraph = z.looseObject({
  speaker: z.nullish(z.number()),
  text: z.optional(z.string()),
  start: z.number(),
  end: z.number(),
  sentences: z.array(sentence),
});

const speakerMapping = z.looseObject({
  speaker: z.number(),
  speaker_data: z.looseObject({
    name: z.nullish(z.string()),
    role: z.nullish(z.string()),
    company: z.nullish(z.string()),
  }),
});

export const transcriptContentSchema = z.looseObject({
  version: z.optional(z.string()),
  event_id: z.optional(z.number()),
  company_id: z.optional(z.number()),
  speaker_mapping: z.optional(z.array(speakerMapping)),
  transcript: z.looseObject({
    text: z.optional(z.string()),
    number_of_speakers: z.optional(z.number()),
    paragraphs: z.array(paragraph),
  }),
});

export type TranscriptContent = z.infer<typeof transcriptContentSchema>;
export type TranscriptParagraph = TranscriptContent['transcript']['paragraphs'][number];
export type TranscriptSentence = TranscriptParagraph['sentences'][number];

/** Reads and validates a transcript file. Failures are ApiErrors, like every other read. */
export async function fetchTranscriptContent(fileUrl: string, signal?: AbortSignal): Promise<TranscriptContent> {
  const url = safeHttpUrl(fileUrl);
  const shown = 'the transcript file';
  if (!url) throw new ApiError({ status: 0, kind: 'malformed', message: 'The transcript has no usable file address.' });
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', message: 'Could not reach the file host for the transcript.', cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', message: 'The transcript download broke off.', cause: error });
  }
  if (!response.ok) throw errorFromResponse(response.status, response.headers, text, shown);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError({ status: response.status, kind: 'malformed', message: 'The transcript file is not valid JSON.', cause: error });
  }
  const result = transcriptContentSchema.safeParse(body);
  if (!result.success) {
    throw new ApiError({
      status: response.status,
      kind: 'malformed',
      message: `Unexpected transcript file: ${describeIssues(result.error.issues)}`,
      cause: result.error,
    });
  }
  return result.data;
}

export const transcriptContentQueries = {
  /** A transcript file by its URL; files do not change once published. */
  file: (fileUrl: string) =>
    queryOptions({
      queryKey: ['transcript-content', fileUrl] as const,
      queryFn: ({ signal }) => fetchTranscriptContent(fileUrl, signal),
      staleTime: 60 * 60_000,
    }),
};

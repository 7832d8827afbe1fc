import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { ApiError, describeIssues, errorFromResponse } from './client.ts';

/**
 * The content of a transcript document: the JSON file its `fileUrl` points at (on the file host,
 * no key). Times are seconds on the recording's clock. `speaker_mapping` is only in the edited
 * type; its name, role and company may be null.
 */

const word = z.looseObject({
  word: z.string(),
  punctuated_word: z.string().optional(),
  start: z.number(),
  end: z.number(),
  confidence: z.number().optional(),
});

const sentence = z.looseObject({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.number().nullish(),
  words: z.array(word).optional(),
});

const paragraph = z.looseObject({
  speaker: z.number().nullish(),
  text: z.string().optional(),
  start: z.number(),
  end: z.number(),
  sentences: z.array(sentence),
});

const speakerMapping = z.looseObject({
  speaker: z.number(),
  speaker_data: z.looseObject({
    name: z.string().nullish(),
    role: z.string().nullish(),
    company: z.string().nullish(),
  }),
});

export const transcriptContentSchema = z.looseObject({
  version: z.string().optional(),
  event_id: z.number().optional(),
  company_id: z.number().optional(),
  speaker_mapping: z.array(speakerMapping).optional(),
  transcript: z.looseObject({
    text: z.string().optional(),
    number_of_speakers: z.number().optional(),
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
    throw new ApiError({ status: response.status, kind: 'malformed', message: `Unexpected transcript file: ${describeIssues(result.error.issues)}`, cause: result.error });
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

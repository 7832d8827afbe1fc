import { readFileSync } from 'node:fs';
import { buildTranscript, transcriptFileSchema, type Transcript } from '../../src/lib/transcript/index.ts';

/**
 * The sandbox's recorded calls (server/sandbox/media/calls/call-N/script.json) read as the sandbox
 * serves their transcripts: raw (speakers numbered) or edited (the script's roles, and names where
 * it gives them), with the recording's Q&A offset.
 */

export interface CallScript {
  qna: number;
  speakers: { speaker: number; role: string; name?: string; company?: string }[];
  paragraphs: { speaker: number; start: number; end: number; sentences: { text: string; start: number; end: number }[] }[];
}

export function callScript(n: number): CallScript {
  return JSON.parse(readFileSync(new URL(`../../server/sandbox/media/calls/call-${n}/script.json`, import.meta.url), 'utf8')) as CallScript;
}

export function servedTranscript(script: CallScript, kind: 'raw' | 'edited'): Transcript {
  return buildTranscript(
    transcriptFileSchema.parse({
      ...(kind === 'edited'
        ? {
            speaker_mapping: script.speakers.map((x) => ({
              speaker: x.speaker,
              speaker_data: { name: x.name ?? null, role: x.role, company: x.company ?? null },
            })),
          }
        : {}),
      transcript: { paragraphs: script.paragraphs.map((p) => ({ ...p, text: p.sentences.map((x) => x.text).join(' ') })) },
    }),
  );
}

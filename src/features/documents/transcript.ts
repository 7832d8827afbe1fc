import { z } from 'zod/mini';
import { formatDuration } from '../../lib/format.ts';

/**
 * A transcript file (JSON on the file host) read into what a reader needs: paragraphs with their
 * speaker and time. The edited type maps speakers to a name, role and company; the raw type does
 * not, so its speakers are numbered in the order they first speak ("Speaker 1", "Speaker 2").
 */

const nullableText = z.optional(z.nullable(z.string()));

const transcriptFileSchema = z.looseObject({
  speaker_mapping: z.optional(
    z.nullable(
      z.array(
        z.looseObject({
          speaker: z.number(),
          speaker_data: z.optional(z.nullable(z.looseObject({ name: nullableText, role: nullableText, company: nullableText }))),
        }),
      ),
    ),
  ),
  transcript: z.looseObject({
    paragraphs: z.array(
      z.looseObject({
        speaker: z.optional(z.nullable(z.number())),
        text: z.optional(z.string()),
        start: z.number(),
        end: z.optional(z.number()),
        sentences: z.optional(z.array(z.looseObject({ text: z.string() }))),
      }),
    ),
  }),
});

export interface Speaker {
  /** What to call them: their name, else their role, else "Speaker N". */
  label: string;
  /** Role (and company, when it differs from the label), shown after the label. */
  detail?: string;
}

export interface TranscriptParagraph {
  index: number;
  speaker: Speaker;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  paragraphs: TranscriptParagraph[];
  /** Whether speakers are identified (edited transcripts). */
  mapped: boolean;
}

/** The transcript in a JSON text, or undefined when the text is not a transcript. */
export function parseTranscript(json: unknown): Transcript | undefined {
  const parsed = transcriptFileSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { speaker_mapping: mapping, transcript } = parsed.data;

  const mapped = new Map<number, Speaker>();
  for (const entry of mapping ?? []) {
    const data = entry.speaker_data;
    const name = data?.name?.trim();
    const role = data?.role?.trim();
    const company = data?.company?.trim();
    if (!name && !role) continue;
    const label = name || role!;
    const detail = [name ? role : undefined, company].filter(Boolean).join(', ') || undefined;
    mapped.set(entry.speaker, { label, detail });
  }

  const numbered = new Map<number, Speaker>();
  const speakerFor = (id: number | null | undefined): Speaker => {
    const key = id ?? -1;
    const known = mapped.get(key);
    if (known) return known;
    let speaker = numbered.get(key);
    if (!speaker) {
      speaker = { label: `Speaker ${numbered.size + 1}` };
      numbered.set(key, speaker);
    }
    return speaker;
  };

  const paragraphs = transcript.paragraphs.map((paragraph, index) => {
    const text = (paragraph.text ?? paragraph.sentences?.map((sentence) => sentence.text).join(' ') ?? '').replace(/\s+/g, ' ').trim();
    return { index, speaker: speakerFor(paragraph.speaker), start: paragraph.start, end: paragraph.end ?? paragraph.start, text };
  });
  return { paragraphs, mapped: mapped.size > 0 };
}

/** What a transcript is about, for the heading of its exports. */
export interface TranscriptHeading {
  title: string;
  company?: string;
  /** Already formatted for the reader. */
  date?: string;
  type?: string;
}

const speakerLine = (speaker: Speaker) => (speaker.detail ? `${speaker.label} (${speaker.detail})` : speaker.label);

/** Plain text: a heading, then each paragraph as `[m:ss] Speaker (role)` and its text. */
export function transcriptToText(transcript: Transcript, heading: TranscriptHeading): string {
  const lines = [heading.title];
  for (const [label, value] of [
    ['Company', heading.company],
    ['Date', heading.date],
    ['Type', heading.type],
  ] as const) {
    if (value) lines.push(`${label}: ${value}`);
  }
  lines.push('');
  for (const paragraph of transcript.paragraphs) {
    lines.push(`[${formatDuration(paragraph.start)}] ${speakerLine(paragraph.speaker)}`, paragraph.text, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Markdown text is shown as written: characters that would format it are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, '\\$&').replace(/^(\s*)([-+]|\d+\.)(\s)/, '$1\\$2$3');
}

/** Markdown: a title, a list of facts, then each paragraph under a bold timestamp and speaker. */
export function transcriptToMarkdown(transcript: Transcript, heading: TranscriptHeading): string {
  const lines = [`# ${escapeMarkdown(heading.title)}`, ''];
  const facts = (
    [
      ['Company', heading.company],
      ['Date', heading.date],
      ['Type', heading.type],
    ] as const
  ).filter(([, value]) => value);
  if (facts.length > 0) {
    for (const [label, value] of facts) lines.push(`- **${label}:** ${escapeMarkdown(value!)}`);
    lines.push('');
  }
  for (const paragraph of transcript.paragraphs) {
    const { label, detail } = paragraph.speaker;
    lines.push(`**[${formatDuration(paragraph.start)}] ${escapeMarkdown(label)}**${detail ? ` _${escapeMarkdown(detail)}_` : ''}`, '');
    lines.push(escapeMarkdown(paragraph.text), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

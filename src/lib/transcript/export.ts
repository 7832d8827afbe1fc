import { formatDuration } from '../format.ts';
import type { Transcript } from './model.ts';
import { speakerLine } from './speakers.ts';

/** A transcript as a file to keep: plain text and Markdown, both from the one model. */

/** What a transcript is about, for the heading of its exports. */
export interface TranscriptHeading {
  title: string;
  company?: string;
  /** Already formatted for the reader. */
  date?: string;
  type?: string;
}

function facts(heading: TranscriptHeading): [string, string][] {
  const all: [string, string | undefined][] = [
    ['Company', heading.company],
    ['Date', heading.date],
    ['Type', heading.type],
  ];
  return all.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/** Plain text: a heading, then each paragraph as `[m:ss] Speaker (role, company)` and its text. */
export function transcriptToText(transcript: Transcript, heading: TranscriptHeading): string {
  const lines = [heading.title, ...facts(heading).map(([label, value]) => `${label}: ${value}`), ''];
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
  const list = facts(heading);
  if (list.length > 0) lines.push(...list.map(([label, value]) => `- **${label}:** ${escapeMarkdown(value)}`), '');
  for (const paragraph of transcript.paragraphs) {
    const { label, detail } = paragraph.speaker;
    lines.push(`**[${formatDuration(paragraph.start)}] ${escapeMarkdown(label)}**${detail ? ` _${escapeMarkdown(detail)}_` : ''}`, '');
    lines.push(escapeMarkdown(paragraph.text), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

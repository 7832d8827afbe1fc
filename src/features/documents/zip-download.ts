import { zipSync, type Zippable } from 'fflate';
import { uniqueFileNames } from '../../lib/file-name.ts';
import { parseTranscriptText, transcriptToMarkdown, transcriptToText, type TranscriptHeading } from '../../lib/transcript/index.ts';
import { fetchFile } from '../../api/files.ts';

/**
 * Many files as one zip (loaded only when a download starts): files are fetched a few at a time,
 * each under a readable name; progress is reported after each file; a cancel stops every request
 * at once; files that fail (or, as transcripts, cannot be read by the transcript model) are left out and reported, with the reason,
 * in the zip and to the caller.
 */

export interface ZipSource {
  /** The record's fileUrl; fetched only when it is http(s). */
  url: string | null;
  /** File name without extension, e.g. `Acme - Q3 2026 - Transcript (Edited)`. */
  stem: string;
  /** Extension used when the file itself does not tell (default json). */
  extension?: string;
  /** Modification time recorded for the entry. */
  modified?: string;
  /** What a transcript is, for the heading of its text or Markdown file. */
  heading?: TranscriptHeading;
}

/** How transcripts go into the zip: readable text or Markdown (the default is text), or the original JSON. */
export type TranscriptFormat = 'text' | 'markdown' | 'json';

/**
 * A transcript file turned into what the reader asked for: text or Markdown through the one
 * transcript model (a file it cannot read is refused, with the reason), or the JSON as it came.
 */
export function transcriptAs(format: TranscriptFormat, heading: TranscriptHeading): (bytes: Uint8Array) => { bytes: Uint8Array; ext: string } {
  return (bytes) => {
    const result = parseTranscriptText(new TextDecoder().decode(bytes));
    if (!result.ok) throw new Error(result.error);
    if (format === 'json') return { bytes, ext: 'json' };
    const text = format === 'markdown' ? transcriptToMarkdown(result.transcript, heading) : transcriptToText(result.transcript, heading);
    return { bytes: new TextEncoder().encode(text), ext: format === 'markdown' ? 'md' : 'txt' };
  };
}

export interface ZipFailure {
  name: string;
  reason: string;
}

export interface ZipProgress {
  done: number;
  total: number;
  failed: number;
}

export interface ZipResult {
  /** Null when no file could be fetched. */
  zip: Uint8Array | null;
  entries: string[];
  failures: ZipFailure[];
}

export const FAILURE_REPORT_NAME = 'Failed downloads.txt';

function extensionOf(fileName: string | undefined, fallback: string): string {
  const match = fileName && /\.([a-z0-9]{1,5})$/i.exec(fileName);
  return (match?.[1] ?? fallback).toLowerCase();
}

export async function buildZip(
  sources: readonly ZipSource[],
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: ZipProgress) => void;
    concurrency?: number;
    /** Transcripts as text, Markdown or JSON (each read through the transcript model); files as they are when absent. */
    format?: TranscriptFormat;
  } = {},
): Promise<ZipResult> {
  const { signal, onProgress, concurrency = 3, format } = options;
  const results: ({ ok: true; bytes: Uint8Array; ext: string } | { ok: false; reason: string } | undefined)[] = new Array(sources.length);
  let next = 0;
  let done = 0;
  let failed = 0;

  const worker = async () => {
    while (next < sources.length) {
      signal?.throwIfAborted();
      const index = next++;
      const source = sources[index]!;
      try {
        const file = await fetchFile(source.url, signal);
        results[index] = format
          ? { ok: true, ...transcriptAs(format, source.heading ?? { title: source.stem })(file.bytes) }
          : { ok: true, bytes: file.bytes, ext: extensionOf(file.fileName, source.extension ?? 'json') };
      } catch (error) {
        signal?.throwIfAborted();
        failed++;
        results[index] = { ok: false, reason: error instanceof Error ? error.message : 'Unknown error' };
      }
      done++;
      onProgress?.({ done, total: sources.length, failed });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, sources.length)) }, worker));
  signal?.throwIfAborted();

  const names = uniqueFileNames(
    sources.map((source, index) => {
      const result = results[index];
      return `${source.stem}.${result?.ok ? result.ext : format === 'text' ? 'txt' : format === 'markdown' ? 'md' : (source.extension ?? 'json')}`;
    }),
  );
  const files: Zippable = {};
  const entries: string[] = [];
  const failures: ZipFailure[] = [];
  sources.forEach((source, index) => {
    const result = results[index];
    const name = names[index]!;
    if (result?.ok) {
      const mtime = source.modified ? new Date(source.modified) : undefined;
      files[name] = [result.bytes, mtime && !Number.isNaN(mtime.getTime()) && mtime.getUTCFullYear() >= 1980 ? { mtime } : {}];
      entries.push(name);
    } else {
      failures.push({ name, reason: result?.reason ?? 'Not fetched' });
    }
  });
  if (entries.length === 0) return { zip: null, entries, failures };
  if (failures.length > 0) {
    const report = ['These files could not be downloaded and are not in this archive:', '', ...failures.map((f) => `- ${f.name}: ${f.reason}`), ''].join('\n');
    files[FAILURE_REPORT_NAME] = new TextEncoder().encode(report);
  }
  return { zip: zipSync(files, { level: 6 }), entries, failures };
}

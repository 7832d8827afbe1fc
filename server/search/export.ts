import { momentUrl } from '../../src/lib/notes/quote.ts';
import { eventName, fiscalLabel } from '../../src/lib/names.ts';
import { CALL_SECTION_LABELS, SPEAKER_ROLE_LABELS, speakerLine, type SpeakerRole } from '../../src/lib/transcript/index.ts';
import {
  exportCall,
  exportDay,
  exportHead,
  exportTail,
  searchExportFileName,
  SEARCH_EXPORT_CAP,
  SEARCH_EXPORT_TYPES,
  type SearchExportCall,
  type SearchExportHead,
} from '../../src/lib/transcript-search/export.ts';
import type { SearchDb } from './db.ts';
import { paragraphHit, wordsToStem, type ParagraphHit } from './hits.ts';
import { MAX_OFFSET, type ExportRequest } from './params.ts';
import { lexemesOf, paragraphHits, searchCalls, type CallHitRow, type CallPage } from './store.ts';

/**
 * GET /api/search/export: every call a search finds, up to EXPORT_CAP, as one CSV or Markdown file
 * written a page of calls at a time while the index is read (each call with every passage that
 * matches), so memory holds one page whatever the size of the result. The stream is pulled: a
 * client that reads slowly slows the reading, one that goes away stops it.
 */

/** The most calls one export holds: as far as the search's cursor pages. */
export const EXPORT_CAP = Math.min(SEARCH_EXPORT_CAP, MAX_OFFSET);
/** Calls read from the index at a time. */
export const EXPORT_PAGE = 50;
/** Every passage of a call: no call has this many paragraphs. */
const ALL_PASSAGES = 1_000_000;

export interface ExportContext {
  index: SearchDb;
  request: ExportRequest;
  /** The origin links point at: PUBLIC_BASE_URL, else the request's. */
  origin: string;
  /** The recordings of these events (the data service's audio list), by event id; empty when it cannot say. */
  recordings: (eventIds: number[]) => Promise<Map<number, number>>;
  /** The client went away. */
  signal: AbortSignal;
  /** Called when reading the index fails mid-file (damage starts a rebuild). */
  failed: (error: unknown) => void;
  /** Called once when the file ends: written whole, cancelled, or failed. */
  finished: () => void;
}

/** What the index may say of a passage's speaker and part of the call (an index built before roles says neither). */
type ExportableHit = ParagraphHit;

function roleText(roles: SpeakerRole[] | undefined): string {
  return (roles ?? [])
    .filter((role) => role !== 'other')
    .map((role) => SPEAKER_ROLE_LABELS[role])
    .join(', ');
}

/** A page of calls with every passage of each, marked as the search marks them. */
async function readCalls(context: ExportContext, calls: CallHitRow[]): Promise<Map<number, ExportableHit[]>> {
  const { index, request } = context;
  const rows = await paragraphHits(
    index,
    request.tsquery,
    request.filters,
    calls.map((call) => call.transcriptId),
    ALL_PASSAGES,
  );
  const lexemes = request.phrases.length > 0 && rows.length > 0 ? await lexemesOf(index, wordsToStem(rows, request.phrases)) : new Map<string, string[]>();
  const byTranscript = new Map<number, ExportableHit[]>();
  for (const row of rows) {
    const list = byTranscript.get(row.transcriptId) ?? [];
    list.push(paragraphHit(row, { phrases: request.phrases, onlyPhrases: request.onlyPhrases, lexemes }));
    byTranscript.set(row.transcriptId, list);
  }
  return byTranscript;
}

function toExportCall(call: CallHitRow, rank: number, hits: ExportableHit[], audioId: number | undefined, origin: string): SearchExportCall {
  const company = call.companyName.trim() || `Company ${call.companyId}`;
  const event = { title: call.eventTitle, fiscalYear: call.fiscalYear, fiscalPeriod: call.fiscalPeriod };
  // Without a recording there is no moment to play: the row links to the event's page.
  const eventPage = `${origin}/events/${call.eventId}`;
  return {
    rank,
    company,
    event: eventName(event, { company: { displayName: company } }),
    period: fiscalLabel(event),
    date: exportDay(call.eventDate),
    transcript: call.edited ? 'Edited' : 'Machine',
    hits: call.hits,
    passages: hits.map((hit) => {
      const start = hit.sentences[0]?.start ?? hit.start;
      return {
        speaker: speakerLine(hit.speaker),
        role: roleText(hit.speaker.roles),
        section: hit.section ? CALL_SECTION_LABELS[hit.section] : '',
        start,
        segments: hit.sentences.flatMap((sentence, i) => (i === 0 ? sentence.segments : [{ text: ' ' }, ...sentence.segments])),
        link: audioId === undefined ? eventPage : momentUrl(origin, audioId, start),
      };
    }),
  };
}

/**
 * The file's response: its first page of calls was read to learn the totals (so a search that
 * cannot be answered is a plain error, not a broken file); the rest is read as the client pulls.
 */
export function exportResponse(context: ExportContext, first: CallPage): Response {
  const { request, signal } = context;
  const encoder = new TextEncoder();
  const head: SearchExportHead = { query: request.q, totals: { calls: first.totalCalls, hits: first.totalHits }, cap: EXPORT_CAP };
  const expected = Math.min(first.totalCalls, EXPORT_CAP);
  // A call seen on an earlier page (the index grew while the file was written) is not written twice.
  const seen = new Set<number>();
  let offset = 0;
  let page: CallPage | undefined = first;
  let started = false;
  let ended = false;
  let finished = false;
  const finish = () => {
    ended = true;
    if (finished) return;
    finished = true;
    context.finished();
  };
  // The client went away before it read anything: the stream may never be pulled or cancelled.
  signal.addEventListener('abort', finish, { once: true });

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            // The byte order mark tells spreadsheet programs the CSV is UTF-8.
            controller.enqueue(encoder.encode(`${request.format === 'csv' ? '\uFEFF' : ''}${exportHead(request.format, head)}`));
            return;
          }
          if (signal.aborted || ended) return;
          page ??=
            offset < expected ? await searchCalls(context.index, request.tsquery, request.filters, request.sort, offset, EXPORT_PAGE, Infinity) : undefined;
          const read = page?.calls ?? [];
          const calls = read.filter((call) => !seen.has(call.transcriptId)).slice(0, Math.max(0, expected - seen.size));
          page = undefined;
          if (read.length > 0 && calls.length === 0 && seen.size < expected) {
            // Every call of this page was written already: on to the next.
            offset += EXPORT_PAGE;
            return;
          }
          if (calls.length === 0 || signal.aborted) {
            if (!signal.aborted) {
              controller.enqueue(encoder.encode(exportTail(request.format, head)));
              controller.close();
            }
            finish();
            return;
          }
          offset += EXPORT_PAGE;
          const [hits, recordings] = await Promise.all([readCalls(context, calls), context.recordings([...new Set(calls.map((call) => call.eventId))])]);
          // The client went away while the page was read: nothing more to write.
          if (ended) return;
          const text = calls
            .map((call) => {
              seen.add(call.transcriptId);
              return exportCall(request.format, toExportCall(call, seen.size, hits.get(call.transcriptId) ?? [], recordings.get(call.eventId), context.origin));
            })
            .join('');
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          if (ended) return;
          finish();
          context.failed(error);
          // The response ends in an error, not a clean end: the client knows the file is not whole.
          controller.error(error);
        }
      },
      cancel() {
        finish();
      },
    },
    // One part read ahead at most: memory holds a page whatever the file's size.
    { highWaterMark: 1 },
  );

  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': SEARCH_EXPORT_TYPES[request.format],
      'content-disposition': contentDisposition(searchExportFileName(request.q, request.format)),
      // no-transform: the server's compression would hold the first 256 kB back to decide, and the
      // progress line would stand still; the file goes as written, a page of calls at a time.
      'cache-control': 'no-store, no-transform',
      // What the file will hold, for the progress line.
      'x-export-calls': String(expected),
      'x-export-total-calls': String(first.totalCalls),
    },
  });
}

/** An attachment named for the search: a plain-ASCII name for old clients, the full one encoded (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The first recording the data service lists for each event (what ▶ on the results plays). */
export async function recordingsOfEvents(
  api: (path: string, query: Record<string, string | number | undefined>) => Promise<Response>,
  eventIds: number[],
  log: (line: string) => void,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (eventIds.length === 0) return found;
  try {
    let cursor: number | undefined;
    // An event has a recording or two: a few pages at most.
    for (let pages = 0; pages < 10; pages++) {
      const response = await api('/audio', { eventIds: eventIds.join(','), limit: 500, cursor });
      if (!response.ok) throw new Error(`the audio list answered ${response.status}`);
      const body = (await response.json()) as { data?: { id: number; eventId: number }[]; pagination?: { nextCursor?: number | null } };
      for (const audio of body.data ?? []) if (!found.has(audio.eventId)) found.set(audio.eventId, audio.id);
      const next = body.pagination?.nextCursor;
      if (next === null || next === undefined || (body.data ?? []).length === 0) break;
      cursor = next;
    }
  } catch (error) {
    // The file still says what was said; those calls link to their event's page.
    log(`search: the export could not list recordings: ${(error as Error).message}`);
  }
  return found;
}

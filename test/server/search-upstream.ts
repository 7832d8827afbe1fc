import type { Sandbox } from '../../server/sandbox/app.ts';
import type { SearchService } from '../../server/search/service.ts';

/** The search tests' shared pieces: the sandbox as the data service, and a GET answered by a search service. */

export type Query = Record<string, string | number | undefined>;

const ORIGIN = 'http://search.internal';

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.size ? `?${params}` : '';
}

/** The sandbox as the data service: the key added as the proxy adds it. */
export function sandboxUpstream(sandbox: Sandbox) {
  return {
    api: (path: string, query: Query) =>
      sandbox.fetch(new Request(`${ORIGIN}/public/v3${path}${queryString(query)}`, { headers: { 'x-api-key': sandbox.apiKey, accept: 'application/json' } })),
    file: (url: string, signal: AbortSignal) => sandbox.fetch(new Request(url, { signal })),
  };
}

export async function getJson(service: SearchService, path: string): Promise<{ status: number; body: any }> {
  const response = await service.handle(new Request(`http://app.test${path}`));
  return { status: response.status, body: await response.json() };
}

/** A paragraph of a transcript as its file says it (the search's oracle reads every file by hand). */
export interface FileParagraph {
  eventId: number;
  companyId: number;
  transcriptId: number;
  sentences: string[];
  starts: number[];
}

/**
 * Every paragraph the index should hold, read straight from the data service's files: one
 * transcript per call, the edited one (type 15) where a call has both.
 */
export async function readEveryTranscript(upstream: ReturnType<typeof sandboxUpstream>): Promise<FileParagraph[]> {
  const docs: any[] = [];
  for (let cursor = 0; ;) {
    const page = (await (await upstream.api('/documents/transcripts', { limit: 500, cursor, expand: 'event' })).json()) as any;
    docs.push(...page.data);
    if (page.pagination.nextCursor === null || page.data.length === 0) break;
    cursor = page.pagination.nextCursor;
  }
  const byEvent = new Map<number, any[]>();
  for (const doc of docs) byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  const paragraphs: FileParagraph[] = [];
  for (const [eventId, list] of byEvent) {
    const chosen = list.find((doc) => doc.typeId === 15) ?? list[0];
    const file = (await (await upstream.file(chosen.fileUrl, new AbortController().signal)).json()) as any;
    for (const paragraph of file.transcript.paragraphs) {
      paragraphs.push({
        eventId,
        companyId: chosen.companyId,
        transcriptId: chosen.id,
        sentences: paragraph.sentences.map((s: any) => s.text),
        starts: paragraph.sentences.map((s: any) => s.start),
      });
    }
  }
  return paragraphs;
}

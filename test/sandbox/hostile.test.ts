/**
 * The hostile dataset (SANDBOX_DATASET=hostile): every URL field unsafe, markup and odd values
 * everywhere, the same answer every time, and the normal dataset untouched.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSandboxConfig } from '../../server/sandbox/config.ts';
import { SCRIPT_STRINGS } from '../../server/sandbox/hostile.ts';
import { safeHttpUrl } from '../../src/lib/safe-url.ts';

const NOW = '2026-11-21T12:00:00Z';
const hostile = createSandbox({ seed: 'hostile-tests', companies: 40, clockRate: 0, now: NOW, dataset: 'hostile' });
const normal = createSandbox({ seed: 'hostile-tests', companies: 40, clockRate: 0, now: NOW });

async function get<T = { data: Record<string, unknown>[]; pagination?: unknown }>(sandbox: typeof hostile, path: string): Promise<T> {
  const response = await sandbox.fetch(new Request(`http://127.0.0.1/public/v3${path}`, { headers: { 'x-api-key': sandbox.apiKey } }));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const ids = normal.sampleIds();
const paths = [
  '/companies?limit=40',
  `/companies/${ids.companyId}`,
  '/companies/1/segments?limit=50',
  `/events/${ids.eventWithAudioAndTranscript!.eventId}`,
  '/event-types/26',
  '/audio?limit=50&expand=event',
  `/audio/${ids.eventWithAudioAndTranscript!.audioId}/chapters?levels=1,2`,
  `/live/audio/${ids.liveId}`,
  `/live/audio/${ids.liveId! + 1}`,
  '/documents/transcripts?limit=50&expand=event',
  `/documents/${ids.pdfDocumentId}?expand=event`,
  '/document-types/19',
  // The five list endpoints beyond the contract.
  '/events?limit=50',
  '/live/audio?limit=50&states=live,willBeLive,recordingAvailable,liveFailedInterrupted',
  '/documents?limit=50&expand=event',
  '/event-types?limit=50',
  '/document-types?limit=50',
];

describe('hostile dataset', () => {
  it('is chosen with SANDBOX_DATASET and refuses other values', () => {
    expect(readSandboxConfig({ SANDBOX_DATASET: 'hostile' }).dataset).toBe('hostile');
    expect(readSandboxConfig({}).dataset).toBe('normal');
    expect(() => readSandboxConfig({ SANDBOX_DATASET: 'evil' })).toThrow(/SANDBOX_DATASET must be normal or hostile/);
  });

  it('never serves a URL a browser may open, in any URL field', async () => {
    const urls: unknown[] = [];
    for (const path of paths) {
      const body = await get<{ data: unknown }>(hostile, path);
      const records = (Array.isArray(body.data) ? body.data : [body.data]) as Record<string, unknown>[];
      for (const record of records) {
        for (const field of ['backlinkUrl', 'fileUrl', 'streamUrl', 'audio']) if (field in record) urls.push(record[field]);
      }
    }
    expect(urls.length).toBeGreaterThan(100);
    expect(urls.filter((url) => safeHttpUrl(url) !== undefined)).toEqual([]);
    expect(urls.some((url) => typeof url === 'string' && url.startsWith('javascript:'))).toBe(true);
    expect(urls.some((url) => typeof url === 'string' && url.startsWith('data:'))).toBe(true);
    expect(urls).toContain(null);
  });

  it('puts markup, long and right-to-left text, nulls, odd numbers, edge dates and unknown states and types in the records', async () => {
    const text = JSON.stringify(await Promise.all(paths.map((path) => get<unknown>(hostile, path))));
    for (const script of SCRIPT_STRINGS) expect(text).toContain(JSON.stringify(script).slice(1, -1));
    expect(text).toMatch(/[A-Za-z]{600}/);
    expect(text).toMatch(/[\u0600-\u06FF]/);
    expect(text).toContain('\u202E');
    expect(text).toMatch(/"(displayName|title|name)":null/);
    expect(text).toMatch(/"tickers":\[\]/);
    expect(text).toMatch(/"duration":-125|"qna":-30|"value":-1e\+15|"total":-1e\+15/);
    expect(text).toMatch(/0001-01-01T00:00:00\.000Z/);
    expect(text).toMatch(/9999-12-31T23:59:59\.999Z/);
    expect(text).toMatch(/"typeId":(999|-3|0|77|-1|4242)\b/);
    const states = await Promise.all([0, 1, 2, 3].map((k) => get<{ data: { state: string } }>(hostile, `/live/audio/${ids.liveId! + k}`)));
    expect(
      states
        .map((s) => s.data.state)
        .some((state) => !['notLive', 'willBeLive', 'live', 'processingRecording', 'recordingAvailable'].includes(state) && !state.includes('Failed')),
    ).toBe(true);
    // An unknown type id is unknown to the type endpoints too.
    const missing = await hostile.fetch(new Request('http://127.0.0.1/public/v3/event-types/999', { headers: { 'x-api-key': hostile.apiKey } }));
    expect(missing.status).toBe(404);
  });

  it('rewrites the records of the extension lists like the single records of the same kind', async () => {
    const event = await get<{ data: Record<string, unknown> }>(hostile, `/events/${ids.eventWithAudioAndTranscript!.eventId}`);
    const events = await get(hostile, `/events?limit=500&companyIds=${event.data.companyId}`);
    expect(events.data.find((e) => e.id === event.data.id)).toEqual(event.data);
    const live = await get<{ data: Record<string, unknown> }>(hostile, `/live/audio/${ids.liveId}`);
    const lives = await get(hostile, `/live/audio?states=live&limit=500`);
    expect(lives.data.find((l) => l.id === live.data.id)).toEqual(live.data);
    // The live lists with transcripts: the same rewrite, and a transcript URL no browser may open.
    const withTranscript = await get<{ data: Record<string, unknown> }>(hostile, `/live/${ids.liveId}`);
    expect({ ...withTranscript.data, transcript: undefined }).toEqual({ ...live.data, transcript: undefined });
    const transcripts = await get(hostile, `/live/transcripts?states=live&limit=500`);
    const transcriptOnly = transcripts.data.find((l) => l.id === live.data.id)!;
    expect(transcriptOnly).not.toHaveProperty('audio');
    expect(transcriptOnly.transcript).toBe(withTranscript.data.transcript);
    const urls = transcripts.data.map((l) => l.transcript);
    expect(urls.filter((u) => typeof u === 'string' && safeHttpUrl(u) !== undefined)).toEqual([]);
    for (const path of ['/event-types', '/document-types']) {
      const [a, b] = await Promise.all([get(hostile, path), get(normal, path)]);
      expect(a.data.map((t) => t.id)).toEqual(b.data.map((t) => t.id));
      expect(a.data.map((t) => t.name)).not.toEqual(b.data.map((t) => t.name));
    }
  });

  it('keeps ids and the ids that link records, so every record can still be fetched and linked', async () => {
    for (const path of ['/audio?limit=50&expand=event', '/documents/transcripts?limit=50', '/documents?limit=50', '/events?limit=50', '/live/audio?limit=50']) {
      const [a, b] = await Promise.all([get(hostile, path), get(normal, path)]);
      expect(a.data.map((r) => [r.id, r.companyId, r.eventId])).toEqual(b.data.map((r) => [r.id, r.companyId, r.eventId]));
      expect(a.pagination).toEqual(b.pagination);
    }
  });

  it('answers the same every time, and leaves the normal dataset as it was', async () => {
    for (const path of paths) {
      expect(await get<unknown>(hostile, path), path).toEqual(await get<unknown>(hostile, path));
    }
    const plain = await get(normal, '/companies?limit=40');
    for (const company of plain.data) {
      expect(safeHttpUrl(company.backlinkUrl)).toBeDefined();
      expect(company.displayName).toEqual(expect.any(String));
      expect(JSON.stringify(company)).not.toContain('<');
    }
  });
});

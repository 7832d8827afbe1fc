/**
 * Odd and hostile data in the app: which nulls the schemas accept (display fields, shown as "—")
 * and which they refuse (what the app cannot work without), the formatters on odd numbers, and
 * pages rendered over the hostile dataset's answers with nothing from the data run or linked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { hostileAnswer } from '../../server/sandbox/hostile.ts';
import { audioSchema, companySchema, eventSchema, liveAudioSchema, page, segmentSchema, single } from '../../src/api/schemas.ts';
import { companyLabel, formatDuration, formatSize, plausibleSeconds, textOr } from '../../src/lib/format.ts';
import { renderApp } from '../support/render-app.tsx';
import { forwardToSandbox, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** Every API answer rewritten as SANDBOX_DATASET=hostile would. */
function serveHostile() {
  server.use(
    http.get('*/public/v3/*', async ({ request }) => {
      const response = await forwardToSandbox(request);
      if (!response.ok) return response;
      const path = new URL(request.url).pathname.slice('/public/v3'.length);
      return Response.json(hostileAnswer(path, await response.json()));
    }),
  );
}

/** Nothing in the rendered DOM came from markup in the data, and no link leaves http(s). */
function expectInert(container: HTMLElement) {
  for (const element of container.querySelectorAll('*')) {
    expect(
      element.getAttributeNames().filter((name) => name.startsWith('on')),
      element.outerHTML.slice(0, 80),
    ).toEqual([]);
  }
  expect(container.querySelectorAll('script, iframe, object, embed, svg[onload], img[onerror]')).toHaveLength(0);
  for (const link of container.querySelectorAll('a[href]')) {
    expect(new URL(link.getAttribute('href')!, location.href).protocol).toMatch(/^https?:$/);
  }
  expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined();
}

describe('schemas and nulls', () => {
  it('accept null or missing display fields as null, and a null or missing list as empty', () => {
    const company = { id: 7, name: null, displayName: null, country: null, tickers: null, backlinkUrl: null, createdAt: null, updatedAt: null };
    expect(companySchema.parse(company)).toMatchObject({ id: 7, name: null, displayName: null, country: null, tickers: [], isins: [], backlinkUrl: null });
    const audio = audioSchema.parse({ id: 1, companyId: 2, eventId: 3, fileUrl: null, streamUrl: null, qna: null, audioMetadata: null });
    expect(audio).toMatchObject({ fileUrl: null, streamUrl: null, qna: null, audioMetadata: null, createdAt: null });
    expect(eventSchema.parse({ id: 1, companyId: 2, typeId: 999 })).toMatchObject({ title: null, date: null, fiscalYear: null, backlinkUrl: null });
    expect(segmentSchema.parse({ companyId: 1, fiscalYear: 2025, total: -1e15, items: null })).toMatchObject({ items: [], segmentItem: null, other: null });
  });

  it('refuse a record without what the app cannot work without', () => {
    expect(companySchema.safeParse({ id: null, name: 'Acme' }).success).toBe(false);
    expect(audioSchema.safeParse({ id: 1, companyId: null, eventId: 3 }).success).toBe(false);
    expect(eventSchema.safeParse({ id: 1, companyId: 2, typeId: null }).success).toBe(false);
    expect(liveAudioSchema.safeParse({ id: 1, eventId: 1, companyId: 1, state: null }).success).toBe(false);
    expect(segmentSchema.safeParse({ companyId: 1, fiscalYear: 2025, total: null }).success).toBe(false);
    // A wrong type is still wrong: a number where text belongs is not quietly taken as missing.
    expect(companySchema.safeParse({ id: 1, name: 42 }).success).toBe(false);
  });

  it('accept every hostile answer the sandbox gives', async () => {
    const ids = sandbox.sampleIds();
    const checks: [string, ReturnType<typeof page> | ReturnType<typeof single>][] = [
      ['/companies?limit=80', page(companySchema)],
      ['/companies/1/segments?limit=100', page(segmentSchema)],
      ['/audio?limit=100&expand=event', page(audioSchema)],
      [`/live/audio/${ids.liveId}`, single(liveAudioSchema)],
      [`/events/${ids.eventWithAudioAndTranscript!.eventId}`, single(eventSchema)],
    ];
    for (const [path, schema] of checks) {
      const body = hostileAnswer(path.split('?')[0]!, await sandboxJson(path));
      const result = schema.safeParse(body);
      expect(result.success, `${path}: ${result.error?.message}`).toBe(true);
    }
  });
});

describe('formatters on odd values', () => {
  it('show no negative or impossible duration, and huge ones as they are', () => {
    expect(formatDuration(-125)).toBe('—');
    expect(formatDuration(-0.25)).toBe('—');
    expect(formatDuration(1e12)).toBe('277777777:46:40');
    expect(plausibleSeconds(-30)).toBeUndefined();
    expect(plausibleSeconds(0)).toBeUndefined();
    expect(plausibleSeconds(1e9)).toBeUndefined();
    expect(plausibleSeconds(3_725.5)).toBe(3_725.5);
  });

  it('show a size they cannot read as it is, and missing text as —', () => {
    expect(formatSize('-3.0 MB')).toBe('-3.0 MB');
    expect(formatSize(null)).toBe('—');
    expect(textOr('   ')).toBe('—');
    expect(textOr(null, 'Event 4')).toBe('Event 4');
    expect(companyLabel({ id: 9, displayName: '', name: null })).toBe('Unnamed company');
    expect(companyLabel({ id: 9, displayName: null, name: 'Acme AG' })).toBe('Acme AG');
  });
});

describe('pages over hostile data', () => {
  it('a company page shows markup as text, missing values as —, and no unsafe link', async () => {
    serveHostile();
    const { container } = await renderApp('/companies/1');
    const heading = await screen.findByRole('heading', { level: 1 });
    // Company 1's short name is an <img onerror> string: shown, not parsed.
    expect(heading).toHaveTextContent('<img src=x onerror="window.__pwned=1;alert(1)">Acme');
    const facts = heading.closest('header')!;
    expect(within(facts).getByText('No usable link')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Recordings' })).toBeInTheDocument();
    await screen.findAllByRole('link', { name: 'Event page' });
    expectInert(container);
  });

  it('a recording page with unsafe audio URLs offers no download, and its odd metadata reads sensibly', async () => {
    serveHostile();
    const audioId = sandbox.sampleIds().eventWithAudioAndTranscript!.audioId;
    const { container } = await renderApp(`/recordings/${audioId}`);
    await screen.findByRole('button', { name: 'Play recording' });
    expect(screen.queryByRole('link', { name: /Download MP3/ })).not.toBeInTheDocument();
    // The file reads as a format and a length people know ("MP3, 4:10"), or the format alone: never a mime type or "NaN".
    expect(screen.getByText(/^(MP3|M4A|AAC|WAV|Ogg|WebM|FLAC|Audio)(, \d+:\d{2}(:\d{2})?)?$/)).toBeInTheDocument();
    expectInert(container);
  });

  it('a live record with a state nobody knows shows that state', async () => {
    serveHostile();
    const id = sandbox.sampleIds().liveId!;
    const odd = id % 2 === 1 ? id : id + 1;
    const { container } = await renderApp(`/live/${odd}`);
    const badge = await screen.findByText((_, element) => element?.hasAttribute('data-state') ?? false);
    const state = badge.getAttribute('data-state')!;
    expect(['notLive', 'willBeLive', 'live', 'processingRecording', 'recordingAvailable']).not.toContain(state);
    expect(container).toHaveTextContent(state);
    expectInert(container);
  });
});

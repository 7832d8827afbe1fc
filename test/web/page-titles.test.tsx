/**
 * Every page names its tab after what it shows, so tabs, history and bookmarks tell pages apart:
 * lists by what they list, a record by its company and its own name, a search by its words, a
 * missing page as such. (The ids are the web tests' sandbox's sample records.)
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();
beforeEach(() => {
  // The titles do not wait for the search index: it answers that it is not there.
  server.use(http.get('*/api/search*', () => HttpResponse.json({ statusCode: 503, message: 'Search is off' }, { status: 503 })));
});

async function expectTitle(url: string, title: string) {
  await renderApp(url);
  await waitFor(() => expect(document.title).toBe(title), { timeout: 15_000 });
}

describe('each page names its tab', () => {
  it.each([
    ['/', 'Today · Earnings Desk'],
    ['/calendar', 'Earnings calendar · Earnings Desk'],
    ['/companies', 'Companies · Earnings Desk'],
    ['/recordings', 'Recordings · Earnings Desk'],
    ['/transcripts', 'Transcripts · Earnings Desk'],
    ['/documents', 'Documents · Earnings Desk'],
    ['/live', 'Live calls · Earnings Desk'],
    ['/notes', 'My notes · Earnings Desk'],
    ['/search', 'Search transcripts · Earnings Desk'],
    ['/search?q=gross+margin', '“gross margin” — Search transcripts · Earnings Desk'],
    ['/no-such-page', 'Page not found · Earnings Desk'],
  ])('%s', async (url, title) => {
    await expectTitle(url, title);
  });

  it.each([
    ['/companies/75', 'Bramane Foods · Earnings Desk'],
    ['/events/1134', 'Bramane Foods — Financials Conference 2026 · Earnings Desk'],
    ['/recordings/1066', 'Bramane Foods — Financials Conference 2026 · Earnings Desk'],
    ['/documents/4384', 'Bramane Foods — Financials Conference 2026: Transcript · Earnings Desk'],
    ['/documents/3456', 'Astarova — Q4 2025 earnings call: Annual report · Earnings Desk'],
    ['/live/1910', 'Zenorant Bancorp — Q3 2026 earnings call · Earnings Desk'],
    ['/compare?call=1134&with=782', 'Bramane Foods — Financials Conference 2026 compared with Nordic Investor Week 2025 · Earnings Desk'],
    ['/events/999999', 'Event not found · Earnings Desk'],
  ])('%s', async (url, title) => {
    await expectTitle(url, title);
  });

  it('a record page says it is loading, not the page before it', async () => {
    const { router } = await renderApp('/companies');
    await waitFor(() => expect(document.title).toBe('Companies · Earnings Desk'));
    server.use(http.get('*/public/v3/companies/75', () => new Promise(() => {})));
    void router.navigate({ to: '/companies/$companyId', params: { companyId: 75 } });
    await waitFor(() => expect(document.title).toBe('Loading the company… · Earnings Desk'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Companies' })).toBeNull();
  });
});

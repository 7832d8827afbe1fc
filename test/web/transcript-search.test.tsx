/**
 * The transcript search page (/search) against the real search service over the in-process
 * sandbox (companies 1–8 indexed). Expected values were read from that data: "data center" is said
 * in 6 calls (24 passages); by most mentions first, Calaneon's Q2 2026 earnings call (event 1076,
 * transcript 4239, recording 1025), where its CEO Uma Zimmerli says it at 0:34 (34.172 s,
 * sentence 8). Analysts ask about tariffs in 5 calls (10 passages).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { player } from '../../src/lib/player/index.ts';
import { markPlayerActive } from '../../src/lib/player/presence.ts';
import { renderApp } from '../support/render-app.tsx';
import { server, seenRequests, useSandboxServer } from '../support/sandbox-server.ts';
import { useSearchServer } from '../support/search-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();
useSearchServer();

const stage = usePlayerStage();

const box = () => screen.getByRole('searchbox', { name: 'Search what was said' });
const articles = async () => {
  await screen.findByRole('list', { name: 'Calls that match' });
  return screen.getAllByRole('article');
};
/** The line that counts the results ("24 passages in 6 calls, …"). */
const countLine = () =>
  waitFor(() => {
    const line = screen.getAllByRole('status').find((element) => /passages? in \d/.test(element.textContent ?? ''));
    expect(line).toBeDefined();
    return line!;
  });
const marks = (element: HTMLElement) => [...element.querySelectorAll('mark')].map((mark) => mark.textContent);

describe('searching what was said', () => {
  it('finds a phrase in the calls that say it, with the speaker and the words marked, and keeps the search in the address', async () => {
    const { user, router } = await renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search transcripts' })).toBeInTheDocument();
    await user.type(box(), '"data center"{Enter}');

    expect(await countLine()).toHaveTextContent('24 passages in 6 calls, most mentions first');
    expect(router.state.location.search).toMatchObject({ q: '"data center"' });
    const first = (await articles())[0]!;
    const heading = within(first).getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent('Calaneon · Q2 2026 earnings call');
    expect(within(heading).getByRole('link', { name: 'Calaneon' })).toHaveAttribute('href', '/companies/1');
    const passage = within(first).getAllByRole('listitem')[0]!;
    expect(passage).toHaveTextContent('Uma Zimmerli, Chief Executive Officer, Calaneon');
    expect(passage).toHaveTextContent('Data center revenue grew thirty eight percent, and it is now about a fifth of our sales.');
    expect(marks(passage)).toEqual(['Data center']);
    expect(within(passage).getByRole('link', { name: 'Open the transcript at 0:34 (Uma Zimmerli, Chief Executive Officer, Calaneon)' })).toHaveAttribute(
      'href',
      '/documents/4239?kind=transcript&sentence=8',
    );
    // Virtualized: of the 6 calls, only those near the window are in the document, never more than loaded.
    expect((await articles()).length).toBeLessThanOrEqual(6);
  });

  it('narrows to what analysts said when the address asks for it', async () => {
    await renderApp('/search?q=tariffs&speakers=analyst');
    expect(await countLine()).toHaveTextContent('10 passages in 5 calls, most mentions first');
    for (const article of await articles()) {
      for (const passage of within(article).getAllByRole('listitem')) expect(passage).toHaveTextContent(/Analyst, /);
    }
    expect(screen.getByRole('button', { name: /Who speaks: Analysts/ })).toBeInTheDocument();
  });

  it('explains a quote left open without asking the server, and the server’s word on common words next to the box', async () => {
    const { user } = await renderApp('/search');
    await screen.findByRole('heading', { level: 1, name: 'Search transcripts' });
    await user.type(box(), '"gross margin{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A quotation mark is not closed: end the phrase with " or remove it.');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(seenRequests.some((url) => url.includes('/api/search?'))).toBe(false);

    await user.clear(box());
    await user.type(box(), 'the and of{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“the and of” has only common words (such as the, and, of), which are not indexed: add a word that carries meaning.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says next to the box that a left-out common word leaves nothing out, as it says a search of common words finds nothing', async () => {
    const { user } = await renderApp('/search');
    await screen.findByRole('heading', { level: 1, name: 'Search transcripts' });
    await user.type(box(), 'tariffs -our{Enter}');
    const notice = await screen.findByRole('status', { name: 'How the search was read' }, { timeout: 10_000 });
    expect(notice).toHaveTextContent('-our leaves nothing out: it has only common words (such as the, and, of), which are not indexed.');
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('-our leaves nothing out'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A word that carries meaning is left out as asked, without a word about it.
    await user.clear(box());
    await user.type(box(), 'tariffs -china{Enter}');
    await countLine();
    expect(screen.queryByRole('status', { name: 'How the search was read' })).not.toBeInTheDocument();
  });

  it('says in plain words that a damaged index is being rebuilt', async () => {
    server.use(
      http.get('*/api/search/status', () =>
        HttpResponse.json({
          enabled: true,
          engine: 'pglite',
          state: 'rebuilding',
          detail: 'The search index was damaged and is being rebuilt from the data service; searches find more as it grows.',
          damagedAt: '2026-11-21T12:00:00.000Z',
          scope: { companyIds: [], countries: [] },
          transcripts: { listed: 40, indexed: 12, superseded: 0, pending: 28, retrying: 0, failed: 0 },
          calls: 12,
          paragraphs: 300,
          failures: [],
        }),
      ),
      http.get('*/api/search', () =>
        HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'The search index was damaged and is being rebuilt: search again in a few minutes.' },
          { status: 503, headers: { 'retry-after': '30' } },
        ),
      ),
    );
    await renderApp('/search?q=margin');
    expect(
      await screen.findByText('The search index was damaged and is being rebuilt: results are incomplete until it is done (searching 12 calls so far).'),
    ).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(/^The search index was damaged and is being rebuilt: search again in a few minutes\.Retry$/);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says what the index covers, and that search is off when the server says so', async () => {
    await renderApp('/search');
    expect(await screen.findByText(/^Searching \d+ calls \(\d+ transcripts\)\./)).toBeInTheDocument();
    server.use(
      http.get('*/api/search/status', () =>
        HttpResponse.json({
          enabled: false,
          state: 'off',
          scope: { companyIds: [], countries: [] },
          transcripts: { listed: 0, indexed: 0, superseded: 0, pending: 0, retrying: 0, failed: 0 },
          calls: 0,
          paragraphs: 0,
          failures: [],
        }),
      ),
    );
    await renderApp('/search?q=margin');
    expect(await screen.findByText('Transcript search is turned off on this server.')).toBeInTheDocument();
  });

  it('shows a failing search as an error with Retry, not a blank page', async () => {
    server.use(http.get('*/api/search', () => HttpResponse.json({ statusCode: 500, message: 'boom', error: 'Internal Server Error' }, { status: 500 })));
    await renderApp('/search?q=margin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a passage', () => {
  it('▶ plays the call in the docked player from that sentence', async () => {
    const { user } = await renderApp('/search?q=%22data+center%22');
    act(() => markPlayerActive());
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    const media = new FakeMedia();
    stage.attach(media);

    const first = (await articles())[0]!;
    await user.click(within(first).getByRole('button', { name: 'Play from 0:34: Uma Zimmerli' }));
    await waitFor(() => expect(player.getState().source).toMatchObject({ key: 'recording:1025', audioId: 1025, artist: 'Calaneon' }));
    await waitFor(() => expect(media.sources).toEqual(['http://localhost:3000/sandbox-files/audio/1025.mp3']));
    await waitFor(() => expect(media.currentTime).toBe(34.172));
    expect(media.paused).toBe(false);
  });

  it('"Open transcript" opens the reader at that sentence, marked', async () => {
    const { user } = await renderApp('/search?q=%22data+center%22');
    const first = (await articles())[0]!;
    await user.click(within(first).getByRole('link', { name: 'Open the transcript at 0:34 (Uma Zimmerli, Chief Executive Officer, Calaneon)' }));
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    const here = transcript.querySelector('li[aria-current="location"]') as HTMLElement;
    expect(here).toHaveTextContent('Uma Zimmerli');
    expect(here.querySelector('[data-focus]')).toHaveTextContent(/^Data center revenue grew thirty eight percent, and it is now about a fifth of our sales\.$/);
  });
});

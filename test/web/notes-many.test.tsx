/**
 * My notes with many notes (the importer takes up to 100,000): only the rows near the screen are
 * in the document, the search still finds a note far down the list, and a file of thousands of
 * notes is imported whole, in steps, saying how far it is.
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { notes, setNotesStore, type Bookmark } from '../../src/lib/notes/index.ts';
import { createNotesStore } from '../../src/lib/notes/store.ts';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const COUNT = 5_000;

/** Bookmark n of 5,000: 50 companies of 100 notes each (one call each), a minute apart. */
function bookmark(n: number): Bookmark {
  const company = Math.floor(n / 100);
  return {
    id: `b-${n}`,
    kind: 'bookmark',
    call: {
      eventId: 5000 + company,
      audioId: 7000 + company,
      companyId: 100 + company,
      company: `Company ${String(company).padStart(2, '0')}`,
      event: 'Q3 2026 earnings call',
    },
    at: (n % 100) * 60,
    note: n === 4_321 ? 'Guidance raised for the Nordic region' : `Note number ${n}`,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  };
}
const many = Array.from({ length: COUNT }, (_, n) => bookmark(n));

beforeEach(() => {
  setNotesStore(createNotesStore({ factory: new IDBFactory(), keyRange: IDBKeyRange, channelName: null }));
});

async function open(url = '/notes') {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'My notes' });
  return result;
}

/** The note rows in the document (each call's list holds its rows). */
const rows = () => screen.queryAllByRole('list', { name: /^Notes on / }).flatMap((list) => within(list).queryAllByRole('listitem'));

describe('my notes with 5,000 notes', () => {
  it('puts only the rows near the screen in the document, under their company and call', async () => {
    await notes.importItems(many);
    await open();
    expect(await screen.findByText('5000 notes')).toBeInTheDocument();
    // The first company, its call and its first notes, in time order; a window of 768 px holds about a dozen.
    const company = await screen.findByRole('region', { name: 'Company 00' });
    expect(within(company).getByRole('heading', { level: 2, name: 'Company 00' })).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: 'Q3 2026 earnings call' })).toHaveAttribute('href', '/recordings/7000');
    const first = within(company).getAllByRole('listitem');
    expect(within(first[0]!).getByRole('button', { name: 'Play from 0:00' })).toBeInTheDocument();
    expect(within(first[1]!).getByRole('button', { name: 'Play from 1:00' })).toBeInTheDocument();
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThanOrEqual(30);
    expect(screen.queryByRole('region', { name: 'Company 49' })).not.toBeInTheDocument();
    expect(screen.queryByText('Note number 4999')).not.toBeInTheDocument();
  });

  it('the search finds a note far down the list, with its company and call', async () => {
    await notes.importItems(many);
    const { user, router } = await open();
    await user.type(screen.getByRole('searchbox', { name: 'Search my notes' }), 'nordic');
    const company = await screen.findByRole('region', { name: 'Company 43' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(company).getByText('Guidance raised for the Nordic region')).toBeInTheDocument();
    expect(within(company).getByRole('button', { name: 'Play from 21:00' })).toBeInTheDocument();
    expect(screen.getByText('1 note')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: 'nordic' });
  });

  it('imports a file of 5,000 notes in steps, saying how far it is, and keeps every one', async () => {
    const { user } = await open();
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      for (const status of screen.queryAllByRole('status')) {
        const text = status.textContent ?? '';
        if (text.startsWith('Importing') && seen.at(-1) !== text) seen.push(text);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const file = new File([JSON.stringify({ format: 'earnings-desk-notes', version: 1, items: many })], 'notes.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Notes file to import'), file);
    expect(await screen.findByText('Imported notes.json: 5,000 new, 0 updated, 0 already here.', {}, { timeout: 20_000 })).toHaveAttribute('role', 'status');
    observer.disconnect();
    expect(seen).toEqual(
      [1, 2, 3, 4, 5].map((k) => `Importing notes.json: ${k},000 of 5,000 notes written… Keep this tab open: an import is kept whole or not at all.`),
    );
    expect(notes.getSnapshot().items).toHaveLength(5_000);
    expect(await screen.findByText('5000 notes')).toBeInTheDocument();
    expect(rows().length).toBeLessThanOrEqual(30);
  });
});

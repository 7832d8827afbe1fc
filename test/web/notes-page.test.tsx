/**
 * My notes (/notes): every bookmark and highlight grouped by company and call, searchable (the
 * search kept in the address), filtered by kind, deleted with Undo, exported as Markdown and CSV
 * (what is shown) and as a JSON file, and merged back from such a file, all or nothing. Notes
 * are text: markup in one is shown as typed.
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notes, type Bookmark, type Highlight, type NoteItem } from '../../src/lib/notes/index.ts';
import { player } from '../../src/lib/player/index.ts';
import { markPlayerActive } from '../../src/lib/player/presence.ts';
import { captureDownloads } from '../support/downloads.ts';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();
const downloads = captureDownloads();

const calaneon = { eventId: 1076, audioId: 1025, companyId: 1, company: 'Calaneon', event: 'Q2 2026 earnings call', date: '2026-07-31T14:00:00.000Z' };
const bryrite = { eventId: 1200, audioId: 1100, companyId: 2, company: 'Bryrite', event: 'Q4 2026 earnings call', date: '2026-11-05T21:30:00.000Z' };

const ceoQuote: Highlight = {
  id: 'h-ceo',
  kind: 'highlight',
  call: calaneon,
  start: 24.641,
  end: 29.662,
  quote: 'Data center revenue grew sixty eight percent, and it is now more than half of our sales.',
  speaker: 'Uma Zimmerli (Chief Executive Officer, Calaneon)',
  color: 'green',
  note: 'Check the guidance',
  createdAt: '2026-11-20T09:05:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
};
const questions: Bookmark = {
  id: 'b-qa',
  kind: 'bookmark',
  call: calaneon,
  at: 93.5,
  note: 'Questions start',
  createdAt: '2026-11-20T09:01:00.000Z',
  updatedAt: '2026-11-20T09:01:00.000Z',
};
const hostile: Bookmark = {
  id: 'b-bry',
  kind: 'bookmark',
  call: bryrite,
  at: 61,
  note: '<img src=x onerror=alert(1)>',
  createdAt: '2026-11-20T09:03:00.000Z',
  updatedAt: '2026-11-20T09:03:00.000Z',
};

beforeEach(async () => {
  for (const item of [ceoQuote, questions, hostile]) await notes.put(item);
});
const stage = usePlayerStage();
afterEach(() => {
  vi.useRealTimers();
});

async function open(url = '/notes') {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'My notes' });
  return result;
}

/** Each company's section: its name and, per call, the times of the items listed. */
function shown() {
  return screen.queryAllByRole('region').flatMap((section) => {
    const company = within(section).queryByRole('heading', { level: 2 })?.textContent;
    if (!company) return [];
    return [
      {
        company,
        calls: within(section)
          .getAllByRole('list')
          .map((list) => ({
            call: list.getAttribute('aria-label'),
            items: within(list)
              .getAllByRole('listitem')
              .map((row) => within(row).getAllByRole('button')[0]!.textContent),
          })),
      },
    ];
  });
}

const file = (name: string, content: unknown) =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });

describe('my notes', () => {
  it('groups items under their company and call, in time order, each one click from hearing it', async () => {
    await open();
    expect(shown()).toEqual([
      { company: 'Bryrite', calls: [{ call: 'Notes on Bryrite, Q4 2026 earnings call', items: ['▶ 1:01'] }] },
      { company: 'Calaneon', calls: [{ call: 'Notes on Calaneon, Q2 2026 earnings call', items: ['▶ 0:24–0:29', '▶ 1:33'] }] },
    ]);
    const calaneonSection = screen.getByRole('region', { name: 'Calaneon' });
    expect(within(calaneonSection).getByRole('link', { name: 'Q2 2026 earnings call' })).toHaveAttribute('href', '/recordings/1025');
    expect(within(calaneonSection).getByText('Check the guidance')).toBeInTheDocument();
    expect(within(calaneonSection).getByRole('button', { name: 'Play highlight 0:24–0:29' })).toBeInTheDocument();
  });

  it('shows a note with markup as the text it is', async () => {
    const { container } = await open();
    const section = screen.getByRole('region', { name: 'Bryrite' });
    expect(within(section).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(section.querySelector('img')).toBeNull();
    // Nor anywhere else on the page (the site's logo is the only image).
    expect(container.querySelector('img[onerror], img[src="x"]')).toBeNull();
  });

  it('"Search my notes" keeps the items with every word, and the search in the address', async () => {
    const { user, router } = await open();
    await user.type(screen.getByRole('searchbox', { name: 'Search my notes' }), 'data center');
    await waitFor(() =>
      expect(shown()).toEqual([{ company: 'Calaneon', calls: [{ call: 'Notes on Calaneon, Q2 2026 earnings call', items: ['▶ 0:24–0:29'] }] }]),
    );
    expect(router.state.location.search).toEqual({ q: 'data center' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search my notes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search my notes' }), 'nothing like this');
    expect(await screen.findByText('No notes match “nothing like this”.')).toBeInTheDocument();
  });

  it('opens with the search and the kind from the address', async () => {
    await open('/notes?q=questions&kind=bookmark');
    expect(screen.getByRole('searchbox', { name: 'Search my notes' })).toHaveValue('questions');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('bookmark');
    expect(shown()).toEqual([{ company: 'Calaneon', calls: [{ call: 'Notes on Calaneon, Q2 2026 earnings call', items: ['▶ 1:33'] }] }]);
  });

  it('a kind it does not know shows every kind and is named; a search value that reads as a list is searched as its text', async () => {
    const { user, router } = await open('/notes?kind=videos&q=%5B1%5D');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('all');
    expect(screen.getByText('Some filters in the address could not be used and were left out: Show: videos.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search my notes' })).toHaveValue('[1]');
    expect(await screen.findByText('No notes match “[1]”.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Bookmarks');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '[1]', kind: 'bookmark' }));
    expect(screen.queryByText(/could not be used/)).not.toBeInTheDocument();
  });

  it('Show: Highlights lists the highlights only', async () => {
    const { user, router } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Highlights');
    await waitFor(() =>
      expect(shown()).toEqual([{ company: 'Calaneon', calls: [{ call: 'Notes on Calaneon, Q2 2026 earnings call', items: ['▶ 0:24–0:29'] }] }]),
    );
    expect(router.state.location.search).toEqual({ kind: 'highlight' });
  });

  it('Delete takes an item away; Undo puts it back', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete the bookmark at 1:33' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play from 1:33' })).not.toBeInTheDocument());
    expect(screen.getByText('Deleted the bookmark at 1:33.')).toHaveAttribute('role', 'status');
    expect(notes.getSnapshot().items.map((item) => item.id)).not.toContain('b-qa');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Play from 1:33' })).toBeInTheDocument();
    expect(screen.getByText('Restored.')).toHaveAttribute('role', 'status');
    expect(notes.getSnapshot().items.find((item) => item.id === 'b-qa')).toEqual(questions);
  });

  it('▶ on a highlight plays just that stretch of the call, and the player stops at its end', async () => {
    const { user } = await open();
    // The docked player arrives with the first recording opened; it gets a stand-in element.
    act(() => markPlayerActive());
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    const media = new FakeMedia();
    stage.attach(media);

    await user.click(screen.getByRole('button', { name: 'Play highlight 0:24–0:29' }));
    await waitFor(() => expect(media.currentTime).toBe(24.641));
    expect(player.getState()).toMatchObject({ source: { key: 'recording:1025' }, clip: { start: 24.641, end: 29.662 }, playing: true });
    act(() => media.advance(5.1));
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(29.662);
  });

  it('copies a bookmark as its note and link, and a highlight as its quote', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Copy a link to the bookmark at 1:33' }));
    expect(await screen.findByText('Link copied.')).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe('Questions start\nhttp://localhost:3000/recordings/1025?t=93');

    await user.click(screen.getByRole('button', { name: 'Copy the quote of the highlight at 0:24' }));
    expect(await screen.findByText('Quote copied.')).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '“Data center revenue grew sixty eight percent, and it is now more than half of our sales.”\n' +
        '— Uma Zimmerli (Chief Executive Officer, Calaneon), Calaneon · Q2 2026 earnings call · Jul 31, 2026, at 0:24–0:29\n' +
        'http://localhost:3000/recordings/1025?t=24.6-29.7',
    );
  });

  it('edits a highlight’s note and colour', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit the note of the highlight at 0:24' }));
    const form = screen.getByRole('form', { name: 'Edit the highlight at 0:24' });
    await user.clear(within(form).getByRole('textbox', { name: 'Note' }));
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), 'Guidance raised');
    await user.click(within(form).getByRole('radio', { name: 'Pink' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the highlight at 0:24.')).toBeInTheDocument();
    expect(screen.getByText('Guidance raised')).toBeInTheDocument();
    expect(notes.getSnapshot().items.find((item) => item.id === 'h-ceo')).toMatchObject({ note: 'Guidance raised', color: 'pink' });
  });
});

describe('exports', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
  });

  it('Export as Markdown saves a morning note of what is shown, named by the day', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    const saved = downloads.saved.at(-1)!;
    expect(saved.name).toBe('Earnings Desk notes - 2026-11-23.md');
    expect(saved.blob.type).toMatch(/^text\/markdown/);
    expect(await saved.blob.text()).toBe(
      [
        '# Notes from earnings calls, Nov 23, 2026',
        '',
        '## Bryrite',
        '',
        '### Q4 2026 earnings call (2026-11-05)',
        '',
        '- **1:01** [Listen](http://localhost:3000/recordings/1100?t=61)',
        '  > \\<img src=x onerror=alert(1)\\>',
        '',
        '## Calaneon',
        '',
        '### Q2 2026 earnings call (2026-07-31)',
        '',
        '- **0:24–0:29** Uma Zimmerli (Chief Executive Officer, Calaneon): “Data center revenue grew sixty eight percent, and it is now more than half of our sales.” [Play clip](http://localhost:3000/recordings/1025?t=24.6-29.7)',
        '  > Check the guidance',
        '- **1:33** [Listen](http://localhost:3000/recordings/1025?t=93)',
        '  > Questions start',
        '',
      ].join('\n'),
    );
  });

  it('Export as CSV saves the rows shown (here, the highlights only)', async () => {
    const { user } = await open('/notes?kind=highlight');
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    const saved = downloads.saved.at(-1)!;
    expect(saved.name).toBe('Earnings Desk notes - 2026-11-23.csv');
    expect(await saved.blob.text()).toBe(
      'Company,Event,Date,Kind,Time,Start (s),End (s),Speaker,Quote,Note,Colour,Link\r\n' +
        'Calaneon,Q2 2026 earnings call,2026-07-31,highlight,0:24–0:29,24.641,29.662,"Uma Zimmerli (Chief Executive Officer, Calaneon)","Data center revenue grew sixty eight percent, and it is now more than half of our sales.",Check the guidance,green,http://localhost:3000/recordings/1025?t=24.6-29.7\r\n',
    );
  });

  it('Export all (JSON) saves every item, whatever is shown, as a file Import reads back', async () => {
    const { user } = await open('/notes?kind=highlight');
    await user.click(screen.getByRole('button', { name: 'Export all (JSON)' }));
    const saved = downloads.saved.at(-1)!;
    expect(saved.name).toBe('Earnings Desk notes - 2026-11-23.json');
    const content = JSON.parse(await saved.blob.text()) as { format: string; version: number; exportedAt: string; items: NoteItem[] };
    expect(content).toMatchObject({ format: 'earnings-desk-notes', version: 1, exportedAt: '2026-11-23T10:00:00.000Z' });
    expect(content.items.map((item) => item.id).sort()).toEqual(['b-bry', 'b-qa', 'h-ceo']);
    expect(content.items.find((item) => item.id === 'h-ceo')).toEqual(ceoQuote);

    await user.upload(screen.getByLabelText('Notes file to import'), file('Earnings Desk notes - 2026-11-23.json', await saved.blob.text()));
    expect(await screen.findByText('Imported Earnings Desk notes - 2026-11-23.json: 0 new, 0 updated, 3 already here.')).toBeInTheDocument();
  });
});

describe('importing a notes file', () => {
  const fresh: Bookmark = {
    id: 'b-new',
    kind: 'bookmark',
    call: calaneon,
    at: 150.74,
    note: 'Last question',
    createdAt: '2026-11-21T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
  };

  it('merges a good file: new items added, known ones left, and says how many of each', async () => {
    const { user } = await open();
    const edited = { ...questions, note: 'Q&A opens', updatedAt: '2026-11-21T09:00:00.000Z' };
    const older = { ...hostile, note: 'an older copy', updatedAt: '2026-11-01T09:00:00.000Z' };
    await user.upload(
      screen.getByLabelText('Notes file to import'),
      file('notes.json', { format: 'earnings-desk-notes', version: 1, exportedAt: '2026-11-21T10:00:00.000Z', items: [fresh, edited, older, ceoQuote] }),
    );
    expect(await screen.findByText('Imported notes.json: 1 new, 1 updated, 2 already here.')).toHaveAttribute('role', 'status');
    expect(shown()).toEqual([
      { company: 'Bryrite', calls: [{ call: 'Notes on Bryrite, Q4 2026 earnings call', items: ['▶ 1:01'] }] },
      { company: 'Calaneon', calls: [{ call: 'Notes on Calaneon, Q2 2026 earnings call', items: ['▶ 0:24–0:29', '▶ 1:33', '▶ 2:30'] }] },
    ]);
    expect(screen.getByText('Q&A opens')).toBeInTheDocument();
    // The copy in the file is older than the one here: this one stays.
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it.each([
    ['not JSON', '{ not json', 'This file is not valid JSON, so it is not an Earnings Desk notes file.'],
    [
      'another app’s file',
      { format: 'other-notes', version: 1, items: [] },
      'This is not an Earnings Desk notes file: format: should be "earnings-desk-notes".',
    ],
    [
      'a newer version’s file',
      { format: 'earnings-desk-notes', version: 2, items: [] },
      'This notes file was written by a newer version of Earnings Desk (file version 2); update the app, then import it.',
    ],
    [
      'a file with one bad item among good ones',
      { format: 'earnings-desk-notes', version: 1, items: [fresh, { ...questions, id: 'b-bad', at: -5 }] },
      'Nothing was imported: item 2: at: Too small: expected number to be >=0.',
    ],
  ])('refuses %s, says why, and changes nothing', async (_name, content, message) => {
    const { user } = await open();
    const before = notes.getSnapshot().items;
    await user.upload(screen.getByLabelText('Notes file to import'), file('notes.json', content));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    expect(notes.getSnapshot().items).toBe(before);
    expect(screen.queryByText('Last question')).not.toBeInTheDocument();
  });
});

describe('with no notes', () => {
  it('says how to make them', async () => {
    for (const id of ['h-ceo', 'b-qa', 'b-bry']) await act(() => notes.remove(id));
    await open();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse recordings' })).toHaveAttribute('href', '/recordings');
    expect(screen.getByRole('button', { name: 'Export as Markdown' })).toBeDisabled();
  });
});

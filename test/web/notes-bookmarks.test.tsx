/**
 * Bookmarks while listening, on a recording's page against the sandbox: B (or the player's button)
 * keeps the moment, the note line takes a note, the "Bookmarks and highlights" panel and the seek
 * bar show it, and it is still there after a reload. Sandbox facts: recording 1025 is Calaneon's
 * Q2 2026 call (event 1076), 3:03 long.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotesStore } from '../../src/lib/notes/index.ts';
import { createNotesStore } from '../../src/lib/notes/store.ts';
import { player } from '../../src/lib/player/index.ts';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia } from './player-fakes.ts';

useSandboxServer();

let detach: (() => void) | undefined;
afterEach(() => {
  act(() => player.close());
  detach?.();
  detach = undefined;
  localStorage.clear();
});

/** The recording's page, with a stand-in media element in the player, playing from 24.6 s. */
async function openPlaying() {
  const result = await renderApp('/recordings/1025');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const dock = await screen.findByRole('region', { name: 'Player' }, { timeout: 5000 });
  const media = new FakeMedia();
  detach = player.attach(media);
  await result.user.click(within(dock).getByRole('button', { name: 'Play' }));
  await waitFor(() => expect(media.paused).toBe(false));
  act(() => media.advance(24.6));
  return { ...result, dock, media };
}

const panel = () => screen.findByRole('list', { name: 'Bookmarks and highlights' });

describe('bookmarks', () => {
  it('B keeps the moment and offers a note line, focused; Enter keeps the note, listed beside the recording and pinned on the seek bar', async () => {
    const { user, dock, media } = await openPlaying();
    await user.keyboard('b');
    const line = await within(dock).findByRole('textbox', { name: 'Bookmarked 0:24. Note' });
    expect(line).toHaveFocus();
    // Typing a note does not pause or skip (the player's shortcuts rest in a field).
    await user.type(line, 'Mix shift to data center{Enter}');
    expect(media.paused).toBe(false);
    expect(within(dock).queryByRole('textbox', { name: /Bookmarked/ })).not.toBeInTheDocument();
    expect(within(dock).getByText('Bookmark kept at 0:24 with your note.')).toHaveAttribute('role', 'status');

    const list = await panel();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Play from 0:24' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Mix shift to data center');
    expect(within(dock).getByTitle('Bookmark 0:24: Mix shift to data center')).toBeInTheDocument();
  });

  it('Escape keeps the bookmark without a note', async () => {
    const { user, dock } = await openPlaying();
    await user.keyboard('B');
    await user.type(await within(dock).findByRole('textbox', { name: 'Bookmarked 0:24. Note' }), 'never mind{Escape}');
    expect(within(dock).queryByRole('textbox', { name: /Bookmarked/ })).not.toBeInTheDocument();
    expect(within(dock).getByText('Bookmark kept at 0:24.')).toHaveAttribute('role', 'status');
    const row = within(await panel()).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Add a note to the bookmark at 0:24' })).toBeInTheDocument();
    expect(row).not.toHaveTextContent('never mind');
  });

  it('the player’s "Bookmark this moment" button does what B does', async () => {
    const { user, dock } = await openPlaying();
    await user.click(within(dock).getByRole('button', { name: /Bookmark this moment/ }));
    expect(await within(dock).findByRole('textbox', { name: 'Bookmarked 0:24. Note' })).toHaveFocus();
  });

  it('is still there after a reload (a new store on the same browser profile)', async () => {
    const profile = new IDBFactory();
    setNotesStore(createNotesStore({ factory: profile, channelName: null }));
    const first = await openPlaying();
    await first.user.keyboard('b');
    await first.user.type(await within(first.dock).findByRole('textbox', { name: 'Bookmarked 0:24. Note' }), 'Kept for good{Enter}');
    await within(await panel()).findByText('Kept for good');
    first.unmount();
    act(() => player.close());
    detach?.();

    // The page opened again: a new store reads the same IndexedDB.
    setNotesStore(createNotesStore({ factory: profile, channelName: null }));
    await renderApp('/recordings/1025');
    const row = within(await panel()).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Play from 0:24' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Kept for good');
  });
});

/**
 * Bookmarks while listening, on a recording's page against the sandbox: B (or the player's button)
 * keeps the moment, the note line takes a note, the "Bookmarks and highlights" panel and the seek
 * bar show it, and it is still there after a reload. Sandbox facts: recording 1025 is Calaneon's
 * Q2 2026 call (event 1076), 3:03 long.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { notes, setNotesStore, type Bookmark } from '../../src/lib/notes/index.ts';
import { createNotesStore } from '../../src/lib/notes/store.ts';
import { player } from '../../src/lib/player/index.ts';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

const stage = usePlayerStage();

/** The recording's page, with a stand-in media element in the player, playing from 24.6 s. */
async function openPlaying() {
  const result = await renderApp('/recordings/1025');
  await screen.findByRole('heading', { level: 1 });
  const dock = await screen.findByRole('region', { name: 'Player' });
  const media = new FakeMedia();
  stage.attach(media);
  await result.user.click(within(dock).getByRole('button', { name: 'Play' }));
  // The first Play of a file waits for the player's engine to load.
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
    // Focus goes back where it was (the Play button pressed before B), so the shortcuts work again.
    expect(within(dock).getByRole('button', { name: 'Pause' })).toHaveFocus();

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
    stage.detach();

    // The page opened again: a new store reads the same IndexedDB.
    setNotesStore(createNotesStore({ factory: profile, channelName: null }));
    await renderApp('/recordings/1025');
    const row = within(await panel()).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Play from 0:24' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Kept for good');
  });

  it('a note is kept and shown as typed, markup and all', async () => {
    const { user, dock } = await openPlaying();
    await user.keyboard('b');
    await user.type(await within(dock).findByRole('textbox', { name: 'Bookmarked 0:24. Note' }), '<img src=x onerror=alert(1)>{Enter}');
    const list = await panel();
    expect(within(list).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(list.querySelector('img')).toBeNull();
  });
});

describe('a clip between two bookmarks', () => {
  const bookmark = (id: string, at: number, note: string): Bookmark => ({
    id,
    kind: 'bookmark',
    call: { eventId: 1076, audioId: 1025, companyId: 1, company: 'Calaneon', event: 'Q2 2026 earnings call' },
    at,
    note,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  });

  it('plays from one to the other and copies its link; a "To" before "From" is refused', async () => {
    await notes.put(bookmark('b-1', 24.6, 'Data center'));
    await notes.put(bookmark('b-2', 31.3, 'Backlog'));
    const result = await renderApp('/recordings/1025');
    const { user } = result;
    await screen.findByRole('region', { name: 'Player' });
    const media = new FakeMedia();
    stage.attach(media);
    const clip = await screen.findByRole('group', { name: 'Clip between two bookmarks' });
    expect(within(clip).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('0:24 · Data center');
    expect(within(clip).getByRole('combobox', { name: 'To' })).toHaveDisplayValue('0:31 · Backlog');

    await user.click(within(clip).getByRole('button', { name: 'Copy clip link' }));
    const link = 'http://localhost:3000/recordings/1025?t=24.6-31.3';
    expect(await screen.findByText(`Clip link copied: ${link}`)).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe(link);

    await user.click(within(clip).getByRole('button', { name: 'Play clip' }));
    await waitFor(() => expect(media.currentTime).toBe(24.6));
    expect(player.getState().clip).toEqual({ start: 24.6, end: 31.3 });
    act(() => media.advance(7));
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(31.3);

    await user.selectOptions(within(clip).getByRole('combobox', { name: 'To' }), '0:24 · Data center');
    expect(within(clip).getByRole('button', { name: 'Play clip' })).toBeDisabled();
    expect(within(clip).getByText('Pick a later bookmark for “To”.')).toBeInTheDocument();
  });

  it('still works after the bookmark it started from is deleted', async () => {
    await notes.put(bookmark('b-0', 10, 'Opening'));
    await notes.put(bookmark('b-1', 24.6, 'Data center'));
    await notes.put(bookmark('b-2', 31.3, 'Backlog'));
    const { user } = await renderApp('/recordings/1025');
    const clip = await screen.findByRole('group', { name: 'Clip between two bookmarks' });
    expect(within(clip).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('0:10 · Opening');

    await user.click(screen.getByRole('button', { name: 'Delete the bookmark at 0:10' }));
    await waitFor(() => expect(within(clip).getByRole('combobox', { name: 'From' })).toHaveDisplayValue('0:24 · Data center'));
    await user.selectOptions(within(clip).getByRole('combobox', { name: 'To' }), '0:31 · Backlog');
    // What the lists show is what plays.
    expect(within(clip).getByRole('button', { name: 'Play clip' })).toBeEnabled();
    await user.click(within(clip).getByRole('button', { name: 'Copy clip link' }));
    expect(await screen.findByText('Clip link copied: http://localhost:3000/recordings/1025?t=24.6-31.3')).toBeInTheDocument();
  });
});

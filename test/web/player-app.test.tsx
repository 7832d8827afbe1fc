/**
 * The player inside the app, against the sandbox, with a stand-in media element: the recording
 * page, chapters, the docked bar, keyboard shortcuts, deep links and the transcript.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../support/render-app.tsx';
import { sandbox, sandboxJson, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

interface Chapter {
  title: string;
  startTimestamp: number;
  level: number;
}
let audioId: number;
let chapters: Chapter[];
let media: FakeMedia;

beforeAll(async () => {
  audioId = sandbox.sampleIds().eventWithAudioAndTranscript!.audioId;
  chapters = (await sandboxJson<{ data: Chapter[] }>(`/audio/${audioId}/chapters?levels=1,2&limit=100`)).data;
});

const stage = usePlayerStage();

/** Renders the app at `url` and gives the player a stand-in element in place of jsdom's silent <audio>. */
async function open(url: string) {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  // The player (and its own element) arrives with the first recording opened; then it gets the stand-in.
  const dock = await screen.findByRole('region', { name: 'Player' });
  media = new FakeMedia();
  stage.attach(media);
  return { ...result, dock };
}

const seekText = (dock: HTMLElement) => within(dock).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext');

describe('recording page', () => {
  it('shows the recording, its chapters nested by level, the download, and cues it in the docked player', async () => {
    const { dock } = await open(`/recordings/${audioId}`);
    const list = await screen.findByRole('list', { name: 'Chapters' });
    const sections = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(sections.map((item) => within(item).getAllByRole('button')[0]!.textContent)).toEqual(
      chapters.filter((c) => c.level === 1).map((c) => expect.stringContaining(c.title)),
    );
    const firstSub = chapters.find((c) => c.level === 2)!;
    const parent = sections.find((item) => within(item).queryByRole('button', { name: new RegExp(firstSub.title) }));
    expect(parent).toBeDefined();
    expect(within(parent!).getAllByRole('list')).toHaveLength(1);

    expect(screen.getByRole('link', { name: /Download MP3 1\.1 MB/ })).toHaveAttribute('href', expect.stringMatching(new RegExp(`/audio/${audioId}\\.mp3$`)));
    expect(within(dock).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(seekText(dock)).toMatch(/^0 seconds of 3 minutes/);
    expect(media.sources).toEqual([]); // nothing loads before Play
  });

  it('a chapter plays from its start and becomes the highlighted, named chapter', async () => {
    const { dock, user } = await open(`/recordings/${audioId}`);
    const chapter = chapters.find((c) => c.level === 2)!;
    const button = within(await screen.findByRole('list', { name: 'Chapters' })).getByRole('button', { name: new RegExp(chapter.title) });
    await user.click(button);
    await waitFor(() => expect(media.sources).toHaveLength(1));
    await waitFor(() => expect(media.currentTime).toBe(chapter.startTimestamp));
    expect(media.paused).toBe(false);
    await waitFor(() => expect(button).toHaveAttribute('aria-current', 'true'));
    expect(within(dock).getByText(new RegExp(`› ${chapter.title}`))).toBeInTheDocument();
    expect(within(dock).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('"Jump to Q&A" plays from qna', async () => {
    const { user } = await open(`/recordings/${audioId}`);
    const qna = (await sandboxJson<{ data: { qna: number } }>(`/audio/${audioId}`)).data.qna;
    await user.click(screen.getByRole('button', { name: /Jump to Q&A/ }));
    await waitFor(() => expect(media.currentTime).toBe(qna));
    expect(media.paused).toBe(false);
  });

  it('?t= in h:mm:ss cues the recording there', async () => {
    const { dock, user } = await open(`/recordings/${audioId}?t=0:01:30`);
    expect(seekText(dock)).toMatch(/^1 minute 30 seconds of/);
    await user.click(within(dock).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(media.currentTime).toBe(90));
  });
});

describe('keyboard shortcuts', () => {
  it('play and pause, skip, step chapters, change speed, mute, and list themselves; never while typing', async () => {
    const { dock, user } = await open(`/recordings/${audioId}`);
    await user.keyboard('k');
    await waitFor(() => expect(media.paused).toBe(false));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(media.currentTime).toBe(30));
    await user.keyboard('j');
    expect(media.currentTime).toBe(15);
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(media.currentTime).toBe(
      chapters
        .map((c) => c.startTimestamp)
        .sort((a, b) => a - b)
        .find((s) => s > 15.5),
    );

    // Typing in a field types: no shortcut fires.
    const search = await screen.findByRole('searchbox', { name: 'Find in transcript' });
    await user.type(search, 'k m');
    expect(search).toHaveValue('k m');
    expect(media.paused).toBe(false);
    expect(media.muted).toBe(false);

    // Space on a focused button is that button's, not a second toggle.
    const pause = within(dock).getByRole('button', { name: 'Pause' });
    pause.focus();
    await user.keyboard(' ');
    expect(media.paused).toBe(true);
    expect(within(dock).getByRole('button', { name: 'Play' })).toBeInTheDocument();

    await user.keyboard('>>');
    expect(within(dock).getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.5');
    expect(media.playbackRate).toBe(1.5);
    await user.keyboard('<');
    expect(media.playbackRate).toBe(1.25);
    await user.keyboard('m');
    expect(media.muted).toBe(true);
    expect(within(dock).getByRole('button', { name: 'Unmute' })).toBeInTheDocument();

    // On the seek slider, arrows are the slider's; letters are still shortcuts.
    within(dock).getByRole('slider', { name: 'Seek' }).focus();
    await user.keyboard('k');
    await waitFor(() => expect(media.paused).toBe(false));
    await user.keyboard('k');
    expect(media.paused).toBe(true);

    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('rowheader', { name: /Shift \+ →/ })).toBeInTheDocument();
    // Shortcuts rest while the list is open.
    await user.keyboard('k');
    expect(media.paused).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('transcript', () => {
  it('plays from a sentence, highlights the one spoken, and finds words', async () => {
    const { user } = await open(`/recordings/${audioId}`);
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    const sentences = within(transcript).getAllByRole('button');
    const target = sentences[12]!;
    await user.click(target);
    await waitFor(() => expect(media.paused).toBe(false));
    const start = media.currentTime;
    expect(start).toBeGreaterThan(0);
    await waitFor(() => expect(target).toHaveAttribute('aria-current', 'true'));
    act(() => media.advance(30));
    await waitFor(() => expect(target).not.toHaveAttribute('aria-current'));
    expect(
      within(transcript)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-current') === 'true'),
    ).toHaveLength(1);

    // Arrow keys move between sentences: one tab stop for the whole list.
    expect(
      within(transcript)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);

    const word = (target.textContent ?? '').split(/\W+/).find((w) => w.length > 5)!;
    await user.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), word);
    const status = screen.getAllByRole('status').find((s) => / of \d+$/.test(s.textContent ?? ''));
    expect(status?.textContent).toMatch(/^1 of \d+$/);
    expect(within(transcript).getAllByText(new RegExp(word, 'i'), { selector: 'mark' }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Follow along' }));
    expect(screen.queryByRole('button', { name: 'Follow along' })).not.toBeInTheDocument();
  });
});

describe('sharing', () => {
  it('"Copy link at current time" gives the recording address with ?t= in seconds', async () => {
    const { dock, user } = await open(`/recordings/${audioId}?t=83.6`);
    await user.click(within(dock).getByRole('button', { name: 'Copy link at current time' }));
    const url = `${window.location.origin}/recordings/${audioId}?t=83`;
    expect(await within(dock).findByText(`Link copied: ${url}`)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });
});

describe('deep links that cannot be read', () => {
  it('?t=soon is ignored: the recording is cued at its start', async () => {
    const { dock } = await open(`/recordings/${audioId}?t=soon`);
    expect(seekText(dock)).toMatch(/^0 seconds of 3 minutes/);
  });
});

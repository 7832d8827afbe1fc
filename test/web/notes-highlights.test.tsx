/**
 * Highlights and quotes, against the sandbox: sentences selected in the recording's transcript
 * (Shift+click, Shift+arrows) are highlighted with a colour and a note, show in that transcript
 * and in the document viewer (anchored by time, not by position), and copy as a quote.
 *
 * Sandbox facts: recording 1025 is Calaneon's Q2 2026 call (event 1076, 31 Jul 2026); its edited
 * transcript is document 4239. Uma Zimmerli (Chief Executive Officer, Calaneon) says sentence 7
 * (counted from 0) at 30.689–33.922 s, sentence 8 at 34.172–38.73 s and sentence 9 at
 * 38.98–45.376 s; sentence 10 is hers too (to 53.392 s); Wen Farrow, the CFO, speaks from
 * sentence 13 (62.5 s).
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notes } from '../../src/lib/notes/index.ts';

import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

const SENTENCE_7 = 'Demand for AI infrastructure drove an exceptional quarter.';
const SENTENCE_8 = 'Data center revenue grew thirty eight percent, and it is now about a fifth of our sales.';
const SENTENCE_9 = 'Our largest cloud customers are building AI capacity faster than we planned, and our order backlog reached a new record.';
const SENTENCE_10 =
  'To keep up, we are raising our capital spending for the year by about a third, adding production capacity and expanding our engineering teams.';

const stage = usePlayerStage();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openRecording(url = '/recordings/1025') {
  const result = await renderApp(url);
  await screen.findByRole('region', { name: 'Player' });
  const media = new FakeMedia();
  stage.attach(media);
  const transcript = await screen.findByRole('list', { name: 'Transcript' });
  return { ...result, media, transcript };
}

/** A sentence of the recording's transcript, by its words (it plays on click: a button). */
const sentence = (transcript: HTMLElement, text: string) => within(transcript).getByRole('button', { name: new RegExp(`${escape(text)}$`) });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('highlighting in the recording’s transcript', () => {
  it('Shift+click two sentences selects them; a colour, a note and Highlight keep them, shown in the transcript with the note', async () => {
    const { user, transcript, media } = await openRecording();
    await user.keyboard('{Shift>}');
    await user.click(sentence(transcript, SENTENCE_8));
    await user.click(sentence(transcript, SENTENCE_9));
    await user.keyboard('{/Shift}');
    // Selecting is not playing.
    expect(media.sources).toEqual([]);

    const bar = screen.getByRole('group', { name: 'Selected sentences' });
    expect(bar).toHaveTextContent('Selected 2 sentences, 0:34–0:45');
    expect(bar).toHaveTextContent('Uma Zimmerli (Chief Executive Officer, Calaneon)');
    await user.click(within(bar).getByRole('radio', { name: 'Green' }));
    await user.type(within(bar).getByRole('textbox', { name: 'Note' }), 'AI demand <b>is</b> the story');
    await user.click(within(bar).getByRole('button', { name: 'Highlight' }));

    expect(screen.queryByRole('group', { name: 'Selected sentences' })).not.toBeInTheDocument();
    expect(screen.getByText('Highlighted 2 sentences at 0:34–0:45.')).toHaveAttribute('role', 'status');
    // The highlight starts at sentence 8 (said once, where it starts) and covers 9, in green; 10 is not in it.
    expect(sentence(transcript, SENTENCE_8).textContent).toBe(`Highlighted: ${SENTENCE_8}`);
    expect(sentence(transcript, SENTENCE_8)).toHaveClass('bg-green-200');
    expect(sentence(transcript, SENTENCE_9).textContent).toBe(SENTENCE_9);
    expect(sentence(transcript, SENTENCE_9)).toHaveClass('bg-green-200');
    expect(sentence(transcript, SENTENCE_10)).not.toHaveClass('bg-green-200');
    // The note, as typed (text, not markup), under the paragraph.
    expect(within(transcript).getByText('AI demand <b>is</b> the story')).toHaveTextContent('Your note: AI demand <b>is</b> the story');
    expect(transcript.querySelector('b')).toBeNull();

    // Listed beside the recording, and on the seek bar as a band.
    const row = within(await screen.findByRole('list', { name: 'Bookmarks and highlights' })).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Play highlight 0:34–0:45' })).toBeInTheDocument();
    expect(row).toHaveTextContent(`Green highlight: “${SENTENCE_8} ${SENTENCE_9}”`);
    expect(screen.getAllByTestId('highlight-mark')).toHaveLength(1);
  });

  it('keeps each speaker’s sentences of a highlight spanning two speakers, so the morning note can name who said what', async () => {
    const { user, transcript } = await openRecording();
    // Sentences 10 to 12 are Uma Zimmerli's; sentence 13 opens Wen Farrow's remarks.
    const all = within(transcript).getAllByRole('button');
    const tenth = all.indexOf(sentence(transcript, SENTENCE_10));
    await user.keyboard('{Shift>}');
    await user.click(all[tenth]!);
    await user.click(all[tenth + 3]!);
    await user.keyboard('{/Shift}');
    await user.click(within(screen.getByRole('group', { name: 'Selected sentences' })).getByRole('button', { name: 'Highlight' }));
    await waitFor(() => expect(notes.getSnapshot().items).toHaveLength(1));
    const kept = notes.getSnapshot().items[0]!;
    expect(kept).toMatchObject({ kind: 'highlight', start: 45.626, end: 63.092 });
    expect(kept).not.toHaveProperty('speaker');
    expect(kept).toHaveProperty('parts', [
      {
        speaker: 'Uma Zimmerli (Chief Executive Officer, Calaneon)',
        text: `${SENTENCE_10} We see AI investment as a multi year cycle, not a single burst of spending. Now I'll hand over to our Chief Financial Officer to walk through the numbers.`,
        start: 45.626,
        end: 61.9,
      },
      { speaker: 'Wen Farrow (Chief Financial Officer, Calaneon)', text: 'Thank you.', start: 62.5, end: 63.092 },
    ]);
  });

  it('Shift+arrows extend the selection from the focused sentence; Escape clears it', async () => {
    const { user, transcript } = await openRecording();
    const first = sentence(transcript, SENTENCE_8);
    first.focus();
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(screen.getByRole('group', { name: 'Selected sentences' })).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    expect(sentence(transcript, SENTENCE_10)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Selected sentences' })).not.toBeInTheDocument();
  });

  it('shows in the document viewer on the same sentences, found by their times', async () => {
    const { user, transcript, router } = await openRecording();
    await user.keyboard('{Shift>}');
    await user.click(sentence(transcript, SENTENCE_8));
    await user.click(sentence(transcript, SENTENCE_9));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('group', { name: 'Selected sentences' });
    await user.click(within(bar).getByRole('radio', { name: 'Pink' }));
    await user.type(within(bar).getByRole('textbox', { name: 'Note' }), 'Backlog at a record{Enter}');
    await screen.findByText('Highlighted 2 sentences at 0:34–0:45.');

    // The transcript as the app links it from the event's page.
    await act(() => router.navigate({ to: '/documents/$documentId', params: { documentId: 4239 }, search: { kind: 'transcript' } }));
    const reader = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(reader).queryAllByRole('button', { name: new RegExp(escape(SENTENCE_8)) })).toEqual([]);
    const six = within(reader).getByText(SENTENCE_8);
    expect(six.textContent).toBe(`Highlighted: ${SENTENCE_8}`);
    expect(six).toHaveClass('bg-pink-200');
    expect(within(reader).getByText(SENTENCE_9)).toHaveClass('bg-pink-200');
    expect(within(reader).getByText(SENTENCE_10)).not.toHaveClass('bg-pink-200');
    expect(within(reader).getByText('Backlog at a record')).toHaveTextContent('Your note: Backlog at a record');
  });
});

/** The mouse pressed on `from`, moved 30 px at a time over each of `over`, and let go on the last. */
function drag(from: HTMLElement, ...over: HTMLElement[]) {
  let y = 10;
  fireEvent.mouseDown(from, { button: 0, buttons: 1, detail: 1, clientX: 10, clientY: y });
  for (const element of over) {
    y += 30;
    fireEvent.mouseMove(element, { buttons: 1, clientX: 10, clientY: y });
  }
  return {
    release() {
      const end = over.at(-1) ?? from;
      fireEvent.mouseUp(end, { button: 0, clientX: 10, clientY: y });
      // The browser clicks where press and release met: the sentence, or the text around both.
      fireEvent.click(end === from ? end : end.closest('ol')!, { detail: 1 });
    },
  };
}

describe('selecting sentences in the recording’s transcript', () => {
  const bar = () => screen.queryByRole('group', { name: 'Selected sentences' });

  it('a drag across sentences selects from the one pressed to the one let go, shows the bar only once it ends, and does not play', async () => {
    const { transcript, media } = await openRecording();
    const moving = drag(sentence(transcript, SENTENCE_8), sentence(transcript, SENTENCE_9), sentence(transcript, SENTENCE_10));
    // Mid-drag: nothing appears (the text must not move under the pointer).
    expect(bar()).not.toBeInTheDocument();
    moving.release();
    expect(bar()).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    expect(media.sources).toEqual([]);
    // The text selected is exactly those sentences, whole (what shows and what copies).
    expect(document.getSelection()!.toString()).toBe(`${SENTENCE_8}${SENTENCE_9}${SENTENCE_10}`);
  });

  it('a drag upwards selects the same sentences; Shift+click then extends from where the drag started', async () => {
    const { user, transcript, media } = await openRecording();
    drag(sentence(transcript, SENTENCE_10), sentence(transcript, SENTENCE_9), sentence(transcript, SENTENCE_8)).release();
    expect(bar()).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    await user.keyboard('{Shift>}');
    await user.click(sentence(transcript, SENTENCE_7));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('Selected 4 sentences, 0:30–0:53');
    expect(media.sources).toEqual([]);
  });

  it('a drag that stays inside one sentence selects it; it does not play it', async () => {
    const { transcript, media } = await openRecording();
    drag(sentence(transcript, SENTENCE_9), sentence(transcript, SENTENCE_9)).release();
    expect(bar()).toHaveTextContent('Selected 1 sentence, 0:38–0:45');
    expect(media.sources).toEqual([]);
    expect(document.getSelection()!.toString()).toBe(SENTENCE_9);
  });

  it('a click that does not move plays from the sentence; Shift+click then selects from it', async () => {
    const { user, transcript, media } = await openRecording();
    await user.click(sentence(transcript, SENTENCE_8));
    expect(media.sources).toHaveLength(1);
    expect(bar()).not.toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(sentence(transcript, SENTENCE_10));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    expect(media.sources).toHaveLength(1);
  });

  it('by keyboard: Shift+arrows up from a sentence, and Shift+Enter from the sentence last played, select as the mouse does', async () => {
    const { user, transcript, media } = await openRecording();
    sentence(transcript, SENTENCE_10).focus();
    await user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{/Shift}');
    expect(bar()).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    expect(sentence(transcript, SENTENCE_8)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(bar()).not.toBeInTheDocument();

    // Enter plays from sentence 8 (as a click); the arrows only move; Shift+Enter selects from 8 to here.
    await user.keyboard('{Enter}');
    expect(media.sources).toHaveLength(1);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(sentence(transcript, SENTENCE_10)).toHaveFocus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(bar()).toHaveTextContent('Selected 3 sentences, 0:34–0:53');
    // Shift+Space as Shift+Enter: from the same sentence, down to 9 now.
    await user.keyboard('{ArrowUp}{Shift>}[Space]{/Shift}');
    expect(bar()).toHaveTextContent('Selected 2 sentences, 0:34–0:45');
    expect(media.sources).toHaveLength(1);
  });

  it('says how to select, visibly and as the transcript’s description', async () => {
    const { transcript } = await openRecording();
    expect(transcript).toHaveAccessibleDescription(
      'Drag across sentences, or Shift+click, to highlight. Keyboard: Shift+Up arrow or Down arrow, or Shift+Enter; Esc clears.',
    );
  });
});

describe('a highlight kept before the call had a recording', () => {
  it('shows on the recording’s transcript, its list and its seek bar once there is one', async () => {
    // Made in the document viewer while the event had no recording yet: kept against the event only.
    await notes.put({
      id: 'h-early',
      kind: 'highlight',
      call: { eventId: 1076, companyId: 1, company: 'Calaneon', event: 'Q2 2026 earnings call' },
      start: 34.172,
      end: 38.73,
      quote: SENTENCE_8,
      color: 'blue',
      note: 'Read before the audio was out',
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
    });
    const { transcript } = await openRecording();
    expect(sentence(transcript, SENTENCE_8).textContent).toBe(`Highlighted: ${SENTENCE_8}`);
    expect(sentence(transcript, SENTENCE_8)).toHaveClass('bg-sky-200');
    expect(within(transcript).getByText('Read before the audio was out')).toBeInTheDocument();
    const row = within(await screen.findByRole('list', { name: 'Bookmarks and highlights' })).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Play highlight 0:34–0:38' })).toBeInTheDocument();
    expect(screen.getAllByTestId('highlight-mark')).toHaveLength(1);
  });

  it('but another recording’s items stay off this one', async () => {
    await notes.put({
      id: 'b-other',
      kind: 'bookmark',
      call: { eventId: 1076, audioId: 9999, companyId: 1, company: 'Calaneon', event: 'Q2 2026 earnings call' },
      at: 30,
      note: 'Another recording of the call',
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
    });
    const { transcript } = await openRecording();
    expect(screen.getByRole('link', { name: 'All my notes' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bookmarks and highlights' })).not.toBeInTheDocument();
    expect(screen.queryByText('Another recording of the call')).not.toBeInTheDocument();
    expect(within(transcript).queryByText(/^Highlighted:/)).not.toBeInTheDocument();
  });
});

describe('copying a quote', () => {
  it('writes the quote as text and HTML: the words, the speaker, the company, the call, the times and a link that plays it', async () => {
    const { user, transcript } = await openRecording();
    // The browser's rich clipboard, which jsdom lacks: a ClipboardItem keeps what it is given.
    class ClipboardItem {
      constructor(readonly items: Record<string, Blob>) {}
    }
    vi.stubGlobal('ClipboardItem', ClipboardItem);
    const write = vi.spyOn(navigator.clipboard, 'write');

    await user.keyboard('{Shift>}');
    await user.click(sentence(transcript, SENTENCE_8));
    await user.click(sentence(transcript, SENTENCE_9));
    await user.keyboard('{/Shift}');
    await user.click(within(screen.getByRole('group', { name: 'Selected sentences' })).getByRole('button', { name: 'Copy quote' }));
    expect(await screen.findByText('Quote copied (2 sentences, 0:34–0:45).')).toHaveAttribute('role', 'status');

    expect(write).toHaveBeenCalledTimes(1);
    const [item] = write.mock.calls[0]![0] as unknown as ClipboardItem[];
    const link = 'http://localhost:3000/recordings/1025?t=34.1-45.4';
    const where = 'Calaneon · Q2 2026 earnings call · Jul 31, 2026, at 0:34–0:45';
    expect(await item!.items['text/plain']!.text()).toBe(
      `“${SENTENCE_8} ${SENTENCE_9}”\n— Uma Zimmerli (Chief Executive Officer, Calaneon), ${where}\n${link}`,
    );
    expect(await item!.items['text/html']!.text()).toBe(
      `<blockquote><p>“${SENTENCE_8} ${SENTENCE_9}”</p>` +
        `<footer>— Uma Zimmerli (Chief Executive Officer, Calaneon), <a href="${link}">${where}</a></footer></blockquote>`,
    );
  });
});

describe('highlighting in the document viewer', () => {
  /** Selects text as a mouse drag would: from `from` characters into one text to `to` characters into another. */
  function selectText(start: Node, from: number, end: Node, to: number) {
    const range = document.createRange();
    range.setStart(start, from);
    range.setEnd(end, to);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    // Browsers announce every change of the selection; the viewer listens for it.
    act(() => void document.dispatchEvent(new Event('selectionchange')));
  }
  const textOf = (element: HTMLElement) => [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;

  it('widens selected text to whole sentences; the highlight kept there shows on the recording’s transcript', async () => {
    const { user, router } = await renderApp('/documents/4239?kind=transcript');
    const reader = await screen.findByRole('list', { name: 'Transcript' });
    // From "revenue grew…" in sentence 8 to "…cloud customers" in sentence 9.
    selectText(textOf(within(reader).getByText(SENTENCE_8)), 12, textOf(within(reader).getByText(SENTENCE_9)), 20);
    const bar = await screen.findByRole('group', { name: 'Selected sentences' });
    expect(bar).toHaveTextContent('Selected 2 sentences, 0:34–0:45');
    // Not in the player here: "Play clip" opens the recording at the clip.
    expect(within(bar).getByRole('link', { name: 'Play clip' })).toHaveAttribute('href', '/recordings/1025?t=34.1-45.4');
    await user.click(within(bar).getByRole('radio', { name: 'Blue' }));
    await user.click(within(bar).getByRole('button', { name: 'Highlight' }));
    expect(await screen.findByText('Highlighted 2 sentences at 0:34–0:45.')).toHaveAttribute('role', 'status');
    expect(within(reader).getByText(SENTENCE_8)).toHaveClass('bg-sky-200');
    expect(within(reader).getByText(SENTENCE_9)).toHaveClass('bg-sky-200');

    await act(() => router.navigate({ to: '/recordings/$audioId', params: { audioId: 1025 }, search: {} }));
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(sentence(transcript, SENTENCE_8).textContent).toBe(`Highlighted: ${SENTENCE_8}`);
    expect(sentence(transcript, SENTENCE_8)).toHaveClass('bg-sky-200');
    expect(sentence(transcript, SENTENCE_9)).toHaveClass('bg-sky-200');
    expect(sentence(transcript, SENTENCE_10)).not.toHaveClass('bg-sky-200');
  });

  it('a drag across sentences selects them whole there too, once it ends, and the text stays where it was', async () => {
    await renderApp('/documents/4239?kind=transcript');
    const reader = await screen.findByRole('list', { name: 'Transcript' });
    expect(reader).toHaveAccessibleDescription('Drag across sentences, or Shift+click, to highlight.');
    const moving = drag(within(reader).getByText(SENTENCE_9), within(reader).getByText(SENTENCE_8), within(reader).getByText(SENTENCE_7));
    expect(screen.queryByRole('group', { name: 'Selected sentences' })).not.toBeInTheDocument();
    moving.release();
    expect(screen.getByRole('group', { name: 'Selected sentences' })).toHaveTextContent('Selected 3 sentences, 0:30–0:45');
    expect(document.getSelection()!.toString()).toBe(`${SENTENCE_7} ${SENTENCE_8} ${SENTENCE_9}`);
  });

  it('a selection that stops at the very start of a sentence does not take that sentence, highlighted or not', async () => {
    // Sentence 9 is highlighted already: its words follow a "Highlighted:" said to screen readers only.
    await notes.put({
      id: 'h-7',
      kind: 'highlight',
      call: { eventId: 1076, audioId: 1025, companyId: 1, company: 'Calaneon', event: 'Q2 2026 earnings call' },
      start: 38.98,
      end: 45.376,
      quote: SENTENCE_9,
      color: 'yellow',
      note: '',
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:00:00.000Z',
    });
    await renderApp('/documents/4239?kind=transcript');
    const reader = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(reader).getByText(SENTENCE_9).textContent).toBe(`Highlighted: ${SENTENCE_9}`);

    selectText(textOf(within(reader).getByText(SENTENCE_7)), 0, textOf(within(reader).getByText(SENTENCE_8)), 0);
    expect(await screen.findByRole('group', { name: 'Selected sentences' })).toHaveTextContent('Selected 1 sentence, 0:30–0:33');
    selectText(textOf(within(reader).getByText(SENTENCE_8)), 0, textOf(within(reader).getByText(SENTENCE_9)), 0);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Selected sentences' })).toHaveTextContent('Selected 1 sentence, 0:34–0:38'));
    // One word into it takes it.
    selectText(textOf(within(reader).getByText(SENTENCE_8)), 0, textOf(within(reader).getByText(SENTENCE_9)), 3);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Selected sentences' })).toHaveTextContent('Selected 2 sentences, 0:34–0:45'));
  });
});

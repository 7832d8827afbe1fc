/**
 * Clip links on a recording's page (`/recordings/1025?t=a-b`), against the sandbox: the clip's
 * times, length and words, Play clip stopping at its end, and a plain message for a range that
 * cannot be played. Sandbox facts: recording 1025 (Calaneon, Q2 2026) is 211.148 s long (3:31);
 * Uma Zimmerli says sentence 9 at 34.172–38.73 s (the next one from 38.98 s); the call ends with
 * Uma Zimmerli (197.707 s, her last sentence 199.838–205.645 s) and the operator (206.245–210.074 s).
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../support/render-app.tsx';
import { apiPath, server, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

const stage = usePlayerStage();

const clipSection = (name: RegExp | string) => screen.findByRole('region', { name });
/** The message for a link whose clip cannot be played. */
const refusal = async () => {
  await screen.findByText('This link’s clip cannot be played.');
  return screen.getByRole('note');
};

describe('a clip link', () => {
  it('shows the clip’s times and length and what is said in it; Play clip plays just that and stops at its end', async () => {
    const { user } = await renderApp('/recordings/1025?t=34.1-40.8');
    const clip = await clipSection('Clip 0:34–0:40 (7 s)');
    const quote = await within(clip).findByText('Data center revenue grew thirty eight percent, and it is now about a fifth of our sales.');
    expect(quote.closest('blockquote')).toHaveTextContent('— Uma Zimmerli (Chief Executive Officer, Calaneon)');
    expect(within(clip).getByRole('link', { name: 'The whole call' })).toHaveAttribute('href', '/recordings/1025');
    // Cued at the clip's start, framed on the seek bar, not playing before the listener asks.
    const dock = await screen.findByRole('region', { name: 'Player' });
    expect(within(dock).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', expect.stringMatching(/^34 seconds of 3 minutes/));
    expect(within(dock).getByTestId('clip-range')).toBeInTheDocument();

    const media = new FakeMedia();
    stage.attach(media);
    await user.click(within(clip).getByRole('button', { name: 'Play clip' }));
    // The first Play loads the stream engine: give a loaded machine time.
    await waitFor(() => expect(media.currentTime).toBe(34.1));
    expect(media.paused).toBe(false);
    expect(within(clip).getByRole('button', { name: 'Playing the clip…' })).toBeInTheDocument();

    act(() => media.advance(7));
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(40.8);
    await waitFor(() => expect(within(clip).getByRole('button', { name: 'Play clip' })).toBeInTheDocument());
    expect(within(dock).queryByTestId('clip-range')).not.toBeInTheDocument();
  });

  it('Copy quote puts the clip’s words, who said them, the call and its link on the clipboard (as plain text where rich copy is missing)', async () => {
    const { user } = await renderApp('/recordings/1025?t=34.1-40.8');
    const clip = await clipSection('Clip 0:34–0:40 (7 s)');
    await user.click(await within(clip).findByRole('button', { name: 'Copy quote' }));
    expect(await within(clip).findByText('Quote copied.')).toHaveAttribute('role', 'status');
    // The times are when the quoted words were said; the link is the clip's.
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '“Data center revenue grew thirty eight percent, and it is now about a fifth of our sales.”\n' +
        '— Uma Zimmerli (Chief Executive Officer, Calaneon), Calaneon · Q2 2026 earnings call · Jul 31, 2026, at 0:34–0:38\n' +
        'http://localhost:3000/recordings/1025?t=34.1-40.8',
    );
  });

  it('still plays when the transcript cannot be read, and says why its words are missing', async () => {
    server.use(http.get(apiPath('/documents/transcripts'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await renderApp('/recordings/1025?t=34.1-40.8');
    const clip = await clipSection('Clip 0:34–0:40 (7 s)');
    expect(await within(clip).findByText('The transcript could not be loaded, so the clip’s words are not shown; it still plays.')).toBeInTheDocument();
    expect(within(clip).getByRole('button', { name: 'Play clip' })).toBeEnabled();
  });

  it('that runs past the end ends where the recording does, and says so', async () => {
    await renderApp('/recordings/1025?t=200-230');
    const clip = await clipSection('Clip 3:20–3:31 (11 s)');
    expect(within(clip).getByText('The link ran past the end of the recording; the clip ends where the recording does.')).toBeInTheDocument();
    // Three sentences by two people: the words, with no one speaker under them.
    const quote = await within(clip).findByText(
      "We are investing for a long cycle of AI demand, and we look forward to speaking with you again next quarter. This concludes today's conference call. You may now disconnect.",
    );
    expect(quote.closest('blockquote')!.querySelector('footer')).toBeNull();
  });

  it('reversed, says it ends before it starts, and leaves the whole recording to play', async () => {
    await renderApp('/recordings/1025?t=90-30');
    const note = await refusal();
    expect(note).toHaveTextContent('The clip “90-30” ends before it starts.');
    expect(within(note).getByRole('link', { name: 'Open the whole recording' })).toHaveAttribute('href', '/recordings/1025');
    expect(screen.queryByRole('region', { name: /^Clip / })).not.toBeInTheDocument();
    const dock = await screen.findByRole('region', { name: 'Player' });
    expect(within(dock).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', expect.stringMatching(/^0 seconds of/));
    expect(within(dock).queryByTestId('clip-range')).not.toBeInTheDocument();
  });

  it('with words for times, names the part that is not a time', async () => {
    await renderApp('/recordings/1025?t=abc-def');
    expect(await refusal()).toHaveTextContent('The clip “abc-def” has “abc”, which is not a time: write seconds or m:ss, such as 93-131 or 1:33-2:11.');
  });

  it('starting after the recording ends, says how long the recording is', async () => {
    await renderApp('/recordings/1025?t=220-230');
    expect(await refusal()).toHaveTextContent('The clip starts at 3:40, after the recording ends (it is 3:31 long).');
  });
});

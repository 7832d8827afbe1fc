/**
 * The live page as a place to follow the call as text: the transcript rolling in (paragraphs kept
 * while reading, refined sentences marked), following and "Back to live", the Q&A divider and the
 * questions so far, a clip link made live, `?t=` on the live page, and the calm line when the text
 * is missing or ended while the audio stays playable. The transcript's tail is stood in for (the
 * views are written by hand from transcript-shaped data); the page, the router and the player are real.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveAudio } from '../../src/api/schemas.ts';
import { notesStore } from '../../src/lib/notes/index.ts';
import { player } from '../../src/lib/player/index.ts';
import { renderApp } from '../support/render-app.tsx';
import { passes, useFlowingTime } from '../support/flowing-time.ts';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';
import { liveSubscriptions, resetLiveTranscriptFake, setLiveView, snapshotOf, transcriptOf, type Said } from '../support/live-transcript-fake.ts';

vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);

useSandboxServer();
const stage = usePlayerStage();
afterEach(() => {
  vi.useRealTimers();
  player.close();
  resetLiveTranscriptFake();
  localStorage.clear();
});

const id = sandbox.sampleIds().liveId!;

async function liveRecord(): Promise<LiveAudio> {
  return (await sandboxJson<{ data: LiveAudio }>(`/live/audio/${id}`)).data;
}

async function serveAs(patch: Partial<LiveAudio>) {
  const real = await liveRecord();
  server.use(http.get(apiPath(`/live/audio/${id}`), () => HttpResponse.json({ data: { ...real, ...patch } })));
  return { ...real, ...patch };
}

const OPENING: Said[] = [
  [
    0,
    [
      ['Good morning and welcome to the call.', 0, 3.2],
      ['All lines are in listen-only mode.', 3.4, 6],
    ],
  ],
  [1, [['Thank you, operator.', 6.5, 8]]],
];
const MORE: Said[] = [
  [
    1,
    [
      ['Thank you, operator.', 6.5, 8],
      ['Revenue grew twelve percent.', 8.2, 11],
    ],
  ],
  [2, [['Priya Raman here, on margins.', 30.5, 33]]],
];

async function open(url = `/live/${id}`) {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Q3 2026 earnings call' });
  return result;
}

/**
 * "Listen live", then the player's element swapped for a stand-in that plays the stream itself and
 * has 256 s of it so far (so the seek bar has a window), playing.
 */
async function listen(user: { click(element: Element): Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Listen live' }));
  await screen.findByRole('region', { name: 'Player' });
  const media = new FakeMedia();
  media.nativeHls = 'maybe';
  stage.attach(media);
  act(() => player.play());
  await waitFor(() => expect(player.getState().live?.edge).toBe(256));
}

const transcriptList = () => screen.getByRole('list', { name: 'Transcript' });
/** The first words of the call on the page (the transcript view loads beside them). */
async function showText(view: Parameters<typeof setLiveView>[1]) {
  setLiveView(id, view);
  await screen.findByRole('list', { name: 'Transcript' });
}
const sentence = (text: string) => within(transcriptList()).getByRole('button', { name: text });

describe('the text rolls in', () => {
  it('names the speakers, and words appended keep the earlier paragraphs mounted (the same DOM nodes)', async () => {
    await open();
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf(OPENING), { revision: 1 }) });
    const first = within(transcriptList()).getAllByRole('listitem')[0]!;
    const focused = sentence('All lines are in listen-only mode.');
    expect(first).toHaveTextContent('Operator');
    expect(within(transcriptList()).getAllByRole('listitem')[1]).toHaveTextContent('Dana Whitfield');

    // The next read: a new transcript object (as the reader makes one), one more sentence and one more paragraph.
    setLiveView(id, { state: 'rolling', snapshot: snapshotOf(transcriptOf([OPENING[0]!, ...MORE]), { revision: 2 }) });
    const items = within(transcriptList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toBe(first);
    expect(sentence('All lines are in listen-only mode.')).toBe(focused);
    expect(
      within(items[1]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Thank you, operator.', 'Revenue grew twelve percent.']);
    expect(items[2]).toHaveTextContent('Priya Raman');
    // The rolling text is not a live region: only the state and the Q&A are announced.
    expect(transcriptList().closest('[aria-live]')).toBeNull();
  });

  it('marks a sentence a refinement changed, for a moment, and not what was changed before the page opened', async () => {
    useFlowingTime('2026-11-21T12:00:00.000Z');
    await open();
    const changedEarlier = new Map([[0, 1]]);
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf(OPENING), { revision: 1, changed: changedEarlier }) });
    expect(sentence('Good morning and welcome to the call.')).not.toHaveAttribute('data-refined');

    const refined: Said[] = [[0, [OPENING[0]![1][0]!, ['All lines are in a listen-only mode.', 3.4, 6]]], OPENING[1]!];
    setLiveView(id, {
      state: 'rolling',
      snapshot: snapshotOf(transcriptOf(refined), {
        revision: 2,
        changed: new Map([
          [0, 1],
          [1, 2],
        ]),
      }),
    });
    expect(sentence('All lines are in a listen-only mode.')).toHaveAttribute('data-refined', 'true');
    expect(sentence('Good morning and welcome to the call.')).not.toHaveAttribute('data-refined');
    expect(sentence('Thank you, operator.')).not.toHaveAttribute('data-refined');
    // A moment later (REFINED_MARK_MS, as long as the wash) the mark is gone.
    await passes(2_400);
    await waitFor(() => expect(sentence('All lines are in a listen-only mode.')).not.toHaveAttribute('data-refined'));
  });

  it('follows the newest words; scrolling away stops following, and "Back to live" returns', async () => {
    const { user } = await open();
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf(OPENING)) });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).queryByRole('button', { name: 'Back to live' })).not.toBeInTheDocument();
    fireEvent.wheel(transcriptList());
    await user.click(await within(panel).findByRole('button', { name: 'Back to live' }));
    expect(within(panel).queryByRole('button', { name: 'Back to live' })).not.toBeInTheDocument();
  });

  it('with the stream in the player, follows the listener: the sentence heard is current, what was said after it is not yet', async () => {
    const { user } = await open();
    await listen(user);
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf([OPENING[0]!, ...MORE])) });
    act(() => player.seek(9));
    await waitFor(() => expect(player.getState().currentTime).toBe(9));
    expect(sentence('Revenue grew twelve percent.')).toHaveAttribute('aria-current', 'true');
    expect(sentence('Priya Raman here, on margins.')).not.toHaveAttribute('aria-current');
    // Said but not heard yet (the listener is behind live): dimmed.
    expect(sentence('Priya Raman here, on margins.')).toHaveClass('text-slate-600');
    expect(sentence('Thank you, operator.')).not.toHaveClass('text-slate-600');
  });

  it('a sentence clicked plays the live stream from its start', async () => {
    const { user } = await open();
    const record = await liveRecord();
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf([OPENING[0]!, ...MORE])) });
    await user.click(sentence('Revenue grew twelve percent.'));
    expect(player.getState().source).toMatchObject({ kind: 'live', liveId: id, streamUrl: record.audio });
    expect(player.getState().currentTime).toBe(8.2);
  });
});

describe('the Q&A', () => {
  const CALL: Said[] = [
    ...OPENING,
    [0, [['We will now begin the question-and-answer session.', 29, 30.4]]],
    [2, [['Priya Raman here, on margins.', 30.5, 33]]],
    [1, [['Margins held up well.', 33.5, 36]]],
    [3, [['Tom Okafor, a question on demand.', 40, 43]]],
  ];

  it('is marked in the text and on the seek bar when it starts, announced once, and its questions are listed; a question plays from there', async () => {
    const { user } = await open();
    await listen(user);
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf(OPENING), { revision: 1 }) });
    expect(screen.queryByRole('separator', { name: /Q&A started/ })).not.toBeInTheDocument();
    const questions = screen.getByRole('region', { name: 'Questions so far' });
    expect(await within(questions).findByText('The Q&A has not started yet.')).toBeInTheDocument();

    setLiveView(id, { state: 'rolling', snapshot: snapshotOf(transcriptOf(CALL), { revision: 2, qnaStart: 29 }) });
    // The divider sits before the first sentence at the Q&A's start.
    const divider = screen.getByRole('separator', { name: 'Q&A started · 0:29' });
    const operatorLine = sentence('We will now begin the question-and-answer session.');
    expect(divider.compareDocumentPosition(operatorLine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(sentence('Thank you, operator.')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(screen.getAllByRole('status').filter((s) => s.textContent === 'Q&A started at 0:29.')).toHaveLength(1);
    // The docked player marks it on its seek bar.
    expect(player.getState().source).toMatchObject({ kind: 'live', qna: 29 });
    expect(await within(await screen.findByRole('region', { name: 'Player' })).findByTestId('qna-mark')).toHaveAttribute('title', 'Q&A starts 0:29');

    const list = within(questions).getByRole('list', { name: 'Questions' });
    const asked = within(list).getAllByRole('button');
    expect(asked.map((b) => b.textContent)).toEqual([
      'Question 1: Priya Raman, Northgate Securities. Answered by Dana Whitfield 0:30',
      'Question 2: Tom Okafor, Harbor Capital 0:40',
    ]);
    await user.click(asked[1]!);
    expect(player.getState()).toMatchObject({ source: { kind: 'live', liveId: id }, currentTime: 40 });
  });
});

describe('bookmarks, highlights and clip links on live words', () => {
  it('a highlight of live words is kept by the event (on the recording later); the clip link plays it on the live page', async () => {
    const { user } = await open();
    const record = await liveRecord();
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf([OPENING[0]!, ...MORE])) });
    await user.keyboard('{Shift>}');
    await user.click(sentence('Thank you, operator.'));
    await user.click(sentence('Revenue grew twelve percent.'));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('group', { name: 'Selected sentences' });
    expect(bar).toHaveTextContent('Selected 2 sentences, 0:06–0:11');
    await user.click(within(bar).getByRole('button', { name: 'Copy clip link' }));
    expect(await screen.findByText(`Clip link copied: http://localhost:3000/live/${id}?t=6.5-11`)).toHaveAttribute('role', 'status');

    await user.click(within(bar).getByRole('button', { name: 'Highlight' }));
    const [kept] = notesStore().getSnapshot().items;
    expect(kept).toMatchObject({ kind: 'highlight', start: 6.5, end: 11, call: { eventId: record.eventId, companyId: record.companyId } });
    expect(kept!.call.audioId).toBeUndefined();
    const notes = screen.getByRole('region', { name: 'Bookmarks and highlights' });
    expect(within(notes).getByRole('button', { name: 'Play highlight 0:06–0:11' })).toBeInTheDocument();
  });
});

describe('?t= on the live page', () => {
  it('cues the live stream at a clip of the link, and offers to play it', async () => {
    await open(`/live/${id}?t=93-131`);
    await waitFor(() => expect(player.getState().source).toMatchObject({ kind: 'live', liveId: id }));
    expect(player.getState()).toMatchObject({ currentTime: 93, clip: { start: 93, end: 131 } });
    const listen = screen.getByRole('region', { name: 'Listen' });
    expect(within(listen).getByText('This link points at 1:33–2:11 of the stream.')).toBeInTheDocument();
    expect(within(listen).getByRole('button', { name: 'Play 1:33–2:11' })).toBeInTheDocument();
  });

  it('cues a moment given in seconds', async () => {
    await open(`/live/${id}?t=75`);
    await waitFor(() => expect(player.getState()).toMatchObject({ source: { kind: 'live', liveId: id }, currentTime: 75, clip: null }));
  });

  it('says what is wrong with a value that is not a time', async () => {
    await open(`/live/${id}?t=soon`);
    expect(screen.getByRole('note')).toHaveTextContent('This link’s time cannot be played: “soon” is not a time or a clip');
  });

  it('once the recording is listed, sends the reader to it at the same times', async () => {
    const record = await serveAs({ state: 'recordingAvailable' });
    const listed = (await sandboxJson<{ data: { id: number }[] }>('/audio?limit=1')).data[0]!;
    server.use(
      http.get(apiPath('/audio'), ({ request }) =>
        new URL(request.url).searchParams.get('eventIds') === String(record.eventId)
          ? HttpResponse.json({ data: [{ ...listed, eventId: record.eventId, companyId: record.companyId }], pagination: { nextCursor: null } })
          : undefined,
      ),
    );
    const { router } = await renderApp(`/live/${id}?t=93-131`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/recordings/${listed.id}`));
    expect(router.state.location.search).toEqual({ t: '93-131' });
  });
});

describe('a missing or ended transcript', () => {
  it('before the call: the transcript appears when it starts (and is not asked for yet)', async () => {
    await serveAs({ state: 'willBeLive', wentLiveAt: null });
    await open();
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText('The transcript appears here when the call starts.')).toHaveAttribute('role', 'status');
    expect(liveSubscriptions).toEqual([]);
  });

  it('unavailable: one calm line, and the audio is still offered', async () => {
    await open();
    setLiveView(id, { state: 'unavailable', snapshot: undefined, message: 'This key’s plan has no live transcripts; the audio plays on.' });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getAllByText('This key’s plan has no live transcripts; the audio plays on.')).toHaveLength(1);
    expect(within(panel).getByText('This key’s plan has no live transcripts; the audio plays on.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Listen live' })).toBeInTheDocument();
    // Said once: no other panel repeats that there is no text.
    expect(screen.queryByRole('region', { name: 'Questions so far' })).not.toBeInTheDocument();
  });

  it('an interruption the stream came back from is said once, calmly, with the text kept', async () => {
    await open();
    await showText({ state: 'rolling', snapshot: snapshotOf(transcriptOf(OPENING), { interruptions: [{ time: 83, restarting: true }] }) });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText('The stream was interrupted at 1:23 and picked up again.')).toHaveAttribute('role', 'status');
    expect(sentence('Thank you, operator.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen live' })).toBeInTheDocument();
  });

  it('ended with a failure code: its user_reason is shown, the text so far kept, the audio still offered', async () => {
    await open();
    await showText({
      state: 'ended',
      snapshot: snapshotOf(transcriptOf(OPENING), { end: { code: 3, userReason: 'The transcription service stopped.' } }),
    });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText('The transcript stopped: The transcription service stopped.')).toHaveAttribute('role', 'status');
    expect(sentence('Thank you, operator.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen live' })).toBeInTheDocument();
  });

  it.each([
    ['The call has ended.', 'The call has ended.'],
    ['The host closed the call.', 'The call has ended: The host closed the call.'],
  ])('ended normally with the reason "%s": says "%s"', async (userReason, said) => {
    await open();
    await showText({ state: 'ended', snapshot: snapshotOf(transcriptOf(OPENING), { end: { code: 0, userReason } }) });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText(said)).toHaveAttribute('role', 'status');
  });

  it('after the call: keeps the text, says it has ended and links to the recording once listed', async () => {
    useFlowingTime('2026-11-21T12:00:00.000Z');
    const record = await serveAs({ state: 'processingRecording' });
    await open();
    await showText({ state: 'ended', snapshot: snapshotOf(transcriptOf(OPENING), { end: { code: 0 } }) });
    const panel = screen.getByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText('The call has ended.')).toHaveAttribute('role', 'status');
    expect(within(panel).getByText('The recording is linked here once it is listed.')).toBeInTheDocument();
    expect(sentence('Good morning and welcome to the call.')).toBeInTheDocument();

    const listed = (await sandboxJson<{ data: { id: number }[] }>('/audio?limit=1')).data[0]!;
    server.use(
      http.get(apiPath('/audio'), ({ request }) =>
        new URL(request.url).searchParams.get('eventIds') === String(record.eventId)
          ? HttpResponse.json({ data: [{ ...listed, eventId: record.eventId, companyId: record.companyId }], pagination: { nextCursor: null } })
          : undefined,
      ),
    );
    // The recordings are asked for again every 5 s until one is listed.
    await passes(5_000);
    expect(await within(panel).findByRole('link', { name: 'Open the recording' })).toHaveAttribute('href', `/recordings/${listed.id}`);
  });
});

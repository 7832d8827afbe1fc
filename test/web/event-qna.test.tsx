/**
 * The Q&A at a glance beyond the recording page: on the event page and in the transcript reader,
 * the same panel (questions, who asked, firm, who answered, [ and ]), playing the call's recording;
 * where the event has no recording, the questions are still listed, without playing. The sample
 * event is the sandbox's call 8 (server/sandbox/media/calls/call-8/script.json).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

interface Mapping {
  speaker: number;
  speaker_data: { name: string | null; role: string | null; company: string | null };
}

const { eventId, transcriptId } = sandbox.sampleIds().eventWithAudioAndTranscript!;
let ceo: string;
let cfo: string;

beforeAll(async () => {
  const { data } = await sandboxJson<{ data: { typeId: number; fileUrl: string }[] }>(`/documents/transcripts?eventIds=${eventId}`);
  const edited = (await (await sandbox.fetch(new Request(data.find((d) => d.typeId === 15)!.fileUrl))).json()) as { speaker_mapping: Mapping[] };
  const nameOf = (role: string) => edited.speaker_mapping.find((m) => m.speaker_data.role === role)!.speaker_data.name!;
  ceo = nameOf('Chief Executive Officer');
  cfo = nameOf('Chief Financial Officer');
});

const stage = usePlayerStage();

// From call-8/script.json (as regenerated for issue 29): each analyst's first paragraph, and who answers first.
const BEATRIX = { name: 'Beatrix Holm', firm: 'Nordvik Capital', start: 129.001, time: '2:09' };
const DANIEL = { name: 'Daniel Okafor', firm: 'Halvard Brook Partners', start: 150.979, time: '2:30' };
const PRIYA = { name: 'Priya Raman', firm: 'Northgate Securities', start: 176.695, time: '2:56' };
const GRACE = { name: 'Grace Odhiambo', firm: 'Pemberton Hill Securities', start: 194.596, time: '3:14' };

const lines = () => [
  `Question 1: ${BEATRIX.name}, ${BEATRIX.firm}. Answered by ${ceo} ${BEATRIX.time}`,
  `Question 2: ${DANIEL.name}, ${DANIEL.firm}. Answered by ${cfo} ${DANIEL.time}`,
  `Question 3: ${PRIYA.name}, ${PRIYA.firm}. Answered by ${cfo} ${PRIYA.time}`,
  `Question 4: ${GRACE.name}, ${GRACE.firm}. Answered by ${ceo} ${GRACE.time}`,
];

async function questionButtons() {
  const panel = await screen.findByRole('region', { name: 'Q&A' });
  const list = await within(panel).findByRole('list', { name: 'Questions' }, { timeout: 5000 });
  return { panel, list, buttons: within(list).getAllByRole('button') };
}

describe('the Q&A on the event page', () => {
  it('lists the questions and plays the recording from one; ] steps to the next', async () => {
    const { user } = await renderApp(`/events/${eventId}`);
    const { panel, list, buttons } = await questionButtons();
    expect(buttons).toHaveLength(4);
    lines().forEach((name, index) => expect(buttons[index]).toHaveAccessibleName(name));
    expect(panel).toHaveTextContent('[ and ] go to the previous or next question.');

    const media = new FakeMedia();
    stage.attach(media);
    await user.click(within(list).getByRole('button', { name: new RegExp(DANIEL.name) }));
    await waitFor(() => expect(media.currentTime).toBe(DANIEL.start));
    expect(media.paused).toBe(false);
    await waitFor(() => expect(within(list).getByRole('button', { name: new RegExp(DANIEL.name) })).toHaveAttribute('aria-current', 'true'));

    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(PRIYA.start));
    expect(within(panel).getByRole('status')).toHaveTextContent(`Question 3: ${PRIYA.name}, ${PRIYA.firm}, ${PRIYA.time}`);
    await waitFor(() => expect(within(list).getByRole('button', { name: new RegExp(PRIYA.name) })).toHaveAttribute('aria-current', 'true'));
    // [ steps back the same way (the recording page's Q&A tests cover both keys at length).
  });

  it('still lists the questions, without playing, when the event has no recording', async () => {
    server.use(http.get(apiPath('/audio'), () => HttpResponse.json({ data: [], pagination: { hasMore: false } })));
    const { user } = await renderApp(`/events/${eventId}`);
    const panel = await screen.findByRole('region', { name: 'Q&A' });
    const list = await within(panel).findByRole('list', { name: 'Questions' }, { timeout: 5000 });
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual(lines());
    expect(panel).toHaveTextContent('No recording of this call: the questions are listed, not played.');
    // [ and ] have nothing to play.
    const media = new FakeMedia();
    stage.attach(media);
    await user.keyboard(']');
    expect(media.sources).toEqual([]);
  });
});

describe('the Q&A in the transcript reader', () => {
  it('lists the questions beside the transcript and plays the call from one', async () => {
    const { user } = await renderApp(`/documents/${transcriptId}?kind=transcript`);
    const { list, buttons } = await questionButtons();
    lines().forEach((name, index) => expect(buttons[index]).toHaveAccessibleName(name));
    const media = new FakeMedia();
    stage.attach(media);
    await user.click(within(list).getByRole('button', { name: new RegExp(BEATRIX.name) }));
    await waitFor(() => expect(media.currentTime).toBe(BEATRIX.start));
  });
});

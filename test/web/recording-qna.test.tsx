/**
 * The recording page's Q&A against the sandbox, with a stand-in media element: the questions of
 * a scripted call (names, firms and times from server/sandbox/media/calls/call-8/script.json),
 * playing from a question, [ and ] to step, the firm filter, talk time, and the raw transcript,
 * empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

interface Mapping {
  speaker: number;
  speaker_data: { name: string | null; role: string | null; company: string | null };
}
interface Doc {
  typeId: number;
  fileUrl: string;
}

const { audioId, eventId } = sandbox.sampleIds().eventWithAudioAndTranscript!;
let media: FakeMedia;
/** The reporting company's executives, as the edited transcript names them. */
let ceo: string;
let cfo: string;
let rawFile: JsonBodyType;

beforeAll(async () => {
  // The sample recording is the sandbox's call 8: its Q&A starts at 120.347 s.
  expect((await sandboxJson<{ data: { qna: number } }>(`/audio/${audioId}`)).data.qna).toBe(120.347);
  const { data } = await sandboxJson<{ data: Doc[] }>(`/documents/transcripts?eventIds=${eventId}`);
  const fileOf = async (typeId: number) => (await sandbox.fetch(new Request(data.find((d) => d.typeId === typeId)!.fileUrl))).json();
  const edited = (await fileOf(15)) as { speaker_mapping: Mapping[] };
  const nameOf = (role: string) => edited.speaker_mapping.find((m) => m.speaker_data.role === role)!.speaker_data.name!;
  ceo = nameOf('Chief Executive Officer');
  cfo = nameOf('Chief Financial Officer');
  rawFile = (await fileOf(22)) as JsonBodyType;
});

const stage = usePlayerStage();

async function open(url: string) {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  await screen.findByRole('region', { name: 'Player' });
  media = new FakeMedia();
  stage.attach(media);
  const panel = screen.getByRole('region', { name: 'Q&A' });
  const list = await within(panel).findByRole('list', { name: 'Questions' });
  return { ...result, panel, list };
}

/** Every transcript file the app asks for is `file`. */
function serve(file: JsonBodyType) {
  server.use(http.get('*/sandbox-files/documents/*', () => HttpResponse.json(file)));
}

const buttons = (list: HTMLElement) => within(list).getAllByRole('button');

/** Each question button's accessible name equals its line, in order. */
function expectQuestions(list: HTMLElement, names: string[]) {
  const found = buttons(list);
  expect(found).toHaveLength(names.length);
  names.forEach((name, index) => expect(found[index]).toHaveAccessibleName(name));
}

// From call-8/script.json: each analyst's first paragraph, and who answers before the next question.
const BEATRIX = { name: 'Beatrix Holm', firm: 'Nordvik Capital', start: 129.001, time: '2:09' };
const DANIEL = { name: 'Daniel Okafor', firm: 'Halvard Brook Partners', start: 150.979, time: '2:30' };
const PRIYA = { name: 'Priya Raman', firm: 'Northgate Securities', start: 176.695, time: '2:56' };
const GRACE = { name: 'Grace Odhiambo', firm: 'Pemberton Hill Securities', start: 194.596, time: '3:14' };

describe('the Q&A panel', () => {
  it('lists the questions: number, asker, firm, time and who answered; and talk time as figures', async () => {
    const { panel, list } = await open(`/recordings/${audioId}`);
    expectQuestions(list, [
      `Question 1: ${BEATRIX.name}, ${BEATRIX.firm}. Answered by ${ceo} ${BEATRIX.time}`,
      `Question 2: ${DANIEL.name}, ${DANIEL.firm}. Answered by ${cfo} ${DANIEL.time}`,
      `Question 3: ${PRIYA.name}, ${PRIYA.firm}. Answered by ${cfo} ${PRIYA.time}`,
      `Question 4: ${GRACE.name}, ${GRACE.firm}. Answered by ${ceo} ${GRACE.time}`,
    ]);

    const talk = within(panel).getByRole('list', { name: 'Talk time, whole call' });
    const rows = within(talk).getAllByRole('listitem');
    // Eight speakers; the shares are whole percents and add up to about 100.
    expect(rows).toHaveLength(8);
    const shares = rows.map((row) => Number(/(\d+)%/.exec(row.textContent ?? '')![1]));
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeGreaterThanOrEqual(97);
    // The CFO talks longest in call 8 (the financial review and two answers).
    expect(rows[0]).toHaveTextContent(new RegExp(`^${cfo}, Chief Financial Officer, `));
  });

  it('plays the call from a question, which becomes the one marked as playing', async () => {
    const { list, user } = await open(`/recordings/${audioId}`);
    const daniel = within(list).getByRole('button', { name: new RegExp(DANIEL.name) });
    await user.click(daniel);
    await waitFor(() => expect(media.currentTime).toBe(DANIEL.start));
    expect(media.paused).toBe(false);
    await waitFor(() => expect(daniel).toHaveAttribute('aria-current', 'true'));
    expect(daniel).toHaveAccessibleName(`Question 2: ${DANIEL.name}, ${DANIEL.firm}. Answered by ${cfo} (playing) ${DANIEL.time}`);
    expect(buttons(list).filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('[ and ] go to the previous and next question and say which; ] at the last does nothing; never while typing', async () => {
    const { panel, list, user } = await open(`/recordings/${audioId}`);
    const status = within(panel).getByRole('status');
    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(BEATRIX.start));
    expect(status).toHaveTextContent(`Question 1: ${BEATRIX.name}, ${BEATRIX.firm}, ${BEATRIX.time}`);
    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(DANIEL.start));
    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(PRIYA.start));
    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(GRACE.start));
    expect(status).toHaveTextContent(`Question 4: ${GRACE.name}`);
    await waitFor(() => expect(within(list).getByRole('button', { name: new RegExp(GRACE.name) })).toHaveAttribute('aria-current', 'true'));

    await user.keyboard(']');
    expect(media.currentTime).toBe(GRACE.start);
    // Just past a question's start, [ goes to the one before (as the player does with chapters).
    await user.keyboard('[[');
    await waitFor(() => expect(media.currentTime).toBe(PRIYA.start));
    expect(status).toHaveTextContent(`Question 3: ${PRIYA.name}`);

    const search = screen.getByRole('searchbox', { name: 'Find in transcript' });
    await user.type(search, ']');
    expect(search).toHaveValue(']');
    expect(media.currentTime).toBe(PRIYA.start);
  });

  it('filters by firm, and [ and ] step through that firm’s questions only', async () => {
    const { panel, list, user } = await open(`/recordings/${audioId}`);
    const firm = within(panel).getByRole('combobox', { name: 'Firm' });
    expect(
      within(firm)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All firms', `${BEATRIX.firm} (1)`, `${DANIEL.firm} (1)`, `${PRIYA.firm} (1)`, `${GRACE.firm} (1)`]);
    await user.selectOptions(firm, DANIEL.firm);
    expectQuestions(list, [`Question 2: ${DANIEL.name}, ${DANIEL.firm}. Answered by ${cfo} ${DANIEL.time}`]);
    await user.click(document.body);
    await user.keyboard(']');
    await waitFor(() => expect(media.currentTime).toBe(DANIEL.start));
    await user.keyboard(']');
    expect(media.currentTime).toBe(DANIEL.start);

    await user.selectOptions(firm, 'All firms');
    expect(buttons(list)).toHaveLength(4);
  });
});

describe('the Q&A of a raw transcript', () => {
  it('takes names and firms from the chapters, and numbers whoever answered', async () => {
    serve(rawFile);
    const { list } = await open(`/recordings/${audioId}`);
    // Raw speakers are numbered as they first speak: operator, IR, CEO (3), CFO (4), then the analysts.
    expectQuestions(list, [
      `Question 1: ${BEATRIX.name}, ${BEATRIX.firm}. Answered by Speaker 3 ${BEATRIX.time}`,
      `Question 2: ${DANIEL.name}, ${DANIEL.firm}. Answered by Speaker 4 ${DANIEL.time}`,
      `Question 3: ${PRIYA.name}, ${PRIYA.firm}. Answered by Speaker 4 ${PRIYA.time}`,
      `Question 4: ${GRACE.name}, ${GRACE.firm}. Answered by Speaker 3 ${GRACE.time}`,
    ]);
  });
});

describe('the Q&A panel’s other states', () => {
  it('says so when the call has no Q&A, and still shows talk time', async () => {
    serve({
      version: '2.1-edited',
      speaker_mapping: [
        { speaker: 0, speaker_data: { name: null, role: 'Operator', company: null } },
        { speaker: 1, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
      ],
      transcript: {
        paragraphs: [
          { speaker: 0, text: 'Welcome.', start: 0, end: 4 },
          { speaker: 1, text: 'Revenue grew.', start: 5, end: 20 },
        ],
      },
    });
    const { data } = await sandboxJson<{ data: { title: string; level: number }[] }>(`/audio/${audioId}/chapters?levels=1,2&limit=100`);
    const withoutQna = data.filter((c) => c.level === 1 && c.title !== 'Q&A');
    server.use(http.get(apiPath('/audio/:id/chapters'), () => HttpResponse.json({ data: withoutQna, pagination: {} })));
    await renderApp(`/recordings/${audioId}`);
    const panel = await screen.findByRole('region', { name: 'Q&A' });
    expect(await within(panel).findByText('No Q&A in this call.')).toBeInTheDocument();
    const talk = within(panel).getByRole('list', { name: 'Talk time, whole call' });
    expect(
      within(talk)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Ana Ruiz, Chief Executive Officer, Acme0:15 (79%)', 'Operator0:04 (21%)']);
  });

  it('shows what failed with Retry when the transcript cannot be read', async () => {
    serve({ data: [] });
    await renderApp(`/recordings/${audioId}`);
    const panel = await screen.findByRole('region', { name: 'Q&A' });
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

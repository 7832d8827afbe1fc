/**
 * One raw and one edited transcript, shown on the recording page (the following transcript), on
 * the document page (the transcript reader) and saved as text and Markdown: every one of them
 * names the same speakers in the same order. (The recording page used to number raw speakers by
 * their id, "Speaker 3, 1", and to refuse an edited file whose speaker_data was null.)
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { player } from '../../src/lib/player/index.ts';
import { captureDownloads } from '../support/downloads.ts';
import { renderApp } from '../support/render-app.tsx';
import { sandbox, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();
const downloads = captureDownloads();

afterEach(() => {
  act(() => player.close());
  localStorage.clear();
});

/** The same call twice: ids 2, 0, 2, 1, 0 in reading order; one paragraph without sentences, no words anywhere. */
const paragraphs = [
  { speaker: 2, text: 'Good morning and welcome.', start: 0, end: 4, sentences: [{ text: 'Good morning and welcome.', start: 0, end: 4, speaker: 2 }] },
  {
    speaker: 0,
    text: 'Thank you, operator. Revenue grew this quarter.',
    start: 5,
    end: 12,
    sentences: [
      { text: 'Thank you, operator.', start: 5, end: 7, speaker: 0 },
      { text: 'Revenue grew this quarter.', start: 7.2, end: 12, speaker: 0 },
    ],
  },
  { speaker: 2, text: 'The first question comes from the line of Ben.', start: 13, end: 15 },
  { speaker: 1, text: 'How did margins develop?', start: 16, end: 20, sentences: [{ text: 'How did margins develop?', start: 16, end: 20, speaker: 1 }] },
  { speaker: 0, text: 'Margins widened.', start: 21, end: 25, sentences: [{ text: 'Margins widened.', start: 21, end: 25, speaker: 0 }] },
];
const rawFile = { version: '2.1-raw', event_id: 1, company_id: 1, transcript: { text: 'ignored', number_of_speakers: 3, paragraphs } };
const editedFile = {
  ...rawFile,
  version: '2.1-edited',
  speaker_mapping: [
    { speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
    { speaker: 1, speaker_data: null },
    { speaker: 2, speaker_data: { name: null, role: 'Operator', company: null } },
  ],
};

type Shown = [label: string, detail?: string];
const RAW: Shown[] = [['Speaker 1'], ['Speaker 2'], ['Speaker 1'], ['Speaker 3'], ['Speaker 2']];
const EDITED: Shown[] = [
  ['Operator'],
  ['Ana Ruiz', 'Chief Executive Officer, Acme'],
  ['Operator'],
  ['Speaker 1'],
  ['Ana Ruiz', 'Chief Executive Officer, Acme'],
];

/** Every transcript file the app asks for is `file`. */
function serve(file: JsonBodyType) {
  server.use(http.get('*/sandbox-files/documents/*', () => HttpResponse.json(file)));
}

/** Each paragraph of the list named "Transcript" shows its speaker's label, and the detail only where there is one. */
async function expectSpeakers(expected: Shown[]) {
  const list = await screen.findByRole('list', { name: 'Transcript' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(expected.length);
  expected.forEach(([label, detail], index) => {
    const item = within(items[index]!);
    expect(item.getByText(label)).toBeInTheDocument();
    if (detail) expect(item.getByText(`, ${detail}`)).toBeInTheDocument();
    else expect(item.queryByText(/^, /)).not.toBeInTheDocument();
  });
}

async function exportsOf(url: string) {
  const { user } = await renderApp(url);
  await screen.findByRole('list', { name: 'Transcript' });
  await user.click(screen.getByText('Export'));
  await user.click(screen.getByRole('button', { name: 'Download .txt' }));
  const text = await downloads.saved.at(-1)!.blob.text();
  await user.click(screen.getByText('Export'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Markdown');
  await user.click(screen.getByRole('button', { name: 'Download .md' }));
  const markdown = await downloads.saved.at(-1)!.blob.text();
  return {
    text: text.split('\n').filter((line) => line.startsWith('[')),
    markdown: markdown.split('\n').filter((line) => line.startsWith('**[')),
  };
}

const { audioId, transcriptId } = sandbox.sampleIds().eventWithAudioAndTranscript!;

describe('a raw transcript', () => {
  it('numbers its speakers 1, 2, 1, 3, 2 on the recording page', async () => {
    serve(rawFile);
    await renderApp(`/recordings/${audioId}`);
    await expectSpeakers(RAW);
  });

  it('numbers them the same on the document page', async () => {
    serve(rawFile);
    await renderApp(`/documents/${transcriptId}?kind=transcript`);
    await expectSpeakers(RAW);
    expect(screen.getByText('Machine transcript: speakers are numbered in the order they first speak.')).toBeInTheDocument();
  });

  it('and in the text and Markdown exports', async () => {
    serve(rawFile);
    const { text, markdown } = await exportsOf(`/documents/${transcriptId}?kind=transcript`);
    expect(text).toEqual(['[0:00] Speaker 1', '[0:05] Speaker 2', '[0:13] Speaker 1', '[0:16] Speaker 3', '[0:21] Speaker 2']);
    expect(markdown).toEqual(['**[0:00] Speaker 1**', '**[0:05] Speaker 2**', '**[0:13] Speaker 1**', '**[0:16] Speaker 3**', '**[0:21] Speaker 2**']);
  });
});

describe('an edited transcript (one speaker_data null)', () => {
  it('names its speakers on the recording page', async () => {
    serve(editedFile);
    await renderApp(`/recordings/${audioId}`);
    await expectSpeakers(EDITED);
    // Paragraph 3 has no sentences: it plays as one.
    expect(screen.getByRole('button', { name: 'The first question comes from the line of Ben.' })).toBeInTheDocument();
  });

  it('names them the same on the document page', async () => {
    serve(editedFile);
    await renderApp(`/documents/${transcriptId}?kind=transcript`);
    await expectSpeakers(EDITED);
    expect(screen.queryByText(/^Machine transcript/)).not.toBeInTheDocument();
  });

  it('and in the text and Markdown exports', async () => {
    serve(editedFile);
    const { text, markdown } = await exportsOf(`/documents/${transcriptId}?kind=transcript`);
    expect(text).toEqual([
      '[0:00] Operator',
      '[0:05] Ana Ruiz (Chief Executive Officer, Acme)',
      '[0:13] Operator',
      '[0:16] Speaker 1',
      '[0:21] Ana Ruiz (Chief Executive Officer, Acme)',
    ]);
    expect(markdown).toEqual([
      '**[0:00] Operator**',
      '**[0:05] Ana Ruiz** _Chief Executive Officer, Acme_',
      '**[0:13] Operator**',
      '**[0:16] Speaker 1**',
      '**[0:21] Ana Ruiz** _Chief Executive Officer, Acme_',
    ]);
  });
});

describe('a file that is not a transcript', () => {
  const reason = 'This file is not a transcript: transcript: expected object, received undefined';

  it('is refused with the reason on the recording page', async () => {
    serve({ data: [] });
    await renderApp(`/recordings/${audioId}`);
    // The Q&A reads the same file and says so too; this is the transcript's own.
    const panel = await screen.findByRole('region', { name: 'Transcript' });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is refused with the reason on the document page, which still offers the file', async () => {
    serve({ data: [] });
    await renderApp(`/documents/${transcriptId}?kind=transcript`);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the file' })).toBeInTheDocument();
  });
});

describe('a transcript with no text', () => {
  it('says so on the recording page and on the document page', async () => {
    serve({ transcript: { paragraphs: [{ speaker: 0, start: 0, end: 1, text: ' ', sentences: [] }] } });
    const first = await renderApp(`/recordings/${audioId}`);
    expect(await screen.findByText('This transcript has no text.')).toBeInTheDocument();
    first.unmount();
    await renderApp(`/documents/${transcriptId}?kind=transcript`);
    expect(await screen.findByText('This transcript has no text.')).toBeInTheDocument();
  });
});

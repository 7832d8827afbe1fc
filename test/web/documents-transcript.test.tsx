/** Transcript documents: reading the file, the viewer (speakers, find, timestamps) and the exports. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type Transcript } from '../../src/lib/transcript/index.ts';
import { renderApp } from '../support/render-app.tsx';
import { sandbox, sandboxJson, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';
import { captureDownloads } from '../support/downloads.ts';

useSandboxServer();

interface Doc {
  id: number;
  eventId: number;
  companyId: number;
  typeId: number;
  fileUrl: string;
  event: { title: string; fiscalPeriod: string; fiscalYear: number };
}
interface TranscriptFile {
  speaker_mapping?: { speaker: number; speaker_data: { name: string | null; role: string | null; company: string | null } }[];
  transcript: { paragraphs: { speaker: number; text: string; start: number }[] };
}

/** The transcript in a JSON value; the test fails with the model's reason when it is not one. */
function read(json: unknown): Transcript {
  const result = parseTranscript(json);
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

async function info() {
  const response = await sandbox.fetch(new Request(`${TEST_ORIGIN}/__sandbox/info`));
  return (await response.json()) as { eventWithAudioAndTranscript: { eventId: number; audioId: number; transcriptId: number } };
}

async function file(doc: Doc): Promise<TranscriptFile> {
  const response = await sandbox.fetch(new Request(doc.fileUrl));
  return (await response.json()) as TranscriptFile;
}

async function transcriptsOfEvent(eventId: number) {
  const { data } = await sandboxJson<{ data: Doc[] }>(`/documents/transcripts?eventIds=${eventId}&expand=event`);
  return { raw: data.find((d) => d.typeId === 22)!, edited: data.find((d) => d.typeId === 15)! };
}

describe('reading and exporting a transcript', () => {
  it('names speakers from the edited type’s mapping, and numbers them in the raw type', async () => {
    const { eventId } = (await info()).eventWithAudioAndTranscript;
    const { raw, edited } = await transcriptsOfEvent(eventId);
    const editedFile = await file(edited);
    const parsedEdited = read(editedFile);
    expect(parsedEdited.mapped).toBe(true);
    const ceo = editedFile.speaker_mapping!.find((m) => m.speaker_data.role === 'Chief Executive Officer')!;
    const ceoParagraph = parsedEdited.paragraphs.find((p) => editedFile.transcript.paragraphs[p.index]!.speaker === ceo.speaker)!;
    expect(ceoParagraph.speaker.label).toBe(ceo.speaker_data.name);
    expect(ceoParagraph.speaker.detail).toBe(`Chief Executive Officer, ${ceo.speaker_data.company}`);
    // The operator has a role but no name: the role is the label.
    expect(parsedEdited.paragraphs[0]!.speaker.label).toBe('Operator');

    const parsedRaw = read(await file(raw));
    expect(parsedRaw.mapped).toBe(false);
    expect(parsedRaw.paragraphs[0]!.speaker.label).toBe('Speaker 1');
    const labels = [...new Set(parsedRaw.paragraphs.map((p) => p.speaker.label))];
    expect(labels).toEqual(labels.map((_, i) => `Speaker ${i + 1}`));
    expect(parsedRaw.paragraphs.map((p) => p.text)).toEqual(parsedEdited.paragraphs.map((p) => p.text));
  });
});

describe('transcript viewer', () => {
  const downloads = captureDownloads();

  it('shows speakers and times, finds a phrase with a hit count, links times to the recording, and exports', async () => {
    const { eventId, audioId, transcriptId } = (await info()).eventWithAudioAndTranscript;
    const edited = await sandboxJson<{ data: Doc }>(`/documents/transcripts/${transcriptId}`);
    const source = await file(edited.data);
    const { user } = await renderApp(`/documents/${transcriptId}?kind=transcript`);

    const list = await screen.findByRole('list', { name: 'Transcript' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(source.transcript.paragraphs.length);
    // "Bramane Foods at the Financials Conference 2026", beside its company, reads as the event alone.
    expect(edited.data.event.title).toBe('Bramane Foods at the Financials Conference 2026');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Financials Conference 2026: Transcript');
    expect(within(screen.getByText('About this document').closest('details')!).getByRole('link', { name: 'Financials Conference 2026' })).toHaveAttribute(
      'href',
      `/events/${eventId}`,
    );

    // Every time plays the call from that point.
    const second = source.transcript.paragraphs[1]!;
    const play = await within(items[1]!).findByRole('link', { name: /^Play from / });
    expect(play).toHaveAttribute('href', `/recordings/${audioId}?t=${Math.floor(second.start)}`);

    // Find: as many hits as the text has, case-insensitively; next and previous wrap around.
    const expected = source.transcript.paragraphs.reduce((n, p) => n + (p.text.match(/revenue/gi)?.length ?? 0), 0);
    expect(expected).toBeGreaterThan(1);
    await user.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), 'revenue');
    const status = within(screen.getByRole('search', { name: 'Find in transcript' })).getByRole('status');
    expect(status).toHaveTextContent(`1 of ${expected}`);
    expect(list.querySelectorAll('mark')).toHaveLength(expected);
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(status).toHaveTextContent(`2 of ${expected}`);
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(status).toHaveTextContent(`${expected} of ${expected}`);
    expect(list.querySelector('mark[data-current]')?.textContent?.toLowerCase()).toBe('revenue');
    await user.clear(screen.getByRole('searchbox', { name: 'Find in transcript' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find in transcript' }), 'zzqx');
    expect(status).toHaveTextContent('No matches');

    // Exports: the whole text, with speakers and times, from the toolbar's Export.
    await user.click(screen.getByText('Export'));
    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    const text = await downloads.saved.at(-1)!.blob.text();
    const ceo = source.speaker_mapping!.find((m) => m.speaker_data.role === 'Chief Executive Officer')!.speaker_data.name!;
    expect(text.split('\n')[0]).toBe('Financials Conference 2026');
    expect(text).toContain(`] ${ceo} (Chief Executive Officer`);
    for (const paragraph of source.transcript.paragraphs) expect(text).toContain(paragraph.text);
    await user.click(screen.getByText('Export'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Markdown');
    await user.click(screen.getByRole('button', { name: 'Download .md' }));
    const markdown = await downloads.saved.at(-1)!.blob.text();
    expect(markdown.startsWith('# Financials Conference 2026\n')).toBe(true);
    expect(markdown).toContain(`**[0:00] Operator**`);
    expect(downloads.saved.at(-1)!.blob.type).toMatch(/^text\/markdown/);
    // Captions for the recording, named after the document.
    const stem = downloads.saved.at(-1)!.name.replace(/\.md$/, '');
    await user.click(screen.getByText('Export'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'WebVTT captions');
    expect(screen.getByRole('checkbox', { name: 'Timestamps' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Download .vtt' }));
    expect(downloads.saved.at(-1)!.name).toBe(`${stem}.vtt`);
    const vtt = await downloads.saved.at(-1)!.blob.text();
    expect(vtt.startsWith('WEBVTT\n\nNOTE\nFinancials Conference 2026\n')).toBe(true);
    expect(vtt).toMatch(/\nNOTE\n[^]*?\n\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n<v Operator>/);
  });

  it('without a recording, times are plain text', async () => {
    const { transcriptId } = (await info()).eventWithAudioAndTranscript;
    const { http, HttpResponse } = await import('msw');
    const { server, apiPath } = await import('../support/sandbox-server.ts');
    server.use(http.get(apiPath('/audio'), () => HttpResponse.json({ data: [], pagination: { nextCursor: null } })));
    await renderApp(`/documents/${transcriptId}?kind=transcript`);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    expect(within(list).getAllByText('0:00').length).toBeGreaterThan(0);
  });
});

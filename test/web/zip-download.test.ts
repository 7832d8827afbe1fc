/** The zip of transcripts: a file the transcript model cannot read is left out and reported with the reason. */
import { strFromU8, unzipSync } from 'fflate';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildZip, FAILURE_REPORT_NAME } from '../../src/features/documents/zip-download.ts';
import { sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

describe('buildZip of transcripts as JSON', () => {
  it('keeps the transcripts, and leaves out a file that is not one with the model’s reason', async () => {
    const { data } = await sandboxJson<{ data: { id: number; fileUrl: string }[] }>('/documents/transcripts?limit=2&direction=desc');
    const [good, bad] = data as [(typeof data)[0], (typeof data)[0]];
    server.use(http.get(`*/sandbox-files/documents/${bad.id}/*`, () => HttpResponse.text('<!doctype html><p>Sign in</p>')));

    const result = await buildZip(
      [
        { url: good.fileUrl, stem: 'Acme - Q3 2026 - Transcript (Edited)' },
        { url: bad.fileUrl, stem: 'Acme - Q3 2026 - Transcript (Raw)' },
      ],
      { format: 'json' },
    );
    expect(result.entries).toEqual(['Acme - Q3 2026 - Transcript (Edited).json']);
    expect(result.failures).toEqual([{ name: 'Acme - Q3 2026 - Transcript (Raw).json', reason: 'This file is not a transcript: it is not valid JSON.' }]);
    const files = unzipSync(result.zip!);
    expect(Object.keys(files).sort()).toEqual(['Acme - Q3 2026 - Transcript (Edited).json', FAILURE_REPORT_NAME]);
    expect(strFromU8(files[FAILURE_REPORT_NAME]!)).toBe(
      [
        'These files could not be downloaded and are not in this archive:',
        '',
        '- Acme - Q3 2026 - Transcript (Raw).json: This file is not a transcript: it is not valid JSON.',
        '',
      ].join('\n'),
    );
  });
});

describe('buildZip as text or Markdown', () => {
  const file = {
    speaker_mapping: [{ speaker: 0, speaker_data: { name: 'Dana Kowalczyk', role: 'Chief Executive Officer', company: 'Acme' } }],
    transcript: {
      paragraphs: [
        {
          speaker: 0,
          text: 'Revenue grew *nine* percent.',
          start: 65,
          end: 70,
          sentences: [{ text: 'Revenue grew *nine* percent.', start: 65, end: 70, speaker: 0 }],
        },
      ],
    },
  };

  it('turns each transcript into readable text, or Markdown, with its heading', async () => {
    server.use(http.get('https://files.example.com/t.json', () => HttpResponse.json(file)));
    const source = {
      url: 'https://files.example.com/t.json',
      stem: 'Acme - Q3 2026 - Transcript (Edited)',
      heading: { title: 'Q3 2026 earnings call', company: 'Acme', type: 'Transcript (Edited)' },
    };
    const text = await buildZip([source], { format: 'text' });
    expect(text.entries).toEqual(['Acme - Q3 2026 - Transcript (Edited).txt']);
    expect(strFromU8(unzipSync(text.zip!)['Acme - Q3 2026 - Transcript (Edited).txt']!)).toBe(
      [
        'Q3 2026 earnings call',
        'Company: Acme',
        'Type: Transcript (Edited)',
        '',
        '[1:05] Dana Kowalczyk (Chief Executive Officer, Acme)',
        'Revenue grew *nine* percent.',
        '',
      ].join('\n'),
    );
    const markdown = await buildZip([source], { format: 'markdown' });
    expect(markdown.entries).toEqual(['Acme - Q3 2026 - Transcript (Edited).md']);
    expect(strFromU8(unzipSync(markdown.zip!)['Acme - Q3 2026 - Transcript (Edited).md']!)).toContain('Revenue grew \\*nine\\* percent.');
  });

  it('refuses, with the reason, a file the transcript model cannot read', async () => {
    server.use(http.get('https://files.example.com/bad.json', () => HttpResponse.json({ transcript: { paragraphs: 'none' } })));
    const result = await buildZip([{ url: 'https://files.example.com/bad.json', stem: 'Acme - Q3 2026 - Transcript' }], { format: 'text' });
    expect(result.zip).toBeNull();
    expect(result.failures).toEqual([{ name: 'Acme - Q3 2026 - Transcript.txt', reason: expect.stringMatching(/^This file is not a transcript/) }]);
  });
});

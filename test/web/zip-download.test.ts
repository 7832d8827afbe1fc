/** The zip of transcripts: a file the transcript model cannot read is left out and reported with the reason. */
import { strFromU8, unzipSync } from 'fflate';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildZip, checkTranscript, FAILURE_REPORT_NAME } from '../../src/features/documents/zip-download.ts';
import { sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

describe('buildZip with the transcript check', () => {
  it('keeps the transcripts, and leaves out a file that is not one with the model’s reason', async () => {
    const { data } = await sandboxJson<{ data: { id: number; fileUrl: string }[] }>('/documents/transcripts?limit=2&direction=desc');
    const [good, bad] = data as [(typeof data)[0], (typeof data)[0]];
    server.use(http.get(`*/sandbox-files/documents/${bad.id}/*`, () => HttpResponse.text('<!doctype html><p>Sign in</p>')));

    const result = await buildZip(
      [
        { url: good.fileUrl, stem: 'Acme - Q3 2026 - Transcript (Edited)' },
        { url: bad.fileUrl, stem: 'Acme - Q3 2026 - Transcript (Raw)' },
      ],
      { check: checkTranscript },
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

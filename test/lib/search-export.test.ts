/** Search results as CSV and Markdown: exact output for a handwritten set of results. */
import { describe, expect, it } from 'vitest';
import type { SearchCall } from '../../src/api/search.ts';
import { csvField } from '../../src/lib/csv.ts';
import { searchExportFileName, searchResultsToCsv, searchResultsToMarkdown } from '../../src/lib/transcript-search/export.ts';

const calls: SearchCall[] = [
  {
    eventId: 301,
    transcriptId: 501,
    transcriptTypeId: 15,
    edited: true,
    hits: 2,
    company: { id: 4, name: 'Acme, Inc.', country: 'US' },
    event: { title: 'Acme, Inc. Q2 2026 Earnings Call', typeId: 27, date: '2026-07-28T13:00:00.000Z', fiscalYear: 2026, fiscalPeriod: 'Q2' },
    matches: [
      {
        paragraph: 3,
        speaker: { label: 'Ana Ruiz', detail: 'Chief Executive Officer, Acme', kind: 'executive' },
        start: 80,
        end: 3730,
        sentences: [
          {
            index: 11,
            start: 83.4,
            end: 88,
            segments: [{ text: 'We said "' }, { text: 'tariffs', marked: true }, { text: '" would cost us, and they did.' }],
          },
          {
            index: 12,
            start: 3725.9,
            end: 3729,
            segments: [{ text: '=1+1 is how the ' }, { text: 'tariff', marked: true }, { text: ' math works.' }],
          },
        ],
      },
    ],
  },
  {
    eventId: 802,
    transcriptId: 902,
    transcriptTypeId: 22,
    edited: false,
    hits: 1,
    company: { id: 7, name: '@Bryrite', country: 'SE' },
    event: { title: 'Capital Markets Day\nAfternoon', typeId: 2, date: '2026-09-01T08:00:00.000Z', fiscalYear: null, fiscalPeriod: null },
    matches: [
      {
        paragraph: 0,
        speaker: { label: 'Speaker 2', kind: 'unknown' },
        start: 5,
        end: 9,
        sentences: [{ index: 0, start: 5, end: 9, segments: [{ text: '-5% on ' }, { text: 'tariffs', marked: true }, { text: ' | *net* of [fees] #1_a' }] }],
      },
    ],
  },
];

const options = { origin: 'https://desk.example.com', query: 'tariff*' };

describe('searchResultsToCsv', () => {
  it('writes a header and one row per sentence, quoted and guarded per RFC 4180, every line ended with CRLF', () => {
    expect(searchResultsToCsv(calls, options)).toBe(
      'Company,Event,Period,Date (UTC),Speaker,Time,Sentence,Link\r\n' +
        '"Acme, Inc.",Q2 2026 Earnings Call,Q2 2026,2026-07-28,"Ana Ruiz (Chief Executive Officer, Acme)",1:23,"We said ""tariffs"" would cost us, and they did.",https://desk.example.com/documents/501?kind=transcript\r\n' +
        '"Acme, Inc.",Q2 2026 Earnings Call,Q2 2026,2026-07-28,"Ana Ruiz (Chief Executive Officer, Acme)",1:02:05,\'=1+1 is how the tariff math works.,https://desk.example.com/documents/501?kind=transcript\r\n' +
        '\'@Bryrite,"Capital Markets Day\nAfternoon",,2026-09-01,Speaker 2,0:05,\'-5% on tariffs | *net* of [fees] #1_a,https://desk.example.com/documents/902?kind=transcript\r\n',
    );
  });

  it('writes only the header when nothing was loaded', () => {
    expect(searchResultsToCsv([], options)).toBe('Company,Event,Period,Date (UTC),Speaker,Time,Sentence,Link\r\n');
  });

  it('guards every formula start and quotes what needs it', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('=HYPERLINK("http://x.example")')).toBe('"\'=HYPERLINK(""http://x.example"")"');
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('')).toBe('');
    // Only the start counts: a minus inside is text.
    expect(csvField('year-on-year')).toBe('year-on-year');
  });
});

describe('searchResultsToMarkdown', () => {
  it('writes a heading, a count and a table, Markdown characters escaped and matched words in bold', () => {
    expect(searchResultsToMarkdown(calls, options)).toBe(
      [
        '# Transcript search: tariff\\*',
        '',
        '3 sentences from 2 calls.',
        '',
        '| Company | Event | Period | Date (UTC) | Speaker | Time | Sentence | Link |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        '| Acme, Inc. | Q2 2026 Earnings Call | Q2 2026 | 2026-07-28 | Ana Ruiz (Chief Executive Officer, Acme) | 1:23 | We said "**tariffs**" would cost us, and they did. | [Transcript](https://desk.example.com/documents/501?kind=transcript) |',
        '| Acme, Inc. | Q2 2026 Earnings Call | Q2 2026 | 2026-07-28 | Ana Ruiz (Chief Executive Officer, Acme) | 1:02:05 | =1+1 is how the **tariff** math works. | [Transcript](https://desk.example.com/documents/501?kind=transcript) |',
        '| @Bryrite | Capital Markets Day Afternoon |  | 2026-09-01 | Speaker 2 | 0:05 | -5% on **tariffs** \\| \\*net\\* of \\[fees\\] \\#1\\_a | [Transcript](https://desk.example.com/documents/902?kind=transcript) |',
        '',
      ].join('\n'),
    );
  });

  it('says when nothing was loaded, without a table', () => {
    expect(searchResultsToMarkdown([], { origin: 'https://desk.example.com', query: 'tariffs' })).toBe(
      '# Transcript search: tariffs\n\n0 sentences from 0 calls.\n',
    );
  });
});

describe('searchExportFileName', () => {
  it('names the file after the search, without characters file systems refuse', () => {
    expect(searchExportFileName('tariffs OR "gross margin"', 'csv')).toBe('Transcript search - tariffs OR gross margin.csv');
    expect(searchExportFileName('guid*', 'md')).toBe('Transcript search - guid.md');
  });
});

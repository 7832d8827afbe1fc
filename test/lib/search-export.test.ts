/** The search export's one writer: exact CSV and Markdown for a handwritten pair of calls, and its progress reader. */
import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/lib/csv.ts';
import {
  exportCall,
  exportHead,
  exportProgress,
  exportTail,
  searchExportFileName,
  type SearchExportCall,
  type SearchExportHead,
} from '../../src/lib/transcript-search/export.ts';

const acme: SearchExportCall = {
  rank: 1,
  company: 'Acme, Inc.',
  event: 'Q2 2026 Earnings Call',
  period: 'Q2 2026',
  date: '2026-07-28',
  transcript: 'Edited',
  hits: 2,
  passages: [
    {
      speaker: 'Ana Ruiz (Chief Financial Officer, Acme)',
      role: 'CFO',
      section: 'Q&A',
      start: 83.4,
      segments: [{ text: 'We said "' }, { text: 'tariffs', marked: true }, { text: '" would cost us, and they did.' }],
      link: 'https://desk.example.com/recordings/77?t=83',
    },
    {
      speaker: 'Ana Ruiz (Chief Financial Officer, Acme)',
      role: 'CFO',
      section: 'Q&A',
      start: 3725.9,
      segments: [{ text: '=1+1 is how the ' }, { text: 'tariff', marked: true }, { text: ' math works.' }],
      link: 'https://desk.example.com/recordings/77?t=3725',
    },
  ],
};

const bryrite: SearchExportCall = {
  rank: 2,
  company: '@Bryrite',
  event: 'Capital Markets Day\nAfternoon',
  period: '',
  date: '2026-09-01',
  transcript: 'Machine',
  hits: 1,
  passages: [
    {
      speaker: 'Speaker 2',
      role: '',
      section: '',
      start: 5,
      segments: [{ text: '-5% on ' }, { text: 'tariffs', marked: true }, { text: ' | *net* of [fees] #1_a' }],
      link: 'https://desk.example.com/events/802',
    },
  ],
};

const head: SearchExportHead = { query: 'tariff*', totals: { calls: 2, hits: 3 }, cap: 10_000 };

describe('the CSV export', () => {
  it('writes a header and one row per passage, every field on one line, quoted and guarded per RFC 4180, lines ended with CRLF', () => {
    const file = exportHead('csv', head) + exportCall('csv', acme) + exportCall('csv', bryrite) + exportTail('csv', head);
    expect(file).toBe(
      'Call,Company,Event,Period,Date (UTC),Transcript,Passages in call,Speaker,Role,Section,Time,Passage,Link\r\n' +
        '1,"Acme, Inc.",Q2 2026 Earnings Call,Q2 2026,2026-07-28,Edited,2,"Ana Ruiz (Chief Financial Officer, Acme)",CFO,Q&A,1:23,"We said ""tariffs"" would cost us, and they did.",https://desk.example.com/recordings/77?t=83\r\n' +
        '1,"Acme, Inc.",Q2 2026 Earnings Call,Q2 2026,2026-07-28,Edited,2,"Ana Ruiz (Chief Financial Officer, Acme)",CFO,Q&A,1:02:05,\'=1+1 is how the tariff math works.,https://desk.example.com/recordings/77?t=3725\r\n' +
        "2,'@Bryrite,Capital Markets Day Afternoon,,2026-09-01,Machine,1,Speaker 2,,,0:05,'-5% on tariffs | *net* of [fees] #1_a,https://desk.example.com/events/802\r\n",
    );
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

describe('the Markdown export', () => {
  it('writes a heading, what was found, and a section per call with its passage count, each passage a ▶ link to its moment', () => {
    const file = exportHead('md', head) + exportCall('md', acme) + exportCall('md', bryrite) + exportTail('md', head);
    expect(file).toBe(
      [
        '# Transcript search: tariff\\*',
        '',
        '3 passages in 2 calls.',
        '',
        '## 1. Acme, Inc. · Q2 2026 Earnings Call',
        '',
        'Q2 2026 · 2026-07-28 · Edited · 2 passages',
        '',
        '| Time | Speaker | Role | Section | Passage |',
        '| --- | --- | --- | --- | --- |',
        '| [▶ 1:23](https://desk.example.com/recordings/77?t=83) | Ana Ruiz (Chief Financial Officer, Acme) | CFO | Q&A | We said "**tariffs**" would cost us, and they did. |',
        '| [▶ 1:02:05](https://desk.example.com/recordings/77?t=3725) | Ana Ruiz (Chief Financial Officer, Acme) | CFO | Q&A | =1+1 is how the **tariff** math works. |',
        '',
        '## 2. @Bryrite · Capital Markets Day Afternoon',
        '',
        '2026-09-01 · Machine · 1 passage',
        '',
        '| Time | Speaker | Role | Section | Passage |',
        '| --- | --- | --- | --- | --- |',
        '| [▶ 0:05](https://desk.example.com/events/802) | Speaker 2 |  |  | -5% on **tariffs** \\| \\*net\\* of \\[fees\\] \\#1\\_a |',
        '',
        '',
      ].join('\n'),
    );
  });

  it('says at the top and the end when the search found more calls than a file holds', () => {
    const capped: SearchExportHead = { query: 'the', totals: { calls: 12_345, hits: 40_000 }, cap: 10_000 };
    const note =
      'This file holds the first 10,000 calls of the 12,345 the search found, the most one export holds: narrow the search (a company, a period) to export the rest.';
    expect(exportHead('md', capped)).toBe(`# Transcript search: the\n\n40,000 passages in 12,345 calls.\n\n${note}\n\n`);
    expect(exportTail('md', capped)).toBe(`${note}\n`);
  });
});

describe('exportProgress', () => {
  it('counts the calls of whole CSV rows, however the file is cut into pieces', () => {
    const file = exportHead('csv', head) + exportCall('csv', acme) + exportCall('csv', bryrite);
    const read = exportProgress('csv');
    const firstRowEnd = file.indexOf('t=83\r\n') + 6;
    expect(read(file.slice(0, 120))).toBe(0);
    expect(read(file.slice(120, firstRowEnd - 1))).toBe(0);
    expect(read(file.slice(firstRowEnd - 1, firstRowEnd + 10))).toBe(1);
    // The second call's row is not whole until its CRLF.
    expect(read(file.slice(firstRowEnd + 10, -2))).toBe(1);
    expect(read(file.slice(-2))).toBe(2);
  });

  it('counts the call sections of Markdown begun, however the file is cut into pieces', () => {
    const file = exportHead('md', head) + exportCall('md', acme) + exportCall('md', bryrite);
    const read = exportProgress('md');
    const cut = file.indexOf('## 2.') + 2;
    expect(read(file.slice(0, cut))).toBe(1);
    expect(read(file.slice(cut))).toBe(2);
  });
});

describe('searchExportFileName', () => {
  it('names the file after the search, without characters file systems refuse', () => {
    expect(searchExportFileName('tariffs OR "gross margin"', 'csv')).toBe('Transcript search - tariffs OR gross margin.csv');
    expect(searchExportFileName('guid*', 'md')).toBe('Transcript search - guid.md');
  });
});

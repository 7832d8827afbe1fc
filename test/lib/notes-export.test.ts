/**
 * Notes as files and quotes as the clipboard carries them (src/lib/notes/export.ts, quote.ts):
 * the exact Markdown and CSV for items across two companies and three calls, the links that play
 * each item, and quotes made of whole sentences of a small transcript written here by hand.
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { describe, expect, it } from 'vitest';
import { notesFile, parseNotesFile, type Bookmark, type Highlight, type NoteCall, type NoteItem } from '../../src/lib/notes/model.ts';
import { groupNotes, notesFileName, notesToCsv, notesToMarkdown } from '../../src/lib/notes/export.ts';
import { callLine, clipParam, clipUrl, itemUrl, momentUrl, quoteClipboard, quoteOf, sentencesIn } from '../../src/lib/notes/quote.ts';
import type { Transcript, TranscriptSpeaker } from '../../src/lib/transcript/index.ts';

const ORIGIN = 'http://desk.example';

const calaneonQ2: NoteCall = {
  eventId: 1076,
  audioId: 1025,
  companyId: 1,
  company: 'Calaneon',
  event: 'Q2 2026 Earnings Call',
  date: '2026-07-31T14:00:00.000Z',
};
const calaneonQ1: NoteCall = {
  eventId: 1001,
  audioId: 1000,
  companyId: 1,
  company: 'Calaneon',
  event: 'Q1 2026 Earnings Call',
  date: '2026-04-30T14:00:00.000Z',
};
// No recording yet: its items link to the event's page.
const bryriteQ4: NoteCall = { eventId: 1200, companyId: 2, company: 'Bryrite', event: 'Q4 2026 Earnings Call', date: '2026-11-05T21:30:00.000Z' };

const stamp = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00.000Z`;

const ceoQuote: Highlight = {
  id: 'h-ceo',
  kind: 'highlight',
  call: calaneonQ2,
  start: 24.641,
  end: 29.662,
  quote: 'Data center revenue grew sixty eight percent, and it is now more than half of our sales.',
  speaker: 'Uma Zimmerli (Chief Executive Officer, Calaneon)',
  color: 'green',
  note: 'Raise *guidance*?\nCheck <capex> line',
  createdAt: stamp(5),
  updatedAt: stamp(5),
};
const questions: Bookmark = { id: 'b-qa', kind: 'bookmark', call: calaneonQ2, at: 93.5, note: '', createdAt: stamp(1), updatedAt: stamp(1) };
const opening: Bookmark = {
  id: 'b-open',
  kind: 'bookmark',
  call: calaneonQ2,
  at: 10,
  note: '=HYPERLINK("http://x","y")',
  createdAt: stamp(9),
  updatedAt: stamp(9),
};
const q1: Bookmark = { id: 'b-q1', kind: 'bookmark', call: calaneonQ1, at: 45.96, note: '', createdAt: stamp(2), updatedAt: stamp(2) };
const margins: Highlight = {
  id: 'h-margins',
  kind: 'highlight',
  call: bryriteQ4,
  start: 61.25,
  end: 70.02,
  quote: 'Margins held.\n  Pricing   stays firm.',
  color: 'pink',
  note: '- watch pricing',
  createdAt: stamp(3),
  updatedAt: stamp(3),
};

// In the order they were kept, not the order they are shown.
const items: NoteItem[] = [ceoQuote, questions, q1, margins, opening];

describe('grouping', () => {
  it('puts companies by name, their calls newest first, each call’s items in time order', () => {
    const groups = groupNotes(items);
    expect(groups.map((group) => group.company)).toEqual(['Bryrite', 'Calaneon']);
    expect(groups[1]!.calls.map((call) => call.event)).toEqual(['Q2 2026 Earnings Call', 'Q1 2026 Earnings Call']);
    expect(groups[1]!.calls[0]!.items.map((item) => item.id)).toEqual(['b-open', 'h-ceo', 'b-qa']);
  });

  it('groups a call’s items kept while it was live (no recording, no date) with those kept on its recording, which names both', () => {
    const live: Bookmark = { ...questions, id: 'b-live', call: { eventId: 1076, companyId: 1, company: 'Calaneon', event: 'Q2 2026 Earnings Call' }, at: 5 };
    const calls = groupNotes([live, questions])[0]!.calls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ eventId: 1076, audioId: 1025, date: '2026-07-31T14:00:00.000Z' });
    expect(calls[0]!.items.map((item) => item.id)).toEqual(['b-live', 'b-qa']);
  });

  it('names a company kept without a name by its id', () => {
    const nameless = { ...questions, call: { ...calaneonQ2, company: '' } };
    expect(groupNotes([nameless])[0]!.company).toBe('Company 1');
  });
});

describe('links that play an item', () => {
  it('rounds a clip outwards to tenths of a second, so it holds all of its sentences', () => {
    expect(clipParam(24.641, 29.662)).toBe('24.6-29.7');
    expect(clipParam(24.6, 31.3)).toBe('24.6-31.3');
    expect(clipUrl(`${ORIGIN}/`, 1025, 24.641, 31.21)).toBe('http://desk.example/recordings/1025?t=24.6-31.3');
  });

  it('links a moment in whole seconds, and an item without a recording to its event', () => {
    expect(momentUrl(ORIGIN, 1025, 93.5)).toBe('http://desk.example/recordings/1025?t=93');
    expect(itemUrl(ORIGIN, questions)).toBe('http://desk.example/recordings/1025?t=93');
    expect(itemUrl(ORIGIN, ceoQuote)).toBe('http://desk.example/recordings/1025?t=24.6-29.7');
    expect(itemUrl(ORIGIN, margins)).toBe('http://desk.example/events/1200');
  });
});

describe('notesToMarkdown', () => {
  it('writes a morning note: a heading per company and call, a bullet per moment with its time, speaker, quote, note and link', () => {
    expect(notesToMarkdown(items, { origin: ORIGIN })).toBe(
      [
        '# Notes from earnings calls',
        '',
        '## Bryrite',
        '',
        '### Q4 2026 Earnings Call (2026-11-05)',
        '',
        '- **1:01–1:10** “Margins held. Pricing stays firm.” [Play clip](http://desk.example/events/1200)',
        '  > \\- watch pricing',
        '',
        '## Calaneon',
        '',
        '### Q2 2026 Earnings Call (2026-07-31)',
        '',
        '- **0:10** [Listen](http://desk.example/recordings/1025?t=10)',
        '  > =HYPERLINK("http://x","y")',
        '- **0:24–0:29** Uma Zimmerli (Chief Executive Officer, Calaneon): “Data center revenue grew sixty eight percent, and it is now more than half of our sales.” [Play clip](http://desk.example/recordings/1025?t=24.6-29.7)',
        '  > Raise \\*guidance\\*?',
        '  > Check \\<capex\\> line',
        '- **1:33** [Listen](http://desk.example/recordings/1025?t=93)',
        '',
        '### Q1 2026 Earnings Call (2026-04-30)',
        '',
        '- **0:45** [Listen](http://desk.example/recordings/1000?t=45)',
        '',
      ].join('\n'),
    );
  });

  it('quotes a highlight spanning two speakers as two quotes, each naming its speaker, under one time and link', () => {
    const exchange: Highlight = {
      ...ceoQuote,
      id: 'h-exchange',
      start: 95.2,
      end: 112.8,
      quote: 'How durable is the data center demand? We see orders booked well into next year.',
      parts: [
        { speaker: 'Kim Ode (Analyst, Northbank)', text: 'How durable is the data center demand?', start: 95.2, end: 99.1 },
        { speaker: 'Uma Zimmerli (Chief Executive Officer, Calaneon)', text: 'We see orders booked\n well into   next year.', start: 99.8, end: 112.8 },
      ],
      note: 'Ask IR about *backlog*',
    };
    delete (exchange as Partial<Highlight>).speaker;
    expect(notesToMarkdown([exchange], { origin: ORIGIN })).toBe(
      [
        '# Notes from earnings calls',
        '',
        '## Calaneon',
        '',
        '### Q2 2026 Earnings Call (2026-07-31)',
        '',
        '- **1:35–1:52** [Play clip](http://desk.example/recordings/1025?t=95.2-112.8)',
        '  - Kim Ode (Analyst, Northbank): “How durable is the data center demand?”',
        '  - Uma Zimmerli (Chief Executive Officer, Calaneon): “We see orders booked well into next year.”',
        '  > Ask IR about \\*backlog\\*',
        '',
      ].join('\n'),
    );
    expect(notesToCsv([exchange], { origin: ORIGIN }).split('\r\n')[1]).toBe(
      'Calaneon,Q2 2026 Earnings Call,2026-07-31,highlight,1:35–1:52,95.2,112.8,"Kim Ode (Analyst, Northbank); Uma Zimmerli (Chief Executive Officer, Calaneon)",How durable is the data center demand? We see orders booked well into next year.,Ask IR about *backlog*,green,http://desk.example/recordings/1025?t=95.2-112.8',
    );
  });

  it('escapes Markdown in the title, names and quotes, and says when there is nothing', () => {
    const odd: Highlight = { ...margins, call: { ...bryriteQ4, company: 'A*B <Corp>', event: '#1 call' }, quote: 'Up **20%** <b>', note: '' };
    expect(notesToMarkdown([odd], { origin: ORIGIN, title: 'Notes_for_me' })).toBe(
      [
        '# Notes\\_for\\_me',
        '',
        '## A\\*B \\<Corp\\>',
        '',
        '### \\#1 call (2026-11-05)',
        '',
        '- **1:01–1:10** “Up \\*\\*20%\\*\\* \\<b\\>” [Play clip](http://desk.example/events/1200)',
        '',
      ].join('\n'),
    );
    expect(notesToMarkdown([], { origin: ORIGIN })).toBe('# Notes from earnings calls\n\nNo notes yet.\n');
  });
});

describe('a highlight’s speakers in the notes file', () => {
  it('keeps each speaker’s run of a two-speaker highlight, and still reads highlights kept before runs existed', () => {
    const parts = [
      { speaker: 'Kim Ode (Analyst, Northbank)', text: 'How durable is demand?', start: 95.2, end: 99.1 },
      { speaker: 'Uma Zimmerli (Chief Executive Officer, Calaneon)', text: 'Orders run into next year.', start: 99.8, end: 112.8 },
    ];
    const exchange: Highlight = { ...margins, id: 'h-two', parts };
    const read = parseNotesFile(JSON.stringify(notesFile([exchange, ceoQuote])));
    expect(read).toEqual({ ok: true, items: [exchange, ceoQuote] });
    const broken = parseNotesFile(JSON.stringify(notesFile([{ ...exchange, parts: [{ speaker: 'Kim Ode', text: 'Hi', start: -1, end: 2 }] }])));
    expect(broken.ok).toBe(false);
  });
});

describe('notesToCsv', () => {
  it('writes one row per item, grouped as in the Markdown, safe to open in a spreadsheet', () => {
    expect(notesToCsv(items, { origin: ORIGIN })).toBe(
      [
        'Company,Event,Date,Kind,Time,Start (s),End (s),Speaker,Quote,Note,Colour,Link',
        "Bryrite,Q4 2026 Earnings Call,2026-11-05,highlight,1:01–1:10,61.25,70.02,,Margins held. Pricing stays firm.,'- watch pricing,pink,http://desk.example/events/1200",
        // A note a spreadsheet would run as a formula is written as text; its quotation marks doubled.
        'Calaneon,Q2 2026 Earnings Call,2026-07-31,bookmark,0:10,10,,,,"\'=HYPERLINK(""http://x"",""y"")",,http://desk.example/recordings/1025?t=10',
        // A note's line break stays inside its quoted field.
        'Calaneon,Q2 2026 Earnings Call,2026-07-31,highlight,0:24–0:29,24.641,29.662,"Uma Zimmerli (Chief Executive Officer, Calaneon)","Data center revenue grew sixty eight percent, and it is now more than half of our sales.","Raise *guidance*?\nCheck <capex> line",green,http://desk.example/recordings/1025?t=24.6-29.7',
        'Calaneon,Q2 2026 Earnings Call,2026-07-31,bookmark,1:33,93.5,,,,,,http://desk.example/recordings/1025?t=93',
        'Calaneon,Q1 2026 Earnings Call,2026-04-30,bookmark,0:45,45.96,,,,,,http://desk.example/recordings/1000?t=45',
        '',
      ].join('\r\n'),
    );
  });

  it('writes just the header when there is nothing', () => {
    expect(notesToCsv([], { origin: ORIGIN })).toBe('Company,Event,Date,Kind,Time,Start (s),End (s),Speaker,Quote,Note,Colour,Link\r\n');
  });
});

describe('notesFileName', () => {
  it('names the files by the day', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(notesFileName(now, 'md')).toBe('Earnings Desk notes - 2026-11-23.md');
    expect(notesFileName(now, 'csv')).toBe('Earnings Desk notes - 2026-11-23.csv');
    expect(notesFileName(now, 'json')).toBe('Earnings Desk notes - 2026-11-23.json');
  });
});

describe('quotes', () => {
  const ana: TranscriptSpeaker = { id: 1, label: 'Ana Ruiz', detail: 'Chief Financial Officer, Acme', company: 'Acme', mapped: true, kind: 'executive' };
  const operator: TranscriptSpeaker = { id: 0, label: 'Operator', mapped: true, kind: 'operator' };
  // Ana speaks twice in a row (two paragraphs), then the operator.
  const transcript: Transcript = {
    mapped: true,
    speakers: [ana, operator],
    paragraphs: [
      {
        index: 0,
        speaker: ana,
        start: 10,
        end: 20.05,
        text: 'Revenue rose 5% <year> on year. Margins & cash "held".',
        sentences: [
          { index: 0, text: 'Revenue rose 5% <year> on year.', start: 10, end: 14.2 },
          { index: 1, text: 'Margins & cash "held".', start: 14.5, end: 20.05 },
        ],
      },
      { index: 1, speaker: ana, start: 20.5, end: 24, text: 'We stay cautious.', sentences: [{ index: 2, text: 'We stay cautious.', start: 20.5, end: 24 }] },
      {
        index: 2,
        speaker: operator,
        start: 25,
        end: 27.5,
        text: 'Next question, please.',
        sentences: [{ index: 3, text: 'Next question, please.', start: 25, end: 27.5 }],
      },
    ],
  };

  it('joins whole sentences, in either order of the range, with the first start and the last end', () => {
    expect(quoteOf(transcript, { first: 1, last: 0 })).toEqual({
      text: 'Revenue rose 5% <year> on year. Margins & cash "held".',
      speaker: 'Ana Ruiz (Chief Financial Officer, Acme)',
      start: 10,
      end: 20.05,
      sentences: 2,
    });
  });

  it('keeps the speaker across paragraphs when one person said it all, and drops it when two did', () => {
    expect(quoteOf(transcript, { first: 1, last: 2 })).toMatchObject({ speaker: 'Ana Ruiz (Chief Financial Officer, Acme)', start: 14.5, end: 24 });
    const both = quoteOf(transcript, { first: 1, last: 3 });
    // Each speaker's run of sentences, in the order spoken, so a note can name who said what.
    expect(both).toEqual({
      text: 'Margins & cash "held". We stay cautious. Next question, please.',
      start: 14.5,
      end: 27.5,
      sentences: 3,
      parts: [
        { speaker: 'Ana Ruiz (Chief Financial Officer, Acme)', text: 'Margins & cash "held". We stay cautious.', start: 14.5, end: 24 },
        { speaker: 'Operator', text: 'Next question, please.', start: 25, end: 27.5 },
      ],
    });
    expect(both).not.toHaveProperty('speaker', expect.anything());
  });

  it('is nothing outside the transcript', () => {
    expect(quoteOf(transcript, { first: 7, last: 9 })).toBeUndefined();
  });

  it('finds the sentences a kept range of time covers: each one whose middle lies inside it', () => {
    // Sentence 0's middle is 12.1 s, sentence 1's 17.275 s, sentence 2's 22.25 s.
    expect(sentencesIn(transcript, 14.5, 20.05)).toEqual({ first: 1, last: 1 });
    expect(sentencesIn(transcript, 12, 23)).toEqual({ first: 0, last: 2 });
    // A clip link rounds outwards (24.6 for 24.641): the sentences are the same.
    expect(sentencesIn(transcript, 9.9, 20.1)).toEqual({ first: 0, last: 1 });
    expect(sentencesIn(transcript, 30, 40)).toBeUndefined();
  });

  it('puts a quote on the clipboard as text, and as HTML with everything from the transcript escaped', () => {
    const call: NoteCall = { eventId: 7, audioId: 7, company: 'Acme & Co', event: 'Q3 2026 Earnings Call', date: '2026-10-29T21:00:00Z' };
    expect(callLine(call)).toBe('Acme & Co · Q3 2026 Earnings Call · Oct 29, 2026');
    const quote = quoteOf(transcript, { first: 0, last: 1 })!;
    const link = 'http://desk.example/recordings/7?t=10-20.1&from="notes"';
    expect(quoteClipboard(quote, call, link)).toEqual({
      text:
        '“Revenue rose 5% <year> on year. Margins & cash "held".”\n' +
        '— Ana Ruiz (Chief Financial Officer, Acme), Acme & Co · Q3 2026 Earnings Call · Oct 29, 2026, at 0:10–0:20\n' +
        'http://desk.example/recordings/7?t=10-20.1&from="notes"',
      html:
        '<blockquote><p>“Revenue rose 5% &lt;year&gt; on year. Margins &amp; cash &quot;held&quot;.”</p>' +
        '<footer>— Ana Ruiz (Chief Financial Officer, Acme), ' +
        '<a href="http://desk.example/recordings/7?t=10-20.1&amp;from=&quot;notes&quot;">Acme &amp; Co · Q3 2026 Earnings Call · Oct 29, 2026, at 0:10–0:20</a>' +
        '</footer></blockquote>',
    });
  });

  it('leaves the speaker out of the quote’s line when two people spoke, and the date when the call has none', () => {
    const quote = quoteOf(transcript, { first: 2, last: 3 })!;
    const { text } = quoteClipboard(quote, { eventId: 7, company: 'Acme', event: 'Q3 2026 Earnings Call' }, 'http://desk.example/events/7');
    expect(text).toBe('“We stay cautious. Next question, please.”\n— Acme · Q3 2026 Earnings Call, at 0:20–0:27\nhttp://desk.example/events/7');
  });
});

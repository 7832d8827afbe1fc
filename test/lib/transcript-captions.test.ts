/**
 * The transcript as captions (SRT and WebVTT) and the speakers/timestamps switches of every
 * export. Caption files are read back by the small parsers below, written for this test and
 * independent of the code under test, so what is checked is what a player would show and when.
 */
import { describe, expect, it } from 'vitest';
import {
  exportTranscript,
  parseTranscript,
  transcriptToMarkdown,
  transcriptToSrt,
  transcriptToText,
  transcriptToVtt,
  type Transcript,
} from '../../src/lib/transcript/index.ts';

function read(json: unknown): Transcript {
  const result = parseTranscript(json);
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

interface ParsedCue {
  start: number;
  end: number;
  text: string;
  voice?: string;
}

/** Whole milliseconds divided once, so 9.938 compares equal to the literal 9.938. */
const seconds = (h: string, m: string, s: string, ms: string) => (((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms)) / 1000;

/** SubRip as a player reads it: CRLF lines, numbered blocks, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, text lines. */
function parseSrt(file: string): ParsedCue[] {
  expect(file.replace(/\r\n/g, ''), 'every line ends in CRLF').not.toMatch(/[\r\n]/);
  expect(file.endsWith('\r\n')).toBe(true);
  return file
    .slice(0, -2)
    .split('\r\n\r\n')
    .map((block, i) => {
      const [number, timing, ...text] = block.split('\r\n');
      expect(number).toBe(String(i + 1));
      const match = /^(\d{2,}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2,}):(\d{2}):(\d{2}),(\d{3})$/.exec(timing ?? '');
      if (!match) throw new Error(`Not an SRT time line: ${timing}`);
      const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
      return { start: seconds(h1!, m1!, s1!, ms1!), end: seconds(h2!, m2!, s2!, ms2!), text: text.join('\n') };
    });
}

const unescapeVtt = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** WebVTT as a player reads it: the signature, NOTE blocks skipped, cues with an optional leading voice span. */
function parseVtt(file: string): { notes: string[]; cues: ParsedCue[] } {
  expect(file.startsWith('WEBVTT\n')).toBe(true);
  expect(file).not.toContain('\r');
  const [, ...blocks] = file.trimEnd().split('\n\n');
  const notes: string[] = [];
  const cues: ParsedCue[] = [];
  for (const block of blocks) {
    if (block.startsWith('NOTE')) {
      notes.push(block);
      continue;
    }
    const [timing, ...lines] = block.split('\n');
    const match = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/.exec(timing ?? '');
    if (!match) throw new Error(`Not a WebVTT time line: ${timing}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
    let text = lines.join('\n');
    // Markup left in the text would mean something was not escaped.
    const voice = /^<v ([^>]*)>/.exec(text);
    if (voice) text = text.slice(voice[0].length);
    expect(text).not.toMatch(/[<>]/);
    expect(text.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
    cues.push({
      start: seconds(h1!, m1!, s1!, ms1!),
      end: seconds(h2!, m2!, s2!, ms2!),
      text: unescapeVtt(text),
      ...(voice ? { voice: unescapeVtt(voice[1]!) } : {}),
    });
  }
  return { notes, cues };
}

/**
 * An operator (role only) opening before zero, a sentence with no length, a CEO with a sentence
 * too long for one caption that runs past the next one, `<` and `&` in the text, a blank
 * sentence, and an unmapped speaker more than an hour in.
 */
const call = read({
  speaker_mapping: [
    { speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'CEO', company: 'Acme' } },
    { speaker: 2, speaker_data: { name: null, role: 'Operator', company: null } },
  ],
  transcript: {
    paragraphs: [
      {
        speaker: 2,
        start: -0.4,
        sentences: [
          { text: 'Welcome to the call.', start: -0.4, end: 3.5 },
          { text: 'Please hold.', start: 3.5, end: 3.5 },
        ],
      },
      {
        speaker: 0,
        start: 5,
        sentences: [
          { text: 'Revenue rose twelve percent to one point two billion dollars, driven by strong demand in every region we serve.', start: 5, end: 12.5 },
          { text: 'Margins were < 40% & rising.', start: 12, end: 14 },
        ],
      },
      {
        speaker: 7,
        start: 3725,
        sentences: [
          { text: 'Thank you.', start: 3725, end: 3726.4 },
          { text: '   ', start: 3726.4, end: 3727 },
        ],
      },
    ],
  },
});

describe('SRT captions', () => {
  it('has one numbered cue per sentence, long ones split in two-line cues, never overlapping, the speaker before each paragraph', () => {
    const srt = transcriptToSrt(call, { speakers: true, timestamps: true });
    expect(parseSrt(srt)).toEqual([
      // Starts at zero, not before.
      { start: 0, end: 3.5, text: 'Operator: Welcome to the call.' },
      // No length in the file: shown for a second (reading time, at least one), well before the next sentence.
      { start: 3.5, end: 4.5, text: 'Please hold.' },
      // 112 spoken characters (a space each) over 5 s to 12 s (held to the next sentence's start, not 12.5):
      // the first cue's 72 take 4.5 s. The name is on the line but takes no time.
      { start: 5, end: 9.5, text: 'Ana Ruiz: Revenue rose twelve percent to\none point two billion dollars, driven by' },
      { start: 9.5, end: 12, text: 'strong demand in every region we serve.' },
      // SRT has no escaping: the text is as said.
      { start: 12, end: 14, text: 'Margins were < 40% & rising.' },
      // Over an hour; the blank sentence after it has no cue.
      { start: 3725, end: 3726.4, text: 'Speaker 1: Thank you.' },
    ]);
    expect(srt.split('\r\n').slice(0, 3)).toEqual(['1', '00:00:00,000 --> 00:00:03,500', 'Operator: Welcome to the call.']);
    expect(srt).toContain('\r\n6\r\n01:02:05,000 --> 01:02:06,400\r\n');
  });

  it('leaves the names out when speakers are off, and the timestamps switch does not apply', () => {
    const cues = parseSrt(transcriptToSrt(call, { speakers: false, timestamps: false }));
    expect(cues.map((cue) => cue.text)).toEqual([
      'Welcome to the call.',
      'Please hold.',
      'Revenue rose twelve percent to one point\ntwo billion dollars, driven by strong',
      'demand in every region we serve.',
      'Margins were < 40% & rising.',
      'Thank you.',
    ]);
    // Without the name the first line takes more words, so the split falls later: 79 of 112 characters, 4.9375 s.
    expect(cues[2]).toMatchObject({ start: 5, end: 9.938 });
    expect(cues[3]).toMatchObject({ start: 9.938, end: 12 });
  });

  it('is empty for a transcript with no text', () => {
    expect(transcriptToSrt(read({ transcript: { paragraphs: [] } }))).toBe('');
  });
});

describe('WebVTT captions', () => {
  it('starts WEBVTT with a note naming the call; each cue has its speaker as a voice and its text escaped', () => {
    const vtt = transcriptToVtt(call, { speakers: true, timestamps: true }, { title: 'Acme Q3 2026 Earnings Call', company: 'Acme', date: 'Nov 17, 2026' });
    const { notes, cues } = parseVtt(vtt);
    expect(notes).toEqual(['NOTE\nAcme Q3 2026 Earnings Call\nCompany: Acme\nDate: Nov 17, 2026']);
    expect(cues).toEqual([
      { start: 0, end: 3.5, voice: 'Operator', text: 'Welcome to the call.' },
      { start: 3.5, end: 4.5, voice: 'Operator', text: 'Please hold.' },
      { start: 5, end: 9.938, voice: 'Ana Ruiz', text: 'Revenue rose twelve percent to one point\ntwo billion dollars, driven by strong' },
      { start: 9.938, end: 12, voice: 'Ana Ruiz', text: 'demand in every region we serve.' },
      { start: 12, end: 14, voice: 'Ana Ruiz', text: 'Margins were < 40% & rising.' },
      { start: 3725, end: 3726.4, voice: 'Speaker 1', text: 'Thank you.' },
    ]);
    expect(vtt).toContain('\n\n00:00:12.000 --> 00:00:14.000\n<v Ana Ruiz>Margins were &lt; 40% &amp; rising.\n\n');
    expect(vtt).toContain('\n\n01:02:05.000 --> 01:02:06.400\n<v Speaker 1>Thank you.\n');
  });

  it('has no voices when speakers are off, and escapes a voice name and keeps arrows out of the note', () => {
    expect(parseVtt(transcriptToVtt(call, { speakers: false, timestamps: true })).cues.map((cue) => cue.voice)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const odd = read({
      speaker_mapping: [{ speaker: 1, speaker_data: { name: 'Lee & <Partners>', role: null, company: null } }],
      transcript: { paragraphs: [{ speaker: 1, start: 1, end: 2, text: 'Yes.' }] },
    });
    const vtt = transcriptToVtt(odd, { speakers: true, timestamps: true }, { title: 'Q3 --> Q4 ---> bridge' });
    expect(vtt).toBe('WEBVTT\n\nNOTE\nQ3 -> Q4 -> bridge\n\n00:00:01.000 --> 00:00:02.000\n<v Lee &amp; &lt;Partners&gt;>Yes.\n');
    expect(parseVtt(vtt).cues).toEqual([{ start: 1, end: 2, voice: 'Lee & <Partners>', text: 'Yes.' }]);
  });
});

describe('the speakers and timestamps switches in text and Markdown', () => {
  const short = read({
    speaker_mapping: [{ speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'CEO', company: 'Acme' } }],
    transcript: {
      paragraphs: [
        { speaker: 0, text: 'Revenue rose *12%*.', start: 75.4, end: 80 },
        { speaker: 3, text: 'Thank you.', start: 3725, end: 3730 },
      ],
    },
  });
  const heading = { title: 'Acme Q3 2026 Earnings Call', company: 'Acme' };

  it('text: each switch drops its part of the paragraph line; with both off, paragraphs stand alone', () => {
    expect(transcriptToText(short, heading)).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\n[1:15] Ana Ruiz (CEO, Acme)\nRevenue rose *12%*.\n\n[1:02:05] Speaker 1\nThank you.\n',
    );
    expect(transcriptToText(short, heading, { speakers: false, timestamps: true })).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\n[1:15]\nRevenue rose *12%*.\n\n[1:02:05]\nThank you.\n',
    );
    expect(transcriptToText(short, heading, { speakers: true, timestamps: false })).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\nAna Ruiz (CEO, Acme)\nRevenue rose *12%*.\n\nSpeaker 1\nThank you.\n',
    );
    expect(transcriptToText(short, heading, { speakers: false, timestamps: false })).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\nRevenue rose *12%*.\n\nThank you.\n',
    );
  });

  it('Markdown: the same, the bold line keeping what is left', () => {
    expect(transcriptToMarkdown(short, heading, { speakers: false, timestamps: true })).toBe(
      '# Acme Q3 2026 Earnings Call\n\n- **Company:** Acme\n\n**[1:15]**\n\nRevenue rose \\*12%\\*.\n\n**[1:02:05]**\n\nThank you.\n',
    );
    expect(transcriptToMarkdown(short, heading, { speakers: true, timestamps: false })).toBe(
      '# Acme Q3 2026 Earnings Call\n\n- **Company:** Acme\n\n**Ana Ruiz** _CEO, Acme_\n\nRevenue rose \\*12%\\*.\n\n**Speaker 1**\n\nThank you.\n',
    );
    expect(transcriptToMarkdown(short, heading, { speakers: false, timestamps: false })).toBe(
      '# Acme Q3 2026 Earnings Call\n\n- **Company:** Acme\n\nRevenue rose \\*12%\\*.\n\nThank you.\n',
    );
  });

  it('one switch from format to file', () => {
    const options = { speakers: false, timestamps: false };
    expect(exportTranscript('text', short, heading, options)).toBe(transcriptToText(short, heading, options));
    expect(exportTranscript('markdown', short, heading, options)).toBe(transcriptToMarkdown(short, heading, options));
    expect(exportTranscript('srt', short, heading, options)).toBe(
      '1\r\n00:01:15,400 --> 00:01:20,000\r\nRevenue rose *12%*.\r\n\r\n2\r\n01:02:05,000 --> 01:02:10,000\r\nThank you.\r\n',
    );
    expect(exportTranscript('vtt', short, heading, options)).toBe(
      'WEBVTT\n\nNOTE\nAcme Q3 2026 Earnings Call\nCompany: Acme\n\n00:01:15.400 --> 00:01:20.000\nRevenue rose *12%*.\n\n01:02:05.000 --> 01:02:10.000\nThank you.\n',
    );
  });
});

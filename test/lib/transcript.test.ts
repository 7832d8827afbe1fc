/**
 * The transcript model (src/lib/transcript), in Node as the server will use it: the file's
 * schema as tolerant as the service, paragraphs and sentences with times, the one speaker rule,
 * and a clear reason for a file that is not a transcript.
 */
import { describe, expect, it } from 'vitest';
import {
  escapeMarkdown,
  parseTranscript,
  parseTranscriptText,
  speakerLine,
  transcriptToMarkdown,
  transcriptToText,
  type Transcript,
} from '../../src/lib/transcript/index.ts';

function read(json: unknown): Transcript {
  const result = parseTranscript(json);
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

/** Paragraph speakers as one line each, in reading order. */
const speakerLines = (transcript: Transcript) => transcript.paragraphs.map((paragraph) => speakerLine(paragraph.speaker));

const paragraph = (speaker: number | null, start: number, text: string) => ({
  speaker,
  start,
  end: start + 4,
  text,
  sentences: [{ text, start, end: start + 4 }],
});

describe('speakers', () => {
  it('numbers the speakers of a raw transcript in the order they first speak, whatever their ids', () => {
    const transcript = read({
      transcript: {
        paragraphs: [
          paragraph(2, 0, 'Welcome.'),
          paragraph(0, 5, 'Thanks.'),
          paragraph(2, 10, 'First question.'),
          paragraph(1, 15, 'Margins?'),
          paragraph(0, 20, 'Up.'),
        ],
      },
    });
    expect(speakerLines(transcript)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 3', 'Speaker 2']);
    expect(transcript.speakers.map((speaker) => speaker.label)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3']);
    expect(transcript.speakers.map((speaker) => speaker.id)).toEqual([2, 0, 1]);
    expect(transcript.mapped).toBe(false);
  });

  it('names mapped speakers by name with role and company as detail, and by role alone when there is no name', () => {
    const transcript = read({
      speaker_mapping: [
        { speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'Chief Executive Officer', company: 'Acme' } },
        { speaker: 2, speaker_data: { name: null, role: 'Operator', company: null } },
      ],
      transcript: { paragraphs: [paragraph(2, 0, 'Welcome.'), paragraph(0, 5, 'Thanks.')] },
    });
    expect(transcript.paragraphs.map((p) => p.speaker)).toEqual([
      { id: 2, label: 'Operator', role: 'Operator', mapped: true, kind: 'operator' },
      { id: 0, label: 'Ana Ruiz', detail: 'Chief Executive Officer, Acme', role: 'Chief Executive Officer', company: 'Acme', mapped: true, kind: 'executive' },
    ]);
    expect(speakerLines(transcript)).toEqual(['Operator', 'Ana Ruiz (Chief Executive Officer, Acme)']);
    expect(transcript.mapped).toBe(true);
  });

  it('numbers speakers whose speaker_data is null, or whose name and role are null, among the unmapped', () => {
    const transcript = read({
      speaker_mapping: [
        { speaker: 0, speaker_data: null },
        { speaker: 1, speaker_data: { name: null, role: null, company: 'Bank of Examples' } },
        { speaker: 2, speaker_data: { name: 'Ben Okafor', role: null, company: null } },
        { speaker: 3, speaker_data: {} },
      ],
      transcript: { paragraphs: [paragraph(3, 0, 'Hello.'), paragraph(1, 5, 'A question.'), paragraph(0, 10, 'An answer.'), paragraph(2, 15, 'Thanks.')] },
    });
    expect(speakerLines(transcript)).toEqual(['Speaker 1', 'Speaker 2 (Bank of Examples)', 'Speaker 3', 'Ben Okafor']);
  });

  it('with a partial mapping, names the mapped and numbers the rest from 1', () => {
    const transcript = read({
      speaker_mapping: [{ speaker: 1, speaker_data: { name: 'Ana Ruiz', role: 'CFO', company: 'Acme' } }],
      transcript: { paragraphs: [paragraph(4, 0, 'Welcome.'), paragraph(1, 5, 'Thanks.'), paragraph(0, 10, 'Question.'), paragraph(4, 15, 'Next.')] },
    });
    expect(speakerLines(transcript)).toEqual(['Speaker 1', 'Ana Ruiz (CFO, Acme)', 'Speaker 2', 'Speaker 1']);
  });

  it('accepts speaker_mapping null; a paragraph without a speaker id takes its first sentence’s, else is an unknown speaker', () => {
    const transcript = read({
      speaker_mapping: null,
      transcript: {
        paragraphs: [
          { speaker: null, start: 0, end: 3, text: 'Hello.', sentences: [{ text: 'Hello.', start: 0, end: 3, speaker: 5 }] },
          { start: 4, end: 6, text: 'Who said this?', sentences: [{ text: 'Who said this?', start: 4, end: 6, speaker: null }] },
          paragraph(5, 7, 'Me again.'),
        ],
      },
    });
    expect(speakerLines(transcript)).toEqual(['Speaker 1', 'Unknown speaker', 'Speaker 1']);
  });
});

describe('paragraphs and sentences', () => {
  it('keeps times, numbers sentences across the transcript, and needs no words', () => {
    const transcript = read({
      transcript: {
        paragraphs: [
          {
            speaker: 0,
            text: 'Good morning. Welcome to the call.',
            start: 0.5,
            end: 6.2,
            sentences: [
              { text: 'Good morning.', start: 0.5, end: 1.9, speaker: 0 },
              { text: 'Welcome to the call.', start: 2.0, end: 6.2, speaker: 0 },
            ],
          },
          { speaker: 1, text: 'Thank you.', start: 7, end: 8, sentences: [{ text: 'Thank you.', start: 7, end: 8, speaker: 1 }] },
        ],
      },
    });
    expect(transcript.paragraphs).toEqual([
      {
        index: 0,
        speaker: { id: 0, label: 'Speaker 1', mapped: false, kind: 'unknown' },
        start: 0.5,
        end: 6.2,
        text: 'Good morning. Welcome to the call.',
        sentences: [
          { index: 0, text: 'Good morning.', start: 0.5, end: 1.9 },
          { index: 1, text: 'Welcome to the call.', start: 2.0, end: 6.2 },
        ],
      },
      {
        index: 1,
        speaker: { id: 1, label: 'Speaker 2', mapped: false, kind: 'unknown' },
        start: 7,
        end: 8,
        text: 'Thank you.',
        sentences: [{ index: 2, text: 'Thank you.', start: 7, end: 8 }],
      },
    ]);
  });

  it('reads a paragraph without sentences as one sentence, and one without text from its sentences', () => {
    const transcript = read({
      transcript: {
        paragraphs: [
          { speaker: 0, text: '  The first   question comes from Ben. ', start: 10, end: 14 },
          {
            speaker: 1,
            start: 15,
            sentences: [
              { text: 'How did margins develop?', start: 15, end: 17 },
              { text: 'And costs?', start: 17.5, end: 19 },
            ],
          },
          { speaker: 1, start: 20, end: 21, text: '', sentences: [] },
        ],
      },
    });
    expect(transcript.paragraphs.map(({ text, start, end, sentences }) => ({ text, start, end, sentences }))).toEqual([
      {
        text: 'The first question comes from Ben.',
        start: 10,
        end: 14,
        sentences: [{ index: 0, text: 'The first question comes from Ben.', start: 10, end: 14 }],
      },
      {
        text: 'How did margins develop? And costs?',
        start: 15,
        end: 19,
        sentences: [
          { index: 1, text: 'How did margins develop?', start: 15, end: 17 },
          { index: 2, text: 'And costs?', start: 17.5, end: 19 },
        ],
      },
    ]);
  });

  it('ignores what it does not need: words, versions, ids, extra fields', () => {
    const transcript = read({
      version: '2.1-raw',
      event_id: 7,
      company_id: 3,
      extra: true,
      transcript: {
        text: 'Hi.',
        number_of_speakers: 1,
        paragraphs: [
          { speaker: 0, text: 'Hi.', start: 1, end: 2, sentences: [{ text: 'Hi.', start: 1, end: 2, speaker: 0, words: [{ word: 'hi', start: 1, end: 2 }] }] },
        ],
      },
    });
    expect(transcript.paragraphs.map((p) => p.text)).toEqual(['Hi.']);
  });
});

describe('a file that is not a transcript', () => {
  it('is refused with the reason', () => {
    expect(parseTranscriptText('<!doctype html><p>Not found</p>')).toEqual({ ok: false, error: 'This file is not a transcript: it is not valid JSON.' });
    expect(parseTranscriptText('{"data": []}')).toEqual({ ok: false, error: 'This file is not a transcript: transcript: expected object, received undefined' });
    expect(parseTranscript({ transcript: { paragraphs: 'none' } })).toEqual({
      ok: false,
      error: 'This file is not a transcript: transcript.paragraphs: expected array, received string',
    });
    expect(parseTranscript({ transcript: { paragraphs: [{ speaker: 0, text: 'No time.' }] } })).toEqual({
      ok: false,
      error: 'This file is not a transcript: transcript.paragraphs[0].start: expected number, received undefined',
    });
    expect(parseTranscript({ speaker_mapping: [{ speaker: 'zero' }], transcript: { paragraphs: [] } })).toEqual({
      ok: false,
      error: 'This file is not a transcript: speaker_mapping[0].speaker: expected number, received string',
    });
  });
});

describe('exports', () => {
  it('exports plain text and Markdown with speakers and timestamps', () => {
    const transcript = read({
      speaker_mapping: [{ speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'CEO', company: 'Acme' } }],
      transcript: {
        paragraphs: [
          { speaker: 0, text: 'Revenue rose *12%* to $1.2 billion.', start: 75.4, end: 80 },
          { speaker: 3, text: '# Not a heading', start: 3725, end: 3730 },
        ],
      },
    });
    const heading = { title: 'Acme Q3 2026 Earnings Call', company: 'Acme', date: 'Nov 17, 2026', type: 'Transcript (Edited)' };
    expect(transcriptToText(transcript, heading)).toBe(
      [
        'Acme Q3 2026 Earnings Call',
        'Company: Acme',
        'Date: Nov 17, 2026',
        'Type: Transcript (Edited)',
        '',
        '[1:15] Ana Ruiz (CEO, Acme)',
        'Revenue rose *12%* to $1.2 billion.',
        '',
        '[1:02:05] Speaker 1',
        '# Not a heading',
        '',
      ].join('\n'),
    );
    expect(transcriptToMarkdown(transcript, heading)).toBe(
      [
        '# Acme Q3 2026 Earnings Call',
        '',
        '- **Company:** Acme',
        '- **Date:** Nov 17, 2026',
        '- **Type:** Transcript (Edited)',
        '',
        '**[1:15] Ana Ruiz** _CEO, Acme_',
        '',
        'Revenue rose \\*12%\\* to $1.2 billion.',
        '',
        '**[1:02:05] Speaker 1**',
        '',
        '\\# Not a heading',
        '',
      ].join('\n'),
    );
    expect(escapeMarkdown('- item')).toBe('\\- item');
  });
});

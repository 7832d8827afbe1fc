/**
 * The live transcript reader: a JSONL file that grows while the call is live, read into the one
 * Transcript model (paragraphs, sentences, speakers), with the Q&A start, refinements applied in
 * place and how the stream ended. Files are written out by hand here, line by line.
 */
import { describe, expect, it } from 'vitest';
import { findQuestions } from '../../src/lib/transcript/index.ts';
import { createLiveTranscriptReader, type LiveSnapshot } from '../../src/lib/transcript/live.ts';

const lines = (...records: (object | string)[]) => records.map((record) => (typeof record === 'string' ? record : JSON.stringify(record))).join('\n') + '\n';

function read(text: string): LiveSnapshot {
  const reader = createLiveTranscriptReader();
  reader.push(text);
  return reader.snapshot();
}

const paragraphs = (snapshot: LiveSnapshot) => snapshot.transcript.paragraphs.map((p) => [p.speaker.label, p.text]);
const sentences = (snapshot: LiveSnapshot) => snapshot.transcript.paragraphs.flatMap((p) => p.sentences.map((s) => [s.index, s.text]));

const START = { type: 'start', file_format_version: '1.7' };

describe('reading the records of a live file', () => {
  it('reads words into paragraphs and sentences with their times, and every other record type', () => {
    const snapshot = read(
      lines(
        START,
        { s: 0.5, e: 0.9, p: '1', t: 'Good', S: 'Operator', c: 0.98 },
        { s: 0.9, e: 1.4, p: '1', t: 'morning.', S: 'Operator' },
        { type: 'keep-alive' },
        { s: 2, e: 2.4, p: '2', t: 'Revenue', S: 'Ana Ruiz' },
        { s: 2.4, e: 2.8, p: '2', t: '[indiscernible]', S: 'Ana Ruiz', ot: 'grew' },
        { s: 2.8, e: 3.1, p: '2', t: 'strongly.', S: 'Ana Ruiz' },
        { type: 'interruption', time: 3.5, restarting: true },
        { type: 'something-new', value: 1 },
        { type: 'end', code: 0, user_reason: 'Call ended', system_reason: 'eos' },
      ),
    );
    expect(snapshot.version).toBe('1.7');
    expect(paragraphs(snapshot)).toEqual([
      ['Operator', 'Good morning.'],
      ['Ana Ruiz', 'Revenue [indiscernible] strongly.'],
    ]);
    const [first, second] = snapshot.transcript.paragraphs;
    expect([first!.start, first!.end, second!.start, second!.end]).toEqual([0.5, 1.4, 2, 3.1]);
    expect(snapshot.lastWordEnd).toBe(3.1);
    expect(snapshot.interruptions).toEqual([{ time: 3.5, restarting: true }]);
    expect(snapshot.end).toEqual({ code: 0, userReason: 'Call ended', systemReason: 'eos' });
  });

  it('reads times given as strings, and keys in any order and spacing', () => {
    const text =
      [
        '{"type":"start","file_format_version":"1.6"}',
        '{ "t" : "Hello." ,"p":"7", "e":"1.25","s":"0.75" }',
        '{"S":"S1","s":" 2 ","e":"2.5","p":"8","t":"Yes."}',
      ].join('\n') + '\n';
    const snapshot = read(text);
    expect(snapshot.version).toBe('1.6');
    const [first, second] = snapshot.transcript.paragraphs;
    expect([first!.start, first!.end, first!.text]).toEqual([0.75, 1.25, 'Hello.']);
    expect([second!.start, second!.end, second!.text]).toEqual([2, 2.5, 'Yes.']);
  });

  it('skips and counts malformed lines without throwing, and keeps reading', () => {
    const reader = createLiveTranscriptReader();
    reader.push(
      lines(
        START,
        '{"s":1,"e":1.5,"p":"1","t":"One."',
        'not json at all',
        '[1,2]',
        '42',
        { s: 'soon', e: 2, p: '1', t: 'Lost.' },
        { s: 3, e: 3.5, p: '1', t: 'Two.' },
      ),
    );
    expect(sentences(reader.snapshot())).toEqual([[0, 'Two.']]);
    expect(reader.stats()).toMatchObject({ lines: 7, malformed: 5 });
  });

  it('skips a line too long to be a record without holding it, and reads the next', () => {
    const reader = createLiveTranscriptReader();
    reader.push('{"s":1,"e":2,"p":"1","t":"' + 'x'.repeat(700_000));
    reader.push('y'.repeat(700_000));
    reader.push('z'.repeat(10) + '"}\n' + lines({ s: 3, e: 4, p: '1', t: 'Next.' }));
    expect(sentences(reader.snapshot())).toEqual([[0, 'Next.']]);
    expect(reader.stats()).toMatchObject({ lines: 2, malformed: 1 });
  });

  it('joins a punctuation token to the word before it', () => {
    const snapshot = read(
      lines(
        { s: 1, e: 1.2, p: '1', t: 'Thanks' },
        { s: 1.2, e: 1.25, p: '1', t: ',' },
        { s: 1.3, e: 1.5, p: '1', t: 'all' },
        { s: 1.5, e: 1.55, p: '1', t: '.' },
      ),
    );
    expect(sentences(snapshot)).toEqual([[0, 'Thanks, all.']]);
  });

  it('with no speaker labels at all, everyone is one "Unknown speaker"', () => {
    const snapshot = read(lines({ s: 1, e: 2, p: '1', t: 'One.' }, { s: 3, e: 4, p: '2', t: 'Two.' }));
    expect(paragraphs(snapshot)).toEqual([
      ['Unknown speaker', 'One.'],
      ['Unknown speaker', 'Two.'],
    ]);
    expect(snapshot.transcript.speakers.map((s) => [s.label, s.kind])).toEqual([['Unknown speaker', 'unknown']]);
  });

  it('reads the end record even when the file stops without a final newline, and its failure code', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines({ s: 1, e: 2, p: '1', t: 'One.' }) + '{"type":"end","code":"3","user_reason":"The live transcript was interrupted."}');
    expect(reader.snapshot().end).toEqual({ code: 3, userReason: 'The live transcript was interrupted.' });
  });
});

describe('chunks of the file as they arrive', () => {
  it('keeps a line split mid-way for the next chunk', () => {
    const reader = createLiveTranscriptReader();
    reader.push('{"s":1,"e":1.5,"p":"1","t":"Mar');
    expect(reader.snapshot().transcript.paragraphs).toEqual([]);
    reader.push('gins held."}\n{"s":2,');
    expect(sentences(reader.snapshot())).toEqual([[0, 'Margins held.']]);
    reader.push('"e":2.5,"p":"1","t":"Yes."}\n');
    expect(sentences(reader.snapshot())).toEqual([
      [0, 'Margins held.'],
      [1, 'Yes.'],
    ]);
  });

  it('decodes a character split between two byte chunks whole', () => {
    const bytes = new TextEncoder().encode(lines({ s: 1, e: 2, p: '1', t: 'Zürich café €5.' }));
    const euro = bytes.indexOf(0xe2); // the first of the euro sign's three bytes
    const reader = createLiveTranscriptReader();
    reader.pushBytes(bytes.subarray(0, euro + 1));
    reader.pushBytes(bytes.subarray(euro + 1, euro + 2));
    reader.pushBytes(bytes.subarray(euro + 2));
    expect(sentences(reader.snapshot())).toEqual([[0, 'Zürich café €5.']]);
  });

  it('keeps sentence indexes (and earlier paragraphs) as words are appended, and the snapshot while nothing changes', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines({ s: 1, e: 1.5, p: '1', t: 'First.', S: 'S1' }, { s: 1.6, e: 2, p: '1', t: 'Second', S: 'S1' }));
    const before = reader.snapshot();
    expect(sentences(before)).toEqual([
      [0, 'First.'],
      [1, 'Second'],
    ]);
    reader.push(lines({ type: 'keep-alive' }));
    expect(reader.snapshot()).toBe(before);
    reader.push(lines({ s: 2.1, e: 2.5, p: '1', t: 'one.', S: 'S1' }, { s: 3, e: 3.5, p: '2', t: 'Next', S: 'S2' }));
    const after = reader.snapshot();
    expect(after).not.toBe(before);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(sentences(after)).toEqual([
      [0, 'First.'],
      [1, 'Second one.'],
      [2, 'Next'],
    ]);
    reader.push(lines({ s: 4, e: 4.5, p: '2', t: 'paragraph.', S: 'S2' }));
    const later = reader.snapshot();
    expect(sentences(later)).toEqual([
      [0, 'First.'],
      [1, 'Second one.'],
      [2, 'Next paragraph.'],
    ]);
    // The first paragraph was not touched by the last line: the same object.
    expect(later.transcript.paragraphs[0]).toBe(after.transcript.paragraphs[0]);
  });

  it('places a word that arrives out of order at its time', () => {
    const snapshot = read(lines({ s: 1, e: 1.4, p: '1', t: 'One' }, { s: 2, e: 2.4, p: '1', t: 'three.' }, { s: 1.5, e: 1.9, p: '1', t: 'two' }));
    expect(sentences(snapshot)).toEqual([[0, 'One two three.']]);
  });
});

describe('refinements (1.7)', () => {
  const base = [
    START,
    { s: 10, e: 10.4, p: 'a', t: 'Revenue', S: 'S1' },
    { s: 10.4, e: 10.8, p: 'a', t: 'grue', S: 'S1' },
    { s: 10.8, e: 11.2, p: 'a', t: 'nicely.', S: 'S1' },
    { s: 11.5, e: 11.9, p: 'a', t: 'Margins', S: 'S1' },
    { s: 11.9, e: 12.3, p: 'a', t: 'held.', S: 'S1' },
  ];

  it('word-update replaces the word in place and marks its sentence with the revision', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines(...base));
    const before = reader.snapshot();
    reader.push(lines({ i: 'word-update', s: 10.402, rt: 'grew' }));
    const after = reader.snapshot();
    expect(sentences(after)).toEqual([
      [0, 'Revenue grew nicely.'],
      [1, 'Margins held.'],
    ]);
    expect([...after.changed]).toEqual([[0, after.revision]]);
    expect(after.revision).toBe(before.revision + 1);
  });

  it('splits a two-token entry: a delete and two inserts, in the same paragraph and speaker', () => {
    const reader = createLiveTranscriptReader();
    reader.push(
      lines(
        { s: 1, e: 1.5, p: 'a', t: 'Thank', S: 'Operator' },
        // The operator's last word ends just before the entry to split; the next word is well after it.
        { s: 1.5, e: 2.95, p: 'a', t: 'you.', S: 'Operator' },
        { s: 3, e: 3.8, p: 'b', t: 'Good morning', S: 'S1' },
        { s: 4.5, e: 4.9, p: 'b', t: 'everyone.', S: 'S1' },
        { i: 'word-delete', s: 3 },
        { i: 'word-insert', s: 3, e: 3.4, rt: 'Good' },
        { i: 'word-insert', s: 3.4, e: 3.8, rt: 'morning,' },
      ),
    );
    const snapshot = reader.snapshot();
    expect(paragraphs(snapshot)).toEqual([
      ['Operator', 'Thank you.'],
      ['Speaker 1', 'Good morning, everyone.'],
    ]);
    expect([...snapshot.changed.keys()]).toEqual([1]);
    // The inserted words are addressable like any other.
    reader.push(lines({ i: 'word-update', s: 3.4, rt: 'morning' }));
    expect(paragraphs(reader.snapshot())[1]).toEqual(['Speaker 1', 'Good morning everyone.']);
  });

  it('word-insert without a deleted twin takes the paragraph of the nearer neighbour in time', () => {
    const snapshot = read(
      lines(
        { s: 1, e: 2, p: 'a', t: 'Done.', S: 'S1' },
        { s: 5, e: 5.5, p: 'b', t: 'next', S: 'S2' },
        { s: 5.5, e: 6, p: 'b', t: 'one.', S: 'S2' },
        { i: 'word-insert', s: 4.6, e: 4.95, rt: 'The' },
      ),
    );
    expect(paragraphs(snapshot)).toEqual([
      ['Speaker 1', 'Done.'],
      ['Speaker 2', 'The next one.'],
    ]);
  });

  it('paragraph-insert starts a new paragraph at a word; paragraph-merge (s of the first, e of the second) joins them again', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines(...base, { i: 'paragraph-insert', s: 11.5 }));
    const split = reader.snapshot();
    expect(paragraphs(split)).toEqual([
      ['Speaker 1', 'Revenue grue nicely.'],
      ['Speaker 1', 'Margins held.'],
    ]);
    reader.push(lines({ i: 'paragraph-merge', s: 10, e: 12.3 }));
    expect(paragraphs(reader.snapshot())).toEqual([['Speaker 1', 'Revenue grue nicely. Margins held.']]);
  });

  it('paragraph-merge joins the paragraph after the one starting at s into it, and no further', () => {
    const snapshot = read(
      lines(
        { s: 1, e: 2, p: 'a', t: 'One.', S: 'S1' },
        { s: 2, e: 3, p: 'b', t: 'Two.', S: 'S1' },
        { s: 3, e: 4, p: 'b', t: 'Three.', S: 'S1' },
        { s: 4, e: 5, p: 'c', t: 'Four.', S: 'S1' },
        { i: 'paragraph-merge', s: '1.00', e: '4.00' },
      ),
    );
    expect(paragraphs(snapshot)).toEqual([
      ['Speaker 1', 'One. Two. Three.'],
      ['Speaker 1', 'Four.'],
    ]);
  });

  it('paragraph-merge without e joins the paragraph starting at s to the one before it', () => {
    const snapshot = read(lines({ s: 1, e: 2, p: 'a', t: 'One.', S: 'S1' }, { s: 2, e: 3, p: 'b', t: 'Two.', S: 'S1' }, { i: 'paragraph-merge', s: 2 }));
    expect(paragraphs(snapshot)).toEqual([['Speaker 1', 'One. Two.']]);
  });

  it('a file paragraph that begins mid-sentence continues the one before (a sentence is never cut under a repeated name); one that begins a sentence does not', () => {
    const snapshot = read(
      lines(
        { s: 1, e: 2, p: 'a', t: 'Our first question comes from Tobias Wren with', S: 'Operator' },
        { s: 2, e: 3, p: 'b', t: 'Ashcombe Rowe Securities.', S: 'Operator' },
        { s: 3, e: 4, p: 'c', t: 'Your line is open.', S: 'Operator' },
        { s: 4, e: 5, p: 'c', t: 'Thank', S: 'Tobias Wren' },
        { s: 5, e: 6, p: 'c', t: 'you.', S: 'Tobias Wren' },
      ),
    );
    expect(paragraphs(snapshot)).toEqual([
      ['Operator', 'Our first question comes from Tobias Wren with Ashcombe Rowe Securities.'],
      ['Operator', 'Your line is open.'],
      ['Tobias Wren', 'Thank you.'],
    ]);
  });

  it('a refinement whose address matches no word is ignored and counted', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines(...base));
    const before = reader.snapshot();
    reader.push(lines({ i: 'word-update', s: 10.41, rt: 'nope' }, { i: 'word-delete', s: 99 }, { i: 'paragraph-insert', s: 0 }));
    expect(reader.snapshot()).toBe(before);
    expect(reader.stats()).toMatchObject({ refinements: 0, unmatched: 3 });
  });

  it('a refinement earlier in the call renumbers only from there, and marks the right sentence', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines(...base, { s: 20, e: 20.5, p: 'b', t: 'Later.', S: 'S1' }));
    reader.push(lines({ i: 'word-update', s: 10.8, rt: 'nicely' }));
    const snapshot = reader.snapshot();
    expect(sentences(snapshot)).toEqual([
      [0, 'Revenue grue nicely Margins held.'],
      [1, 'Later.'],
    ]);
    expect([...snapshot.changed.keys()]).toEqual([0]);
  });
});

describe('the Q&A and the speakers', () => {
  const call = [
    START,
    { s: 1, e: 2, p: '1', t: 'Welcome.', S: 'Operator' },
    { s: 3, e: 4, p: '2', t: 'Results.', S: 'S1' },
    { s: 5, e: 6, p: '3', t: 'Outlook.', S: 'S2' },
    { s: 7, e: 8, p: '4', t: 'First question.', S: 'Operator' },
    { s: 9, e: 10, p: '5', t: 'Why?', S: 'S3' },
    { s: 11, e: 12, p: '6', t: 'Because.', S: 'S1' },
    { s: 13, e: 14, p: '7', t: 'And margins?', S: 'Priya Raman' },
    { s: 15, e: 16, p: '8', t: 'Stable.', S: 'S2' },
  ];

  it('names machine labels "Speaker N" in the order heard, keeps names, and the operator is the operator', () => {
    const snapshot = read(lines(...call));
    expect(snapshot.transcript.speakers.map((s) => [s.label, s.kind, s.mapped])).toEqual([
      ['Operator', 'operator', true],
      ['Speaker 1', 'unknown', false],
      ['Speaker 2', 'unknown', false],
      ['Speaker 3', 'unknown', false],
      ['Priya Raman', 'unknown', true],
    ]);
    expect(snapshot.qnaStart).toBeUndefined();
  });

  it('a late predicted-qna section makes those first heard after it analysts, and lists the questions', () => {
    const reader = createLiveTranscriptReader();
    reader.push(lines(...call));
    const before = reader.snapshot();
    reader.push(lines({ type: 'section', name: 'predicted-qna', s: 7 }));
    const snapshot = reader.snapshot();
    expect(snapshot).not.toBe(before);
    expect(snapshot.qnaStart).toBe(7);
    expect(snapshot.transcript.speakers.map((s) => [s.label, s.kind])).toEqual([
      ['Operator', 'operator'],
      ['Speaker 1', 'executive'],
      ['Speaker 2', 'executive'],
      ['Speaker 3', 'analyst'],
      ['Priya Raman', 'analyst'],
    ]);
    const questions = findQuestions(snapshot.transcript, { qna: snapshot.qnaStart! });
    expect(questions.map((q) => [q.number, q.asker, q.start, q.answeredBy.map((s) => s.label)])).toEqual([
      [1, 'Speaker 3', 9, ['Speaker 1']],
      [2, 'Priya Raman', 13, ['Speaker 2']],
    ]);
  });

  it('takes the Q&A start from predicted-speech ending when no predicted-qna comes', () => {
    const snapshot = read(lines({ type: 'section', name: 'predicted-speech', s: 0.5 }, ...call.slice(1), { type: 'section', name: 'predicted-speech', e: 7 }));
    expect(snapshot.qnaStart).toBe(7);
    expect(snapshot.transcript.speakers.find((s) => s.label === 'Speaker 3')?.kind).toBe('analyst');
  });

  it('prefers predicted-qna over predicted-speech, and ignores a speech section that ends before it starts', () => {
    expect(read(lines({ type: 'section', name: 'predicted-speech', e: 5 }, { type: 'section', name: 'predicted-qna', s: 7 })).qnaStart).toBe(7);
    expect(read(lines({ type: 'section', name: 'predicted-speech', s: 6, e: '6' })).qnaStart).toBeUndefined();
  });
});

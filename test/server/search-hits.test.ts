import { describe, expect, it } from 'vitest';
import { markedRanges, paragraphHit, phraseRuns } from '../../server/search/hits.ts';
import { MARK_END, MARK_START } from '../../server/search/store.ts';

const mark = (text: string) => text.replaceAll('[', MARK_START).replaceAll(']', MARK_END);
const body = 'Operating margin rose. Gross margin was sixty percent, a record. Thank you.';

describe('a matching passage as the reader sees it', () => {
  it('reads the highlighter’s marks as ranges of the text, and none when the copy differs', () => {
    expect(markedRanges(mark('Operating [margin] rose. [Gross] [margin] was sixty percent, a record. Thank you.'), body)).toEqual([
      [10, 16],
      [23, 28],
      [29, 35],
    ]);
    expect(markedRanges(mark('Something [else]'), body)).toEqual([]);
  });

  it('keeps only whole phrases when the search is made of phrases', () => {
    const ranges = markedRanges(mark('Operating [margin] rose. [Gross] [margin] was sixty percent, a record. Thank you.'), body);
    expect(phraseRuns(ranges, body, 2)).toEqual([
      [23, 28],
      [29, 35],
    ]);
    expect(phraseRuns(ranges, body, 1)).toEqual(ranges);
  });

  it('shows the sentences that match with their words marked, the sentence before and after as context', () => {
    const hit = paragraphHit(
      {
        transcriptId: 9,
        position: 4,
        speakerLabel: 'Ana Ruiz',
        speakerDetail: 'Chief Financial Officer, Acme',
        speakerKind: 'executive',
        start: 10,
        end: 20,
        body,
        sentences: [
          [0, 40, 10, 12],
          [23, 41, 12.5, 16],
          [65, 42, 16.5, 20],
        ],
        headline: mark('Operating [margin] rose. [Gross] [margin] was sixty percent, a record. Thank you.'),
      },
      2,
    );
    expect(hit).toEqual({
      paragraph: 4,
      speaker: { label: 'Ana Ruiz', detail: 'Chief Financial Officer, Acme', kind: 'executive' },
      start: 10,
      end: 20,
      sentences: [
        {
          index: 41,
          start: 12.5,
          end: 16,
          segments: [{ text: 'Gross', marked: true }, { text: ' ' }, { text: 'margin', marked: true }, { text: ' was sixty percent, a record.' }],
        },
      ],
      before: 'Operating margin rose.',
      after: 'Thank you.',
    });
  });
});

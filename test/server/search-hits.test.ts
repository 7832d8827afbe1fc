import { describe, expect, it } from 'vitest';
import { hitRanges, markedRanges, paragraphHit } from '../../server/search/hits.ts';
import { parseSearchQuery, type SearchTerm } from '../../src/lib/transcript-search/query.ts';
import { MARK_END, MARK_START } from '../../server/search/store.ts';

const mark = (text: string) => text.replaceAll('[', MARK_START).replaceAll(']', MARK_END);
function phrasesOf(q: string): SearchTerm[] {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.groups.flat().filter((term) => term.kind === 'phrase' && !term.exclude);
}

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
    const headline = mark('Operating [margin] rose. [Gross] [margin] was sixty percent, a record. Thank you.');
    const lexemes = new Map([
      ['gross', ['gross']],
      ['margin', ['margin']],
    ]);
    expect(hitRanges({ headline, body }, { phrases: phrasesOf('"gross margin"'), onlyPhrases: true, lexemes })).toEqual([[23, 35]]);
    // A word searched for as well: every place the highlighter marked stays marked.
    expect(hitRanges({ headline, body }, { phrases: phrasesOf('"gross margin"'), onlyPhrases: false, lexemes })).toEqual([
      [10, 16],
      [23, 35],
    ]);
  });

  it('shows the sentences that match with their words marked, the sentence before and after as context', () => {
    const hit = paragraphHit(
      {
        transcriptId: 9,
        position: 4,
        speakerLabel: 'Ana Ruiz',
        speakerDetail: 'Chief Financial Officer, Acme',
        speakerKind: 'executive',
        speakerRoles: ['cfo'],
        speakerCompany: 'Acme',
        section: 'qna',
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
      {
        phrases: phrasesOf('"gross margin"'),
        onlyPhrases: true,
        lexemes: new Map([
          ['gross', ['gross']],
          ['margin', ['margin']],
        ]),
      },
    );
    expect(hit).toEqual({
      paragraph: 4,
      speaker: { label: 'Ana Ruiz', detail: 'Chief Financial Officer, Acme', kind: 'executive', roles: ['cfo'], company: 'Acme' },
      section: 'qna',
      start: 10,
      end: 20,
      sentences: [
        {
          index: 41,
          start: 12.5,
          end: 16,
          segments: [{ text: 'Gross margin', marked: true }, { text: ' was sixty percent, a record.' }],
        },
      ],
      before: 'Operating margin rose.',
      after: 'Thank you.',
    });
  });
});

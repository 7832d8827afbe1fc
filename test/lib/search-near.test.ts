/** `word NEAR/n word`: read by the one query parser, matched by the live alerts' matcher and marked in a hit as the index finds it. */
import { describe, expect, it } from 'vitest';
import { hitRanges } from '../../server/search/hits.ts';
import { MARK_END, MARK_START } from '../../server/search/store.ts';
import { matchQuery } from '../../src/lib/transcript-search/match.ts';
import { placedWords } from '../../src/lib/transcript-search/positions.ts';
import { parseSearchQuery, parseTerm } from '../../src/lib/transcript-search/query.ts';
import { withWatchedTerm } from '../../src/lib/watched-terms.ts';

const parse = (text: string) => {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed;
};
const problem = (text: string) => {
  const parsed = parseSearchQuery(text);
  return parsed.ok ? undefined : parsed.problem;
};

describe('NEAR in the search syntax', () => {
  it('finds both sides at each distance up to n, in either order', () => {
    expect(parse('margin NEAR/2 guidance').tsquery).toBe(
      "('margin' & 'guidance' & ('margin' <1> 'guidance' | 'margin' <2> 'guidance' | 'guidance' <1> 'margin' | 'guidance' <2> 'margin'))",
    );
    expect(parse('tariffs margin NEAR/1 guidance -china').tsquery).toBe(
      "'tariffs' & ('margin' & 'guidance' & ('margin' <1> 'guidance' | 'guidance' <1> 'margin')) & !'china'",
    );
  });

  it('takes a "phrase" or a word* on either side', () => {
    expect(parse('"gross margin" NEAR/1 guid*').tsquery).toBe(
      "(('gross' <-> 'margin') & 'guid':* & (('gross' <-> 'margin') <1> 'guid':* | 'guid':* <1> ('gross' <-> 'margin')))",
    );
  });

  it('reads NEAR without /n as NEAR/10, and near in lower case as a word', () => {
    const plain = parse('margin NEAR guidance').tsquery;
    expect(plain).toBe(parse('margin NEAR/10 guidance').tsquery);
    expect(plain).toContain("'margin' <10> 'guidance'");
    expect(plain).not.toContain('<11>');
    expect(parse('margin near guidance').tsquery).toBe("'margin' & 'near' & 'guidance'");
  });

  it('lists both sides’ words as the words to look for', () => {
    expect(parse('"gross margin" NEAR/3 guidance').words).toEqual(['gross', 'margin', 'guidance']);
  });

  it('counts each side toward the most words and phrases in one search', () => {
    const pairs = Array.from({ length: 12 }, (_, i) => `a${i} NEAR/2 b${i}`);
    expect(problem(pairs.join(' '))).toBeUndefined();
    expect(problem([...pairs, 'c'].join(' '))).toBe('At most 24 words and phrases in one search.');
  });

  it.each([
    ['margin NEAR/0 guidance', 'NEAR/0 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR/51 guidance', 'NEAR/51 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR/x guidance', 'NEAR/x is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR/ guidance', 'NEAR/ is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR/2.5 guidance', 'NEAR/2.5 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    ['margin NEAR/5', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    ['margin NEAR/5 ...', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    ['NEAR/5 guidance', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    ['margin NEAR/5 NEAR/5 guidance', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    ['margin NEAR/3 guidance NEAR/3 outlook', 'One NEAR joins two words or phrases: margin NEAR/5 guidance. A chain (a NEAR b NEAR c) is not searched.'],
    ['margin OR cost NEAR/3 guidance', 'NEAR and OR cannot share a word: search margin NEAR/5 guidance and margin NEAR/5 outlook one at a time.'],
    ['margin NEAR/3 guidance OR outlook', 'NEAR and OR cannot share a word: search margin NEAR/5 guidance and margin NEAR/5 outlook one at a time.'],
    ['margin OR NEAR/3 guidance', 'NEAR and OR cannot share a word: search margin NEAR/5 guidance and margin NEAR/5 outlook one at a time.'],
    ['-china NEAR/3 tariffs', 'NEAR joins words to find, not ones left out: margin NEAR/5 guidance -china.'],
    ['tariffs NEAR/3 -china', 'NEAR joins words to find, not ones left out: margin NEAR/5 guidance -china.'],
  ])('explains what is wrong with %j', (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it('reads NEAR as a term’s word when counted as said', () => {
    expect(parseTerm('NEAR')).toEqual({ ok: true, q: '"NEAR"', tsquery: "'near'", words: ['near'] });
  });
});

describe('words placed as the index places them', () => {
  const positions = (text: string) => placedWords(text).map((word) => `${word.text}:${word.position}`);

  it('counts every word, a hyphenated word once more than its parts, and 3.5 or U.S. as one', () => {
    // What PostgreSQL's to_tsvector('english', …) gave for these: our 1, year-over-year 2, its parts 3–5, margin 6.
    expect(positions('Our year-over-year margin')).toEqual(['our:1', 'year:3', 'over:4', 'year:5', 'margin:6']);
    expect(positions('up 3.5% in the U.S. today')).toEqual(['up:1', '3:2', '5:2', 'in:3', 'the:4', 'u:5', 's:5', 'today:6']);
    // A part that starts with a digit is not a hyphenated word for the index: COVID, -19, related.
    expect(positions("COVID-19-related, it's")).toEqual(['covid:1', '19:2', 'related:3', 'it:4', 's:5']);
  });
});

describe('a sentence against a watched NEAR term', () => {
  const marked = (query: string, text: string) => {
    const ranges = matchQuery(parse(query).groups, text);
    return ranges && ranges.map(([from, to]) => text.slice(from, to));
  };

  it('matches both words within n in either order, common words counting, and marks both', () => {
    expect(marked('margin NEAR/5 guidance', 'We raised our margin guidance today.')).toEqual(['margin', 'guidance']);
    expect(marked('margin NEAR/5 guidance', 'Guidance for the full year margin is unchanged.')).toEqual(['Guidance', 'margin']);
    // margin 1 … guidance 6: five apart, and six with one more word between.
    expect(marked('margin NEAR/5 guidance', 'Margin is in line with guidance.')).toEqual(['Margin', 'guidance']);
    expect(marked('margin NEAR/5 guidance', 'Margin is broadly in line with guidance.')).toBeNull();
    expect(marked('margin NEAR/4 guidance', 'Margin is in line with guidance.')).toBeNull();
  });

  it('marks only the occurrences near each other, a plural as the word, a phrase whole', () => {
    expect(marked('margin NEAR/2 guidance', 'Margins rose. Over the quarter we kept our guidance and margins.')).toEqual(['guidance', 'margins']);
    expect(marked('"gross margin" NEAR/3 guid*', 'We guided gross margin higher.')).toEqual(['guided', 'gross margin']);
    expect(marked('"gross margin" NEAR/1 guid*', 'Gross margin was as guided.')).toBeNull();
  });

  it('needs two occurrences for a word near itself, and the rest of the query as well', () => {
    expect(marked('margin NEAR/3 margin', 'Margin, and more margin.')).toEqual(['Margin', 'margin']);
    expect(marked('margin NEAR/3 margin', 'Margin was flat.')).toBeNull();
    expect(marked('tariffs margin NEAR/3 guidance', 'Our margin guidance holds.')).toBeNull();
    expect(marked('margin NEAR/3 guidance -china', 'Our margin guidance in China holds.')).toBeNull();
  });

  it('counts a hyphenated word as the index does', () => {
    // guidance 1, year-over-year 2 (its parts 3–5), margin 6: five apart.
    expect(marked('guidance NEAR/5 margin', 'Guidance year-over-year margin.')).toEqual(['Guidance', 'margin']);
    expect(marked('guidance NEAR/4 margin', 'Guidance year-over-year margin.')).toBeNull();
  });
});

describe('a passage found by NEAR, marked', () => {
  const mark = (text: string) => text.replaceAll('[', MARK_START).replaceAll(']', MARK_END);
  const lexemes = new Map([
    ['margin', ['margin']],
    ['margins', ['margin']],
    ['guidance', ['guidanc']],
  ]);
  const near = (q: string) => parse(q).groups.flat();

  it('marks both sides where they stand near each other, not the same words elsewhere', () => {
    const body = 'Margins rose. Over the quarter we kept our guidance and margins.';
    // The highlighter marks every margin and guidance in the passage.
    const headline = mark('[Margins] rose. Over the quarter we kept our [guidance] and [margins].');
    expect(hitRanges({ headline, body }, { phrases: near('margin NEAR/2 guidance'), onlyPhrases: true, lexemes })).toEqual([
      [43, 51],
      [56, 63],
    ]);
  });

  it('keeps every mark of a word searched beside NEAR', () => {
    const body = 'Margins rose. We kept our guidance and margins, and pricing.';
    const headline = mark('[Margins] rose. We kept our [guidance] and [margins], and [pricing].');
    const phrases = near('margin NEAR/2 guidance pricing').filter((term) => term.kind !== 'word');
    expect(hitRanges({ headline, body }, { phrases, onlyPhrases: false, lexemes })).toEqual([
      [0, 7],
      [26, 34],
      [39, 46],
      [52, 59],
    ]);
  });
});

describe('a watched term with NEAR', () => {
  it('can be watched, and a bad distance is refused in words', () => {
    const added = withWatchedTerm([], { text: 'margin  NEAR/5 guidance', scope: 'all' }, { id: 't1', now: new Date('2026-11-21T12:00:00Z') });
    expect(added).toEqual({ ok: true, list: [{ id: 't1', text: 'margin NEAR/5 guidance', scope: 'all', addedAt: '2026-11-21T12:00:00.000Z' }] });
    expect(withWatchedTerm([], { text: 'margin NEAR/60 guidance', scope: 'all' })).toEqual({
      ok: false,
      problem: 'NEAR/60 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.',
    });
  });
});

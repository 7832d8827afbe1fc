import { describe, expect, it } from 'vitest';
import { parseSearchQuery, parseTerm } from '../../src/lib/transcript-search/query.ts';
import { speakerKind } from '../../src/lib/transcript/index.ts';

const tsquery = (text: string) => {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.tsquery;
};
const problem = (text: string) => {
  const parsed = parseSearchQuery(text);
  return parsed.ok ? undefined : parsed.problem;
};

describe('the search syntax', () => {
  it('needs every word, each as a quoted lexeme', () => {
    expect(tsquery('tariffs margin')).toBe("'tariffs' & 'margin'");
    expect(tsquery('  Gross   MARGIN ')).toBe("'gross' & 'margin'");
  });

  it('reads "phrases" as words next to each other, and words with inner punctuation as phrases', () => {
    expect(tsquery('"gross margin" guidance')).toBe("('gross' <-> 'margin') & 'guidance'");
    expect(tsquery('year-over-year')).toBe("('year' <-> 'over' <-> 'year')");
    expect(tsquery('“free cash flow”')).toBe("('free' <-> 'cash' <-> 'flow')");
  });

  it('binds OR to the words on each side of it', () => {
    expect(tsquery('tariffs OR duties china')).toBe("('tariffs' | 'duties') & 'china'");
    expect(tsquery('buyback OR dividend OR "special distribution"')).toBe("('buyback' | 'dividend' | ('special' <-> 'distribution'))");
    // "or" in lower case is a word like any other (a common one, dropped by the index).
    expect(tsquery('margin or pricing')).toBe("'margin' & 'or' & 'pricing'");
  });

  it('leaves out -words and -"phrases", and reads word* as a prefix', () => {
    expect(tsquery('demand -europe -"north america"')).toBe("'demand' & !'europe' & !('north' <-> 'america')");
    expect(tsquery('guid*')).toBe("'guid':*");
    expect(tsquery('"gross marg"*')).toBe("('gross' <-> 'marg':*)");
  });

  it('cannot be made to say anything but words: quotes and operators inside words are dropped', () => {
    expect(tsquery("company's")).toBe("('company' <-> 's')");
    expect(tsquery('50/50 3.5% U.S.')).toBe("('50' <-> '50') & ('3' <-> '5') & ('u' <-> 's')");
    expect(tsquery('margin!')).toBe("'margin'");
  });

  it.each([
    ['', 'Type a word or a phrase to search for.'],
    ['   ', 'Type a word or a phrase to search for.'],
    ['"gross margin', 'A quotation mark is not closed: end the phrase with " or remove it.'],
    ['""', 'An empty phrase finds nothing: put words between the quotation marks.'],
    ['-china', 'Say what to find as well: -word only leaves out what mentions it.'],
    ['OR tariffs', 'OR needs a word or a phrase on each side: tariffs OR duties.'],
    ['tariffs OR', 'OR needs a word or a phrase on each side: tariffs OR duties.'],
    ['tariffs OR OR duties', 'OR needs a word or a phrase on each side: tariffs OR duties.'],
    ['tariffs OR -duties', 'OR needs a word or a phrase on each side: tariffs OR duties.'],
    ['*', '* goes at the end of a word: tariff* finds tariff, tariffs and tariffed.'],
    ['ta*riff', '* goes at the end of a word: tariff* finds tariff, tariffs and tariffed.'],
    ["margin'; drop table x", '“;” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.'],
    ['(margin)', 'Brackets have no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.'],
    ['margin & pricing', '“&” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.'],
    ['a\\b', '“\\” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.'],
    ['x'.repeat(501), 'The search is 501 characters long; at most 500 are searched. Shorten it.'],
    [Array.from({ length: 25 }, (_, i) => `w${i}`).join(' '), 'At most 24 words and phrases in one search.'],
    ['... %', 'Type a word or a phrase to search for: punctuation alone finds nothing.'],
  ])('explains what is wrong with %j', (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it('lists the words to look for, excluded ones left out', () => {
    const parsed = parseSearchQuery('"gross margin" OR pricing -china');
    expect(parsed.ok && parsed.words).toEqual(['gross', 'margin', 'pricing']);
  });
});

describe('a term as the search that finds it', () => {
  it.each([
    ['tariffs', 'tariffs', "'tariffs'"],
    ['  data   center ', '"data center"', "('data' <-> 'center')"],
    ['Free Cash Flow', '"Free Cash Flow"', "('free' <-> 'cash' <-> 'flow')"],
    ['year-on-year', 'year-on-year', "('year' <-> 'on' <-> 'year')"],
    ['-china', '"-china"', "'china'"],
    ['OR', '"OR"', "'or'"],
    ['tariffs OR duties', '"tariffs OR duties"', "('tariffs' <-> 'or' <-> 'duties')"],
  ])('reads %j as its words in a row: q %s', (term, q, expected) => {
    expect(parseTerm(term)).toEqual({ ok: true, q, tsquery: expected, words: expect.any(Array) });
  });

  it.each([
    ['"gross margin"', '“"gross margin"” is not a term: a term is words as said, without quotation marks or *.'],
    ['guid*', '“guid*” is not a term: a term is words as said, without quotation marks or *.'],
    ['...', '“...” is not a term: it has no word in it.'],
    ['margin;', '“;” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.'],
  ])('refuses %j', (term, problem) => {
    expect(parseTerm(term)).toEqual({ ok: false, problem });
  });
});

describe('which side a speaker is on', () => {
  it.each([
    ['Chief Executive Officer', 'executive'],
    ['Chief Financial Officer', 'executive'],
    ['Head of Investor Relations', 'executive'],
    ['President and COO', 'executive'],
    ['Analyst', 'analyst'],
    ['Equity Research Analyst', 'analyst'],
    ['Operator', 'operator'],
    ['Conference Operator', 'operator'],
    ['', 'unknown'],
    [null, 'unknown'],
    ['Guest', 'unknown'],
  ])('%j is %s', (role, kind) => {
    expect(speakerKind(role)).toBe(kind);
  });
});

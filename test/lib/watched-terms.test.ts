/** Watched terms: matching a sentence as the search syntax reads it, and the stored list with its limits. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchQuery } from '../../src/lib/transcript-search/match.ts';
import { parseSearchQuery } from '../../src/lib/transcript-search/query.ts';
import {
  addWatchedTerm,
  editWatchedTerm,
  getWatchedTerms,
  parseWatchedTerms,
  removeWatchedTerm,
  resetWatchedTermsCache,
  withEditedTerm,
  withWatchedTerm,
  type WatchedTerm,
} from '../../src/lib/watched-terms.ts';

/** The parts of `text` a query marks, or null when the sentence does not match. */
function marked(query: string, text: string): string[] | null {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.problem);
  const ranges = matchQuery(parsed.groups, text);
  return ranges && ranges.map(([from, to]) => text.slice(from, to));
}

describe('a sentence against a watched term', () => {
  it('finds a word in any case, its plural, and not inside another word', () => {
    expect(marked('tariffs', 'New Tariffs on steel.')).toEqual(['Tariffs']);
    expect(marked('tariff', 'The tariffs hit us.')).toEqual(['tariffs']);
    expect(marked('tariffs', 'One tariff, then another TARIFF.')).toEqual(['tariff', 'TARIFF']);
    expect(marked('duty', 'Import duties rose.')).toEqual(['duties']);
    expect(marked('tax', 'Lower taxes helped.')).toEqual(['taxes']);
    expect(marked('tariff', 'Our tariffication plan.')).toBeNull();
    expect(marked('margin', 'Margins were flat.')).toEqual(['Margins']);
  });

  it('finds a phrase only as its words next to each other, in order, whatever punctuation stands between', () => {
    expect(marked('"gross margin"', 'Our gross margin expanded.')).toEqual(['gross margin']);
    expect(marked('"gross margin"', 'Gross, margin and more.')).toEqual(['Gross, margin']);
    expect(marked('"gross margin"', 'Margin was gross.')).toBeNull();
    expect(marked('"gross margin"', 'Gross profit and operating margin.')).toBeNull();
    // Words without quotes: both, anywhere in the sentence.
    expect(marked('gross margin', 'Margin was gross.')).toEqual(['Margin', 'gross']);
    expect(marked('gross margin', 'Gross profit rose.')).toBeNull();
  });

  it('reads punctuation inside words as the search does', () => {
    expect(marked('"U.S. tariffs"', 'New u.s. tariffs, again.')).toEqual(['u.s. tariffs']);
    expect(marked('"year-on-year"', 'Up 4% year on year.')).toEqual(['year on year']);
    expect(marked('guid*', 'We raised our guidance.')).toEqual(['guidance']);
  });

  it('keeps OR, and -word leaves the sentence out', () => {
    expect(marked('tariffs OR duties', 'Duties went up.')).toEqual(['Duties']);
    expect(marked('tariffs -china', 'Tariffs on China.')).toBeNull();
    expect(marked('tariffs -china', 'Tariffs on Mexico.')).toEqual(['Tariffs']);
  });
});

describe('the list', () => {
  const NOW = new Date('2026-11-21T12:00:00.000Z');

  it('adds a term with its scope, once, and says why one cannot be watched', () => {
    const added = withWatchedTerm([], { text: '  "gross   margin" ', scope: 'all' }, { now: NOW, id: 't1' });
    expect(added).toEqual({ ok: true, list: [{ id: 't1', text: '"gross margin"', scope: 'all', addedAt: '2026-11-21T12:00:00.000Z' }] });
    const list = added.ok ? added.list : [];
    expect(withWatchedTerm(list, { text: '"Gross margin"', scope: 'all' })).toEqual({ ok: false, problem: '“"Gross margin"” is already watched.' });
    // The same words for the watchlist only are another term.
    expect(withWatchedTerm(list, { text: '"gross margin"', scope: 'watchlist' }).ok).toBe(true);
    expect(withWatchedTerm(list, { text: '   ', scope: 'all' })).toEqual({ ok: false, problem: 'Type a word or a "phrase" to watch for.' });
    expect(withWatchedTerm(list, { text: '"gross margin', scope: 'all' })).toEqual({
      ok: false,
      problem: 'A quotation mark is not closed: end the phrase with " or remove it.',
    });
    expect(withWatchedTerm(list, { text: 'x'.repeat(101), scope: 'all' })).toEqual({
      ok: false,
      problem: 'A watched term is at most 100 characters (this one has 101). Shorten it, or watch its key words.',
    });
  });

  it('holds at most 30 terms', () => {
    let list: readonly WatchedTerm[] = [];
    for (let i = 0; i < 30; i++) {
      const change = withWatchedTerm(list, { text: `word${i}`, scope: 'all' }, { id: `t${i}` });
      if (change.ok) list = change.list;
    }
    expect(list).toHaveLength(30);
    expect(withWatchedTerm(list, { text: 'one more', scope: 'all' })).toEqual({ ok: false, problem: 'At most 30 watched terms: remove one to add another.' });
  });

  it('edits the words and scope of a term, keeping its id', () => {
    const list = [{ id: 't1', text: 'tariffs', scope: 'watchlist', addedAt: '2026-11-21T12:00:00.000Z' }] as const;
    expect(withEditedTerm(list, 't1', { text: 'duties', scope: 'all' })).toEqual({
      ok: true,
      list: [{ id: 't1', text: 'duties', scope: 'all', addedAt: '2026-11-21T12:00:00.000Z' }],
    });
    expect(withEditedTerm(list, 't1', { text: '(duties)', scope: 'all' }).ok).toBe(false);
  });

  it('reads what is stored, keeping only well-formed, usable terms', () => {
    expect(parseWatchedTerms(null)).toEqual([]);
    expect(parseWatchedTerms('not json')).toEqual([]);
    expect(parseWatchedTerms('{"text":"x"}')).toEqual([]);
    const raw = JSON.stringify([
      { id: 'a', text: 'tariffs', scope: 'all', addedAt: '2026-11-01T00:00:00.000Z' },
      { id: 'b', text: 'margin', scope: 'everything' },
      { id: 'c', text: '"unclosed', scope: 'all' },
      { id: 'a', text: 'again', scope: 'all' },
      { id: 'd', text: 'TARIFFS', scope: 'all' },
      { id: 'e', text: 'duties', scope: 'watchlist', addedAt: 'yesterday' },
      'junk',
    ]);
    expect(parseWatchedTerms(raw)).toEqual([
      { id: 'a', text: 'tariffs', scope: 'all', addedAt: '2026-11-01T00:00:00.000Z' },
      { id: 'e', text: 'duties', scope: 'watchlist', addedAt: '1970-01-01T00:00:00.000Z' },
    ]);
  });

  describe('in localStorage', () => {
    let stored: Map<string, string>;
    beforeEach(() => {
      stored = new Map();
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      });
      resetWatchedTermsCache();
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      resetWatchedTermsCache();
    });

    it('adds, edits and removes under its key; a problem changes nothing', () => {
      expect(addWatchedTerm({ text: 'tariffs', scope: 'watchlist' }, NOW)).toBeUndefined();
      const id = getWatchedTerms()[0]!.id;
      expect(addWatchedTerm({ text: 'tariffs;', scope: 'watchlist' }, NOW)).toBe(
        '“;” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.',
      );
      expect(editWatchedTerm(id, { text: '"steel tariffs"', scope: 'all' })).toBeUndefined();
      resetWatchedTermsCache();
      expect(getWatchedTerms()).toEqual([{ id, text: '"steel tariffs"', scope: 'all', addedAt: '2026-11-21T12:00:00.000Z' }]);
      expect(JSON.parse(stored.get('earnings-desk.watched-terms.v1')!)).toEqual([
        { id, text: '"steel tariffs"', scope: 'all', addedAt: '2026-11-21T12:00:00.000Z' },
      ]);
      removeWatchedTerm(id);
      expect(stored.get('earnings-desk.watched-terms.v1')).toBe('[]');
    });
  });
});

/** Saved searches: the pure list functions, what is stored, and the search's address. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getSavedSearches,
  markSearchOpened,
  newHitsSince,
  parseSavedSearches,
  removeSavedSearch,
  renameSavedSearch,
  setSearchWatchedLive,
  resetSavedSearchesCache,
  saveSearch,
  withOpenedSearch,
  withoutSavedSearch,
  withRenamedSearch,
  withSavedSearch,
  type SavedSearch,
} from '../../src/lib/transcript-search/saved.ts';
import { defaultParseSearch } from '@tanstack/react-router';
import { searchHref, searchParamsFor } from '../../src/lib/transcript-search/address.ts';

const MONDAY = new Date('2026-11-16T09:00:00.000Z');
const FRIDAY = new Date('2026-11-20T17:30:00.000Z');

describe('the list', () => {
  it('saves a search first, named after its words, opened now with the hits it had', () => {
    const older: SavedSearch = {
      id: '/search?q=margin',
      name: 'margin',
      params: { q: 'margin' },
      savedAt: '2026-10-01T00:00:00.000Z',
      lastOpenedAt: '2026-10-01T00:00:00.000Z',
      hits: 3,
      watchLive: false,
    };
    const list = withSavedSearch([older], { params: { q: '  tariffs  ', companyIds: [40, 12] }, totals: { hits: 17, calls: 5 } }, MONDAY);
    expect(list).toEqual([
      {
        id: '/search?q=tariffs&companyIds=12%2C40',
        name: 'tariffs',
        params: { q: 'tariffs', companyIds: [40, 12] },
        savedAt: '2026-11-16T09:00:00.000Z',
        lastOpenedAt: '2026-11-16T09:00:00.000Z',
        hits: 17,
        watchLive: false,
      },
      older,
    ]);
  });

  it('keeps one entry for the same search, whatever the order of its lists; a new name renames it', () => {
    const once = withSavedSearch([], { params: { q: 'tariffs', countries: ['US', 'GB'] }, totals: { hits: 4 } }, MONDAY);
    const again = withSavedSearch(once, { params: { q: 'tariffs', countries: ['GB', 'US'] }, totals: { hits: 9 } }, FRIDAY);
    expect(again).toBe(once);
    const renamed = withSavedSearch(once, { params: { q: 'tariffs', countries: ['GB', 'US'] }, name: 'Tariffs, US and UK' }, FRIDAY);
    expect(renamed).toHaveLength(1);
    expect(renamed[0]).toMatchObject({ name: 'Tariffs, US and UK', hits: 4, lastOpenedAt: '2026-11-16T09:00:00.000Z' });
  });

  it('refuses a search without words', () => {
    const list = withSavedSearch([], { params: { q: '   ' } }, MONDAY);
    expect(list).toEqual([]);
  });

  it('marks a search opened with what it finds now, keeping the old count when the new one is unknown', () => {
    const list = withSavedSearch([], { params: { q: 'tariffs' }, totals: { hits: 10 } }, MONDAY);
    const opened = withOpenedSearch(list, list[0]!.id, { hits: 14 }, FRIDAY);
    expect(opened[0]).toMatchObject({ lastOpenedAt: '2026-11-20T17:30:00.000Z', hits: 14, savedAt: '2026-11-16T09:00:00.000Z' });
    const unknown = withOpenedSearch(opened, list[0]!.id, undefined, new Date('2026-11-21T08:00:00.000Z'));
    expect(unknown[0]).toMatchObject({ lastOpenedAt: '2026-11-21T08:00:00.000Z', hits: 14 });
  });

  it('renames (an empty name goes back to the words) and removes', () => {
    const list = withSavedSearch([], { params: { q: '"gross margin"' } }, MONDAY);
    const id = list[0]!.id;
    expect(withRenamedSearch(list, id, '  Margin   talk ')[0]!.name).toBe('Margin talk');
    expect(withRenamedSearch(list, id, '   ')[0]!.name).toBe('"gross margin"');
    expect(withoutSavedSearch(list, id)).toEqual([]);
    expect(withoutSavedSearch(list, 'not saved')).toBe(list);
  });

  it('counts new hits from the count when last opened', () => {
    expect(newHitsSince({ hits: 10 }, 13)).toBe(3);
    expect(newHitsSince({ hits: 10 }, 10)).toBe(0);
    // Fewer than before (an index being rebuilt) is not "new".
    expect(newHitsSince({ hits: 10 }, 7)).toBe(0);
    expect(newHitsSince({ hits: null }, 7)).toBeNull();
    expect(newHitsSince({ hits: 10 }, undefined)).toBeNull();
  });
});

describe('what is stored', () => {
  it('reads a damaged value as no saved searches', () => {
    expect(parseSavedSearches(null)).toEqual([]);
    expect(parseSavedSearches('not json')).toEqual([]);
    expect(parseSavedSearches('{"q":"tariffs"}')).toEqual([]);
  });

  it('keeps well-formed entries and fields only, once each', () => {
    const raw = JSON.stringify([
      {
        name: 'Tariffs',
        params: {
          q: 'tariffs',
          companyIds: [12, -1, 'x', 12.5],
          countries: ['us', 'USA'],
          speakers: ['executive', 'ceo'],
          from: '2026-01-01',
          to: 'soon',
          sort: 'date',
        },
        savedAt: '2026-11-01T10:00:00.000Z',
        lastOpenedAt: 'yesterday',
        hits: 5,
      },
      { name: 'No words', params: { q: '' } },
      { name: 'The same again', params: { q: 'tariffs', companyIds: [12], countries: ['US'], speakers: ['executive'], from: '2026-01-01', sort: 'date' } },
      { params: { q: 'duties', watchlist: true }, hits: -2 },
      'junk',
    ]);
    expect(parseSavedSearches(raw)).toEqual([
      {
        id: '/search?q=tariffs&companyIds=12&countries=US&speakers=executive&from=2026-01-01&sort=date',
        name: 'Tariffs',
        params: { q: 'tariffs', companyIds: [12], countries: ['US'], speakers: ['executive'], from: '2026-01-01', sort: 'date' },
        savedAt: '2026-11-01T10:00:00.000Z',
        lastOpenedAt: '2026-11-01T10:00:00.000Z',
        hits: 5,
        watchLive: false,
      },
      {
        id: '/search?q=duties&watchlist=1',
        name: 'duties',
        params: { q: 'duties', watchlist: true },
        savedAt: '1970-01-01T00:00:00.000Z',
        lastOpenedAt: '1970-01-01T00:00:00.000Z',
        hits: null,
        watchLive: false,
      },
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
      resetSavedSearchesCache();
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      resetSavedSearchesCache();
    });

    it('saves, marks opened, renames and removes under its key', () => {
      const saved = saveSearch({ params: { q: 'tariffs', eventIds: [802] }, totals: { hits: 2 } }, MONDAY);
      expect(saved?.id).toBe('/search?q=tariffs&eventIds=802');
      expect(JSON.parse(stored.get('earnings-desk.saved-searches.v1')!)).toEqual([
        {
          id: '/search?q=tariffs&eventIds=802',
          name: 'tariffs',
          params: { q: 'tariffs', eventIds: [802] },
          savedAt: '2026-11-16T09:00:00.000Z',
          lastOpenedAt: '2026-11-16T09:00:00.000Z',
          hits: 2,
          watchLive: false,
        },
      ]);

      markSearchOpened('/search?q=tariffs&eventIds=802', { hits: 6 }, FRIDAY);
      renameSavedSearch('/search?q=tariffs&eventIds=802', 'Tariffs on the Q3 call');
      // "Alert me when a live call says this", kept with the search.
      setSearchWatchedLive('/search?q=tariffs&eventIds=802', true);
      // Another tab's copy: what is stored, read afresh.
      resetSavedSearchesCache();
      expect(getSavedSearches()).toEqual([
        {
          id: '/search?q=tariffs&eventIds=802',
          name: 'Tariffs on the Q3 call',
          params: { q: 'tariffs', eventIds: [802] },
          savedAt: '2026-11-16T09:00:00.000Z',
          lastOpenedAt: '2026-11-20T17:30:00.000Z',
          hits: 6,
          watchLive: true,
        },
      ]);

      removeSavedSearch('/search?q=tariffs&eventIds=802');
      expect(stored.get('earnings-desk.saved-searches.v1')).toBe('[]');
    });
  });
});

describe('the address', () => {
  it('is written as the router writes a link: lists comma-joined, a lone id as a number, defaults left out', () => {
    expect(searchHref({ q: 'tariffs' })).toBe('/search?q=tariffs');
    expect(
      searchHref({
        q: 'gross margin',
        companyIds: [12],
        countries: ['US', 'GB'],
        from: '2026-01-01',
        to: '2026-06-30',
        speakers: ['executive', 'analyst'],
        sort: 'date',
        watchlist: true,
      }),
    ).toBe('/search?q=gross+margin&companyIds=12&countries=US%2CGB&speakers=executive%2Canalyst&from=2026-01-01&to=2026-06-30&sort=date&watchlist=1');
    expect(searchHref({ q: 'tariffs', typeIds: [26, 27], eventIds: [802], sort: 'relevance' })).toBe('/search?q=tariffs&typeIds=26%2C27&eventIds=802');
    // Words the router would read as a number stay text; a search with filters only has no q.
    expect(searchHref({ q: '2026' })).toBe('/search?q=%222026%22');
    expect(searchHref({ q: '', companyIds: [12] })).toBe('/search?companyIds=12');
  });

  it('reads back, through the router’s own parser, as the words and filters it was built from', () => {
    const read = (href: string) => defaultParseSearch(href.slice(href.indexOf('?')));
    expect(read(searchHref({ q: '"gross margin" -china', companyIds: [12, 40], eventIds: [802] }))).toEqual({
      q: '"gross margin" -china',
      companyIds: '12,40',
      eventIds: 802,
    });
    expect(searchHref({ q: '"gross margin"' })).toBe('/search?q=%22%5C%22gross+margin%5C%22%22');
    expect(read(searchHref({ q: 'true' }))).toEqual({ q: 'true' });
    expect(read(searchHref({ q: '2026' }))).toEqual({ q: '2026' });
    expect(read(searchHref({ q: 'tariffs', from: '2026-01-01', watchlist: true }))).toEqual({ q: 'tariffs', from: '2026-01-01', watchlist: 1 });
  });

  it('keeps the aim (roles, sections, quarters) in a link and in what is stored, dropping what is not one', () => {
    const aimed = { q: 'margins', companyIds: [256], roles: ['cfo' as const], sections: ['qna' as const], quarters: ['2026-Q3', '2026-Q2'] };
    expect(searchHref(aimed)).toBe('/search?q=margins&companyIds=256&roles=cfo&sections=qna&quarters=2026-Q3%2C2026-Q2');
    const stored = parseSavedSearches(
      JSON.stringify([
        {
          name: 'CFO on margins',
          params: { q: 'margins', companyIds: [256], roles: ['cfo', 'cto'], sections: ['qna', 'intro'], quarters: ['2026-q3', '2026-Q5', '2026-Q2'] },
        },
      ]),
    );
    expect(stored.map((entry) => [entry.id, entry.params])).toEqual([
      ['/search?q=margins&companyIds=256&roles=cfo&sections=qna&quarters=2026-Q2%2C2026-Q3', { ...aimed }],
    ]);
  });

  it('asks the server for the watchlist’s companies when the search is limited to it', () => {
    expect(searchParamsFor({ q: 'tariffs', watchlist: true }, [3, 9])).toEqual({ q: 'tariffs', companyIds: [3, 9] });
    expect(searchParamsFor({ q: 'tariffs', watchlist: true, companyIds: [9, 20] }, [3, 9])).toEqual({ q: 'tariffs', companyIds: [9] });
    expect(searchParamsFor({ q: 'tariffs', watchlist: true }, [])).toBeUndefined();
    expect(searchParamsFor({ q: 'tariffs', countries: ['US'] }, [])).toEqual({ q: 'tariffs', countries: ['US'] });
  });
});

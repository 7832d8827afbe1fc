/** src/features/company-search/rank.ts: how the company search orders its hits, and its text helpers. */
import { describe, expect, it } from 'vitest';
import { namesCompany, normalize, prefixWithinOneEdit, rank, toEntry, type IndexedCompany } from '../../src/features/company-search/rank.ts';

let nextId = 1;
function company(displayName: string, name: string, tickers: [string, string][] = [], isins: string[] = [], country = 'US'): IndexedCompany {
  return {
    id: nextId++,
    displayName,
    name,
    country,
    tickers: tickers.map(([ticker, exchange]) => ({ ticker, exchange })),
    isins,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const apex = company('Apex Metals', 'Apex Metals Corporation', [['APX', 'NYSE']], ['US0378331005']);
const apexFr = company('Apex Énergie', 'Apex Énergie SA', [['APX', 'ENXTPA']], ['FR0000120271'], 'FR');
const apple = company('Applewood Foods', 'Applewood Foods Inc.', [['APWD', 'NasdaqGS']], ['US0231351067']);
const map = company('Maple Apex Partners', 'Maple Apex Partners LP', [['MAP', 'TSX']], ['CA1360691010'], 'CA');
const general = company('General Motors Works', 'General Motors Works Inc.', [['GMW', 'NYSE']], ['US37045V1008']);
const brk = company('Birchwood Holdings', 'Birchwood Holdings Inc.', [['BRK.B', 'NYSE']], ['US0846707026']);
const societe = company('Société Lumière', 'Société Lumière SA', [['SLUM', 'ENXTPA']], ['FR0000130809'], 'FR');
const all = [apex, apexFr, apple, map, general, brk, societe].map(toEntry);

const ids = (query: string) => rank(all, query).hits.map((h) => h.company.id);

describe('company search ranking', () => {
  it('puts an exact ticker first, and shows every company that lists it with its exchange', () => {
    const result = rank(all, 'apx');
    expect(
      result.hits
        .slice(0, 2)
        .map((h) => h.company.id)
        .sort(),
    ).toEqual([apex.id, apexFr.id].sort());
    expect(
      result.hits
        .slice(0, 2)
        .map((h) => h.ticker?.exchange)
        .sort(),
    ).toEqual(['ENXTPA', 'NYSE']);
    expect(result.hits.slice(0, 2).every((h) => h.reason === 'ticker')).toBe(true);
  });

  it('puts an exact ISIN first, whatever its case', () => {
    expect(ids('fr0000120271')[0]).toBe(apexFr.id);
    expect(rank(all, 'US0231351067').hits[0]).toMatchObject({ reason: 'isin', company: { id: apple.id } });
  });

  it('ranks a ticker match above a name that merely contains the letters', () => {
    // "map" is MAP's ticker, and also inside no other name's start.
    expect(ids('map')[0]).toBe(map.id);
  });

  it('ranks a name that starts with the query above one where a later word starts with it', () => {
    const order = ids('apex');
    expect(order.indexOf(apex.id)).toBeLessThan(order.indexOf(map.id));
    expect(order.indexOf(apexFr.id)).toBeLessThan(order.indexOf(map.id));
  });

  it('matches word prefixes in any order', () => {
    expect(ids('motors gen')).toEqual([general.id]);
  });

  it('ignores accents and punctuation', () => {
    expect(ids('societe lum')).toEqual([societe.id]);
    expect(ids('brkb')[0]).toBe(brk.id);
    expect(ids('BRK.B')[0]).toBe(brk.id);
  });

  it('forgives one slip of the finger in a word of four letters or more', () => {
    expect(ids('aplewood')[0]).toBe(apple.id); // a letter missing
    expect(ids('genreal')[0]).toBe(general.id); // two letters swapped
    expect(ids('birchwodo')[0]).toBe(brk.id);
  });

  it('finds letters in order as a last resort, below every closer match', () => {
    const result = rank(all, 'gmwrks');
    expect(result.hits.map((h) => h.company.id)).toEqual([general.id]);
    expect(result.hits[0]!.score).toBeLessThan(rank(all, 'general').hits[0]!.score);
  });

  it('returns nothing for nothing, and nothing for a query no company resembles', () => {
    expect(rank(all, '   ').hits).toEqual([]);
    expect(rank(all, 'zzzqqq').total).toBe(0);
  });

  it('caps the hits but counts every match', () => {
    const many = Array.from({ length: 60 }, (_, i) => toEntry(company(`Northwind ${i}`, `Northwind ${i} plc`)));
    const result = rank(many, 'north', 20);
    expect(result.hits).toHaveLength(20);
    expect(result.total).toBe(60);
  });

  it('breaks ties with the shorter name first', () => {
    const short = toEntry(company('Orbit', 'Orbit Inc.'));
    const long = toEntry(company('Orbital Dynamics', 'Orbital Dynamics Inc.'));
    expect(rank([long, short], 'orb').hits.map((h) => h.company.displayName)).toEqual(['Orbit', 'Orbital Dynamics']);
  });
});

describe('whether a text names a company (the palette puts "Search what was said" first when not)', () => {
  const best = (query: string) => {
    const hit = rank(all, query).hits[0]!;
    return [hit.company.displayName, namesCompany(hit)];
  };
  it('does for a ticker, an ISIN, the start of either, and the start of a name', () => {
    expect(best('apwd')).toEqual(['Applewood Foods', true]); // exact ticker
    expect(best('gm')).toEqual(['General Motors Works', true]); // ticker prefix
    expect(best('us0846707026')).toEqual(['Birchwood Holdings', true]); // exact ISIN
    expect(best('applew')).toEqual(['Applewood Foods', true]); // display name prefix
    expect(best('apex metals corp')).toEqual(['Apex Metals', true]); // legal name prefix
  });
  it('does not for a later word, a slip of the finger or letters in order', () => {
    expect(best('motors')).toEqual(['General Motors Works', false]); // a word inside the name
    expect(best('aplewood')).toEqual(['Applewood Foods', false]); // one slip
    expect(best('gmwrks')).toEqual(['General Motors Works', false]); // letters in order
  });
});

describe('helpers', () => {
  it('normalizes case, accents and punctuation', () => {
    expect(normalize('  Société-Générale & Cie. ')).toBe('societe generale cie');
  });
  it('tells a one-edit prefix from a two-edit one', () => {
    expect(prefixWithinOneEdit('gneral', 'general')).toBe(true);
    expect(prefixWithinOneEdit('gnreal', 'general')).toBe(false);
    expect(prefixWithinOneEdit('motr', 'motors')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { splitList } from '../../../src/lib/filters/split-list.ts';

describe('splitList', () => {
  it('splits on commas, spaces and semicolons, skipping empty items', () => {
    expect(splitList('a,b c;d ,, ;e')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(splitList('  brk/b ,aapl ')).toEqual(['brk/b', 'aapl']);
  });

  it('flattens arrays (a repeated parameter) and reads a lone number as its digits', () => {
    expect(splitList(['us', 'gb,fr', 7])).toEqual(['us', 'gb', 'fr', '7']);
    expect(splitList(42)).toEqual(['42']);
  });

  it('has no items for nothing, blanks and values that are not lists', () => {
    expect(splitList(undefined)).toEqual([]);
    expect(splitList(null)).toEqual([]);
    expect(splitList(' , ; ')).toEqual([]);
    expect(splitList(Number.NaN)).toEqual([]);
    expect(splitList({ a: 1 })).toEqual([]);
    expect(splitList(true)).toEqual([]);
  });
});

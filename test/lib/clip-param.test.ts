/**
 * Clip links (`?t=93-131`): what the recording route keeps of `?t=`, how a range is read, and how
 * it is fitted to the recording. Every message is the sentence the listener reads on the page.
 */
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/lib/format.ts';
import { fitClip, parseClipParam, readTimeSearch } from '../../src/lib/time-param.ts';

describe('readTimeSearch: what the recording route keeps of ?t=', () => {
  it.each([
    ['93', 93],
    ['93.5', 93.5],
    ['1:33', 93],
    [' 1:02:03 ', 3723],
    [93, 93],
  ])('%j is a start time of %s seconds', (value, seconds) => {
    expect(readTimeSearch(value)).toBe(seconds);
  });

  it('keeps anything else that is text as the text, trimmed, for the page to read as a clip or explain', () => {
    expect(readTimeSearch('93-131')).toBe('93-131');
    expect(readTimeSearch(' 1:33-2:11 ')).toBe('1:33-2:11');
    expect(readTimeSearch('soon')).toBe('soon');
  });

  it('cuts a long value at 40 characters, so a pasted paragraph is not echoed back whole', () => {
    expect(readTimeSearch(`1-${'9'.repeat(60)}`)).toBe(`1-${'9'.repeat(38)}`);
  });

  it.each([[''], ['   '], [undefined], [null], [-3], [Number.NaN], [{ t: 3 }]])('%j is no time at all', (value) => {
    expect(readTimeSearch(value)).toBeUndefined();
  });
});

describe('parseClipParam', () => {
  it.each([
    ['93-131', 93, 131],
    ['1:33-2:11', 93, 131],
    ['24.6-31.3', 24.6, 31.3],
    ['0-0.5', 0, 0.5],
    // Each side as a start time reads it: blanks around the dash are fine, and the forms can mix.
    [' 90 - 2:00 ', 90, 120],
    ['1:00:00-1:00:30', 3600, 3630],
  ])('reads %j as %s to %s seconds', (value, start, end) => {
    expect(parseClipParam(value)).toEqual({ ok: true, start, end });
  });

  it('refuses a reversed range, saying it ends before it starts', () => {
    expect(parseClipParam('90-30')).toEqual({ ok: false, error: 'The clip “90-30” ends before it starts.' });
    expect(parseClipParam('2:11-1:33')).toEqual({ ok: false, error: 'The clip “2:11-1:33” ends before it starts.' });
  });

  it('refuses a range that starts and ends at the same moment', () => {
    expect(parseClipParam('90-90')).toEqual({ ok: false, error: 'The clip “90-90” starts and ends at the same moment.' });
    expect(parseClipParam('1:30-90')).toEqual({ ok: false, error: 'The clip “1:30-90” starts and ends at the same moment.' });
  });

  it('names the side that is not a time', () => {
    expect(parseClipParam('abc-def')).toEqual({
      ok: false,
      error: 'The clip “abc-def” has “abc”, which is not a time: write seconds or m:ss, such as 93-131 or 1:33-2:11.',
    });
    expect(parseClipParam('93-soon')).toEqual({
      ok: false,
      error: 'The clip “93-soon” has “soon”, which is not a time: write seconds or m:ss, such as 93-131 or 1:33-2:11.',
    });
    // Not m:ss (75 seconds is not a seconds field), and not a decimal.
    expect(parseClipParam('1:75-2:00')).toMatchObject({ ok: false, error: expect.stringContaining('has “1:75”, which is not a time') });
    expect(parseClipParam('24.-31')).toMatchObject({ ok: false, error: expect.stringContaining('has “24.”, which is not a time') });
  });

  it.each(['93-', '-131', ' - ', '1-2-3', '93', '-5-10', ''])('%j is not a range at all', (value) => {
    expect(parseClipParam(value)).toEqual({
      ok: false,
      error: `“${value.trim()}” is not a time or a clip: write seconds or m:ss, such as 93 or 1:33, or a range such as 93-131.`,
    });
  });
});

describe('fitClip: a clip against the recording’s length', () => {
  // Recording 1025 of the sandbox is 183.98 seconds long (3:03).
  const duration = 183.98;

  it('leaves a clip inside the recording as it is', () => {
    expect(fitClip({ start: 24.6, end: 31.3 }, duration, formatDuration)).toEqual({ ok: true, start: 24.6, end: 31.3, trimmed: false });
    // Ending exactly at the end is not trimming.
    expect(fitClip({ start: 170, end: 183.98 }, duration, formatDuration)).toEqual({ ok: true, start: 170, end: 183.98, trimmed: false });
  });

  it('ends a clip that runs past the end where the recording ends, and says it was trimmed', () => {
    expect(fitClip({ start: 170, end: 200 }, duration, formatDuration)).toEqual({ ok: true, start: 170, end: 183.98, trimmed: true });
  });

  it('refuses a clip that starts at or after the end, with both times in words the page shows', () => {
    expect(fitClip({ start: 190, end: 200 }, duration, formatDuration)).toEqual({
      ok: false,
      error: 'The clip starts at 3:10, after the recording ends (it is 3:03 long).',
    });
    expect(fitClip({ start: 183.98, end: 190 }, duration, formatDuration)).toEqual({
      ok: false,
      error: 'The clip starts at 3:03, after the recording ends (it is 3:03 long).',
    });
  });

  it.each([[undefined], [Number.NaN], [0], [Number.POSITIVE_INFINITY]])('with a length of %s (unknown), keeps the clip as written', (length) => {
    expect(fitClip({ start: 190, end: 200 }, length, formatDuration)).toEqual({ ok: true, start: 190, end: 200, trimmed: false });
  });
});

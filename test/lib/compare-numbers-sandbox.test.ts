import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SpokenFigure } from '../../src/lib/compare/model.ts';
import { findFigures, pairFigures } from '../../src/lib/compare/numbers.ts';
import { parseTranscript } from '../../src/lib/transcript/model.ts';
import type { Transcript } from '../../src/lib/transcript/model.ts';

/**
 * The number reader on the sandbox's eight recorded calls (one management team a quarter apart):
 * what each script's `fact` lines say (written by hand beside the words) is what the reader hears
 * in the words. Scripts without facts (older media) have nothing to check.
 */

interface Facts {
  revenueGrowth?: number;
  grossMargin?: number;
  operatingMargin?: number;
  guidanceLow?: number;
  guidanceHigh?: number;
  guidance?: 'raised' | 'kept' | 'cut';
}

interface Script {
  facts?: Facts;
  paragraphs: { speaker: number; start: number; end: number; sentences: { text: string; start: number; end: number }[] }[];
}

const CALLS = [1, 2, 3, 4, 5, 6, 7, 8];

function load(call: number): { facts?: Facts; transcript: Transcript } {
  const script = JSON.parse(readFileSync(new URL(`../../server/sandbox/media/calls/call-${call}/script.json`, import.meta.url), 'utf8')) as Script;
  const paragraphs = script.paragraphs.map((paragraph) => ({
    ...paragraph,
    text: '',
    sentences: paragraph.sentences.map(({ text, start, end }) => ({ text, start, end })),
  }));
  const result = parseTranscript({ version: '2.1-raw', event_id: call, company_id: 1, transcript: { text: '', number_of_speakers: 1, paragraphs } });
  if (!result.ok) throw new Error(result.error);
  return { facts: script.facts, transcript: result.transcript };
}

const calls = new Map(CALLS.map((call) => [call, load(call)]));
const withFacts = CALLS.filter((call) => calls.get(call)!.facts !== undefined);

const level = (figures: SpokenFigure[], measure: string, guidance: boolean) =>
  figures.find((figure) => figure.measure.replace(' in constant currency', '') === measure && figure.guidance === guidance && figure.unit === 'percent');

describe.skipIf(withFacts.length === 0)('the number reader on the sandbox calls', () => {
  it.each(withFacts)('hears call %i say what its facts say', (call) => {
    const { facts, transcript } = calls.get(call)!;
    const figures = findFigures(transcript);
    const guidance = level(figures, 'revenue growth', true);
    expect({
      revenueGrowth: level(figures, 'revenue growth', false)?.value,
      grossMargin: level(figures, 'gross margin', false)?.value,
      operatingMargin: level(figures, 'operating margin', false)?.value,
      guidanceLow: guidance?.value,
      guidanceHigh: guidance?.high,
    }).toEqual({
      revenueGrowth: facts!.revenueGrowth,
      grossMargin: facts!.grossMargin,
      operatingMargin: facts!.operatingMargin,
      guidanceLow: facts!.guidanceLow,
      guidanceHigh: facts!.guidanceHigh,
    });
  });

  it.each(withFacts.filter((call) => withFacts.includes(call - 1)))('puts call %i guidance first, beside the call before it', (call) => {
    const current = calls.get(call)!;
    const previous = calls.get(call - 1)!;
    const [first] = pairFigures(findFigures(current.transcript), findFigures(previous.transcript));
    expect(first!.guidance).toBe(true);
    expect([first!.current?.value, first!.current?.high, first!.previous?.value, first!.previous?.high]).toEqual([
      current.facts!.guidanceLow,
      current.facts!.guidanceHigh,
      previous.facts!.guidanceLow,
      previous.facts!.guidanceHigh,
    ]);
    expect(first!.summary.endsWith('(unchanged)')).toBe(current.facts!.guidance === 'kept');
  });
});

import { describe, expect, it } from 'vitest';
import { findFigures, formatFigure, pairFigures, readNumber } from '../../src/lib/compare/numbers.ts';
import type { SpokenFigure } from '../../src/lib/compare/model.ts';
import type { Transcript } from '../../src/lib/transcript/model.ts';
import type { TranscriptSpeaker } from '../../src/lib/transcript/speakers.ts';

const CFO: TranscriptSpeaker = { id: 3, label: 'Chief Financial Officer', mapped: true, kind: 'executive' };

/** One speaker saying these sentences, ten seconds each. */
function said(...sentences: string[]): Transcript {
  return {
    mapped: true,
    speakers: [CFO],
    paragraphs: [
      {
        index: 0,
        speaker: CFO,
        start: 0,
        end: sentences.length * 10,
        text: sentences.join(' '),
        sentences: sentences.map((text, index) => ({ index, text, start: index * 10, end: index * 10 + 10 })),
      },
    ],
  };
}

/** What a figure reads as, without where it was said. */
const brief = (figure: SpokenFigure) => ({
  measure: figure.measure,
  value: figure.value,
  ...(figure.high === undefined ? {} : { high: figure.high }),
  unit: figure.unit,
  ...(figure.currency ? { currency: figure.currency } : {}),
  ...(figure.change ? { change: figure.change } : {}),
  ...(figure.guidance ? { guidance: true } : {}),
});

const figuresOf = (...sentences: string[]) => findFigures(said(...sentences)).map(brief);

describe('readNumber', () => {
  it.each([
    ['thirty nine point eight', 39.8],
    ['one hundred and twelve', 112],
    ['two point one billion', 2_100_000_000],
    ['three hundred forty six million', 346_000_000],
    ['three hundred and forty six million', 346_000_000],
    ['three point one two', 3.12],
    ['one point six five billion', 1_650_000_000],
    ['forty-two', 42],
    ['a hundred', 100],
    ['one million two hundred thousand', 1_200_000],
    ['1,234.5', 1234.5],
    ['39.8%', 39.8],
    ['$346 million', 346_000_000],
    ['€2.1bn', 2_100_000_000],
    ['£12k', 12_000],
    ['half a percent', 0.5],
    ['half a point', 0.5],
    ['one and a half percent', 1.5],
    ['forty basis points', 40],
    ['one dollar and twelve cents', 1.12],
    ['eighty one cents', 0.81],
    ['one point eight times', 1.8],
    ['-5%', -5],
    ['minus zero point two times', -0.2],
  ])('reads "%s" as %d', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it.each(['a quarter', 'two thirds', 'revenue', '', 'one hundred and', 'half a', '1'.repeat(400)])('reads "%s" as no number', (text) => {
    expect(readNumber(text)).toBeUndefined();
  });
});

describe('findFigures', () => {
  it('reads a level and its change from one sentence, in words (sandbox call 4)', () => {
    expect(
      figuresOf('Gross margin was thirty nine point eight percent, down ninety basis points, as tariffs more than offset pricing in the quarter.'),
    ).toEqual([
      { measure: 'gross margin', value: 39.8, unit: 'percent' },
      { measure: 'gross margin change', value: -90, unit: 'bps', change: 'down' },
    ]);
  });

  it('keeps the year-ago figure out: it is a comparison, not this quarter', () => {
    expect(figuresOf('Gross margin was thirty nine point eight percent, compared with forty one point two percent a year ago.')).toEqual([
      { measure: 'gross margin', value: 39.8, unit: 'percent' },
    ]);
    expect(figuresOf('Operating margin expanded to twenty one point five percent, from seventeen point eight percent a year ago.')).toEqual([
      { measure: 'operating margin', value: 21.5, unit: 'percent' },
    ]);
    expect(figuresOf('Earnings per share were seventy six cents, compared with fifty nine cents in the prior year.')).toEqual([
      { measure: 'earnings per share', value: 0.76, unit: 'money', currency: 'USD' },
    ]);
    expect(figuresOf('Operating margin of seventeen point eight percent a year ago expanded to twenty one point five percent.')).toEqual([
      { measure: 'operating margin', value: 21.5, unit: 'percent' },
    ]);
    expect(figuresOf('Capital expenditure will be about $400 million, up from $300 million.')).toEqual([
      { measure: 'capital expenditure', value: 400_000_000, unit: 'money', currency: 'USD' },
    ]);
  });

  it('reads money said in words and written in digits, with its scale and currency', () => {
    expect(figuresOf('Total revenue for the quarter was four hundred and twelve million dollars, up eighteen percent from a year ago.')).toEqual([
      { measure: 'revenue', value: 412_000_000, unit: 'money', currency: 'USD' },
      { measure: 'revenue growth', value: 18, unit: 'percent', change: 'up' },
    ]);
    expect(figuresOf('Revenue of $346 million, and free cash flow of €2.1bn.')).toEqual([
      { measure: 'revenue', value: 346_000_000, unit: 'money', currency: 'USD' },
      { measure: 'free cash flow', value: 2_100_000_000, unit: 'money', currency: 'EUR' },
    ]);
    expect(figuresOf('Net income was 1,234.5 million Swiss francs, and deposits were SEK 12 billion.')).toEqual([
      { measure: 'net income', value: 1_234_500_000, unit: 'money', currency: 'CHF' },
      { measure: 'deposit', value: 12_000_000_000, unit: 'money', currency: 'SEK' },
    ]);
    expect(figuresOf('Diluted earnings per share were one dollar and twelve cents, compared with eighty one cents.')).toEqual([
      { measure: 'earnings per share', value: 1.12, unit: 'money', currency: 'USD' },
    ]);
  });

  it('reads percent, points, basis points and multiples, spoken and written', () => {
    expect(figuresOf('Net interest margin was 3.12%, down 4 bps from last quarter.')).toEqual([
      { measure: 'net interest margin', value: 3.12, unit: 'percent' },
      { measure: 'net interest margin change', value: -4, unit: 'bps', change: 'down' },
    ]);
    expect(figuresOf('Revenue was three hundred and forty six million dollars, up five percent, with pricing contributing four points.')).toEqual([
      { measure: 'revenue', value: 346_000_000, unit: 'money', currency: 'USD' },
      { measure: 'revenue growth', value: 5, unit: 'percent', change: 'up' },
      { measure: 'pricing', value: 4, unit: 'points' },
    ]);
    expect(figuresOf('Net leverage was one point eight times at the end of the quarter.')).toEqual([{ measure: 'net leverage', value: 1.8, unit: 'multiple' }]);
    expect(figuresOf('Our tax rate was half a percent lower.')).toEqual([{ measure: 'tax rate growth', value: -0.5, unit: 'percent', change: 'down' }]);
  });

  it('reads changes: grew, declined, an increase of, by, flat', () => {
    expect(figuresOf('Product revenue declined nine percent, while services revenue grew eleven percent.')).toEqual([
      { measure: 'product revenue growth', value: -9, unit: 'percent', change: 'down' },
      { measure: 'services revenue growth', value: 11, unit: 'percent', change: 'up' },
    ]);
    expect(
      figuresOf(
        'Revenue for the quarter was five hundred and ninety three million dollars, an increase of seven percent, or four percent excluding the acquisition.',
      ),
    ).toEqual([
      { measure: 'revenue', value: 593_000_000, unit: 'money', currency: 'USD' },
      { measure: 'revenue growth', value: 7, unit: 'percent', change: 'up' },
      { measure: 'revenue growth', value: 4, unit: 'percent', change: 'up' },
    ]);
    expect(figuresOf('Two cuts would lower net interest margin by about five basis points.')).toEqual([
      { measure: 'net interest margin change', value: -5, unit: 'bps', change: 'down' },
    ]);
    expect(figuresOf('Gross margin fell to thirty one point four percent because of lower factory utilization.')).toEqual([
      { measure: 'gross margin', value: 31.4, unit: 'percent' },
    ]);
    expect(figuresOf('Even with currency where it is, we expect gross margin to be flat to slightly up.')).toEqual([
      { measure: 'gross margin change', value: 0, unit: 'points', change: 'flat', guidance: true },
    ]);
    expect(figuresOf('China declined eleven percent, where competition is intense and customers are cautious.')).toEqual([
      { measure: 'china growth', value: -11, unit: 'percent', change: 'down' },
    ]);
  });

  it('reads ranges as one figure, low and high, the unit of the second given to the first', () => {
    expect(figuresOf('For the coming quarter, we expect revenue between four hundred and twenty and four hundred and thirty million dollars.')).toEqual([
      { measure: 'revenue', value: 420_000_000, high: 430_000_000, unit: 'money', currency: 'USD', guidance: true },
    ]);
    expect(
      figuresOf(
        'For the full year, we are raising our revenue guidance to between one point six five and one point six eight billion dollars, with operating margin of around twenty one percent.',
      ),
    ).toEqual([
      { measure: 'revenue', value: 1_650_000_000, high: 1_680_000_000, unit: 'money', currency: 'USD', guidance: true },
      { measure: 'operating margin', value: 21, unit: 'percent', guidance: true },
    ]);
    expect(
      figuresOf('We now expect revenue to decline between eight and ten percent, and free cash flow of at least one hundred and fifty million dollars.'),
    ).toEqual([
      { measure: 'revenue growth', value: -10, high: -8, unit: 'percent', change: 'down', guidance: true },
      { measure: 'free cash flow', value: 150_000_000, unit: 'money', currency: 'USD', guidance: true },
    ]);
    expect(figuresOf('Revenue growth should be 4-6% and capex $1.1 to 1.3 billion.')).toEqual([
      { measure: 'revenue growth', value: 4, high: 6, unit: 'percent' },
      { measure: 'capital expenditure', value: 1_100_000_000, high: 1_300_000_000, unit: 'money', currency: 'USD' },
    ]);
  });

  it('finds guidance by its phrases, and the measure said after the figure', () => {
    expect(figuresOf('We are maintaining our full year guidance of four to six percent growth.')).toEqual([
      { measure: 'revenue growth', value: 4, high: 6, unit: 'percent', guidance: true },
    ]);
    expect(figuresOf('Looking ahead, we expect revenue growth of six to eight percent for the full year, including the acquisition.')).toEqual([
      { measure: 'revenue growth', value: 6, high: 8, unit: 'percent', guidance: true },
    ]);
    expect(
      figuresOf('Free cash flow was seventy eight million dollars, and we ended the quarter with six hundred and forty million dollars in cash and no debt.'),
    ).toEqual([
      { measure: 'free cash flow', value: 78_000_000, unit: 'money', currency: 'USD' },
      { measure: 'cash', value: 640_000_000, unit: 'money', currency: 'USD' },
    ]);
    expect(figuresOf('Our outlook: net leverage of 2.1x.').map((f) => f.guidance)).toEqual([true]);
    expect(figuresOf('Net leverage was 2.1x.').map((f) => f.guidance)).toEqual([undefined]);
  });

  it('reads the new sandbox scripts: the previous range is not this one, a rule of thumb is not a figure', () => {
    expect(figuresOf('For the full year, we now expect revenue growth between nine and eleven percent, up from seven to nine percent.')).toEqual([
      { measure: 'revenue growth', value: 9, high: 11, unit: 'percent', guidance: true },
    ]);
    expect(figuresOf('Every five points of utilization is worth about one point of gross margin, and the site consolidation adds to that next year.')).toEqual(
      [],
    );
    expect(figuresOf('Revenue grew two percent compared with the same quarter last year, or six percent in constant currency.')).toEqual([
      { measure: 'revenue growth', value: 2, unit: 'percent', change: 'up' },
      { measure: 'revenue growth in constant currency', value: 6, unit: 'percent', change: 'up' },
    ]);
    expect(figuresOf('New tariffs on imported components cost us about two points of gross margin in the quarter.')).toEqual([
      { measure: 'gross margin change', value: -2, unit: 'points', change: 'down' },
    ]);
    expect(figuresOf('Excluding tariffs, gross margin would have improved by about one hundred and ten basis points.')).toEqual([]);
    expect(figuresOf('We track sell through at our largest distributors, and their sales to end customers are roughly flat.')).toEqual([
      { measure: 'sales growth', value: 0, unit: 'percent', change: 'flat' },
    ]);
    expect(figuresOf('Our cost program should lower our cost base by about two percent a year once it is complete.')).toEqual([
      { measure: 'cost base growth', value: -2, unit: 'percent', change: 'down' },
    ]);
  });

  it('leaves out numbers that are not figures or measure nothing', () => {
    expect(figuresOf('Three themes stood out.')).toEqual([]);
    expect(figuresOf('We also kept investing, adding more than three hundred people across sales and product development.')).toEqual([]);
    expect(figuresOf('They now account for nearly a quarter of sales, about two thirds of it new.')).toEqual([]);
    expect(figuresOf('We expect the investment to pay back in under three years, over the next twelve to eighteen months.')).toEqual([]);
  });

  it('says where each figure was said, and the figure as said', () => {
    const [figure] = findFigures(said('Thank you.', 'Gross margin was sixty four point two percent, up one hundred and ninety basis points.'));
    expect(figure!.said).toBe('sixty four point two percent');
    expect(figure!.label).toBe('Gross margin');
    expect(figure!.at).toEqual({
      sentence: 1,
      text: 'Gross margin was sixty four point two percent, up one hundred and ninety basis points.',
      start: 10,
      speaker: CFO,
    });
  });
});

describe('formatFigure', () => {
  const figure = (over: Partial<SpokenFigure>): SpokenFigure => ({
    measure: 'x',
    label: 'X',
    value: 0,
    unit: 'percent',
    guidance: false,
    said: '',
    at: { sentence: 0, text: '', start: 0, speaker: CFO },
    ...over,
  });

  it.each<[Partial<SpokenFigure>, string]>([
    [{ value: 39.8 }, '39.8%'],
    [{ value: 346_000_000, unit: 'money', currency: 'USD' }, '$346 million'],
    [{ value: 2_100_000_000, unit: 'money', currency: 'EUR' }, '€2.1 billion'],
    [{ value: 1.42, unit: 'money', currency: 'USD' }, '$1.42'],
    [{ value: 0.8, unit: 'money', currency: 'GBP' }, '£0.80'],
    [{ value: 12_000_000_000, unit: 'money', currency: 'SEK' }, 'SEK 12 billion'],
    [{ value: 25, unit: 'bps' }, '25 bps'],
    [{ value: 1, unit: 'points' }, '1 pt'],
    [{ value: 1.8, unit: 'multiple' }, '1.8x'],
    [{ value: 4, high: 6 }, '4–6%'],
    [{ value: 1_650_000_000, high: 1_680_000_000, unit: 'money', currency: 'USD' }, '$1.65–1.68 billion'],
    [{ value: 5, change: 'up' }, '+5%'],
    [{ value: -90, unit: 'bps', change: 'down' }, '−90 bps'],
    [{ value: -10, high: -8, change: 'down' }, '−10% to −8%'],
    [{ value: 0, change: 'flat' }, 'flat'],
  ])('shows %o as %s', (over, shown) => {
    expect(formatFigure(figure(over))).toBe(shown);
  });
});

describe('pairFigures', () => {
  const pair = (current: string[], previous: string[]) => pairFigures(findFigures(said(...current)), findFigures(said(...previous)));

  it('pairs the same measure across calls: the move in points for percentages, in percent for money', () => {
    const moved = pair(
      [
        'Revenue was three hundred and forty six million dollars.',
        'Gross margin was thirty nine point eight percent, compared with forty one point two percent a year ago.',
      ],
      ['Revenue for the quarter was three hundred and thirty million dollars.', 'Gross margin was forty one point two percent.'],
    );
    expect(moved.map((m) => m.summary)).toEqual(['Gross margin 39.8% (was 41.2%, −1.4 pts)', 'Revenue $346 million (was $330 million, +4.8%)']);
    expect(moved[0]).toMatchObject({ measure: 'gross margin', label: 'Gross margin', delta: -1.4, deltaUnit: 'pts', guidance: false });
    expect(moved[1]).toMatchObject({ measure: 'revenue', delta: 4.8, deltaUnit: 'percent' });
  });

  it('lists guidance first, then the biggest moves, then what is new, then what was not said', () => {
    const moved = pair(
      [
        'Revenue was two hundred and nineteen million dollars, down twelve percent from a year ago.',
        'Gross margin was forty point one percent.',
        'Net leverage was one point eight times.',
        'We now expect revenue growth of four to six percent for the full year.',
      ],
      [
        'Revenue was two hundred and fifty million dollars, up two percent.',
        'Gross margin was forty percent.',
        'Our dividend grew ten percent.',
        'We expect revenue growth of three to five percent for the full year.',
      ],
    );
    expect(moved.map((m) => m.summary)).toEqual([
      'Revenue growth guidance 4–6% (was 3–5%)',
      'Revenue growth −12% (was +2%, −14 pts)',
      'Revenue $219 million (was $250 million, −12.4%)',
      'Gross margin 40.1% (was 40%, +0.1 pts)',
      'Net leverage 1.8x (new)',
      'Dividend growth (not said this quarter, was +10%)',
    ]);
    expect(moved[0]).toMatchObject({ measure: 'revenue growth guidance', label: 'Revenue growth guidance', guidance: true });
    expect(moved[0]!.delta).toBeUndefined();
  });

  it('pairs the first mention of each measure in each call, and says when nothing moved', () => {
    const moved = pair(['Operating margin was fifteen percent.', 'Operating margin was twenty percent in Europe.'], ['Operating margin was fifteen percent.']);
    expect(moved.map((m) => m.summary)).toEqual(['Operating margin 15% (unchanged)']);
  });

  it('says a measure only the previous call said, with what it was', () => {
    const moved = pair([], ['Net leverage was two point one times.']);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ summary: 'Net leverage (not said this quarter, was 2.1x)', label: 'Net leverage' });
    expect(moved[0]!.current).toBeUndefined();
  });

  it('pairs guidance said in constant currency with the guidance before it', () => {
    const moved = pair(
      ['For the full year, we now expect revenue growth between four and six percent in constant currency, unchanged from last quarter.'],
      ['For the full year, we now expect revenue growth between four and six percent, up from one to three percent.'],
    );
    expect(moved.map((m) => m.summary)).toEqual(['Revenue growth guidance in constant currency 4–6% (unchanged)']);
  });

  it('keeps next-quarter guidance apart from full-year guidance', () => {
    const moved = pair(
      ['For the coming quarter, we expect revenue between four hundred and twenty and four hundred and thirty million dollars.'],
      ['For the full year, we expect revenue between one point six and one point seven billion dollars.'],
    );
    expect(moved.map((m) => m.summary)).toEqual([
      'Revenue guidance (next quarter) $420–430 million (new)',
      'Revenue guidance (not said this quarter, was $1.6–1.7 billion)',
    ]);
  });
});

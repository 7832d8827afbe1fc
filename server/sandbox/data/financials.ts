import { Random } from '../random.ts';
import type { CompanyRecord } from './companies.ts';

/**
 * The one model of a company's figures: per fiscal quarter its revenue, margins, cash flow and
 * full-year guidance. Segments (segments.ts: a year's Revenue total is the sum of its four
 * quarters) and documents (documents.ts: releases, slides, periodic reports, press releases) all
 * read it, so where they say the same thing they agree.
 *
 * Where a quarter's earnings call plays a recorded call that states figures (its script's
 * `facts`), the quarter has them: the revenue growth the call says, its gross and operating
 * margin and its guidance. The rest follows from the company: its latest fiscal year's revenue
 * (`company.revenue`, the year before generation), a seasonal pattern, a growth trend and noise.
 * Deterministic per seed; pure but for memoization.
 */

export type GuidanceChange = 'raised' | 'kept' | 'cut';

/** What a recorded call says about its quarter (script.json "facts"): percent numbers, each optional. */
export interface CallFacts {
  /** Revenue growth over the same quarter a year earlier. */
  revenueGrowth?: number;
  grossMargin?: number;
  operatingMargin?: number;
  /** Full-year revenue growth expected, low and high end. */
  guidanceLow?: number;
  guidanceHigh?: number;
  guidance?: GuidanceChange;
}

/** A period's figures, in millions of the company's currency (unrounded) and percent. */
export interface PeriodFigures {
  revenue: number;
  grossProfit: number;
  operatingIncome: number;
  netIncome: number;
  /** Diluted earnings per share, in the currency. */
  eps: number;
  capitalExpenditure: number;
  freeCashFlow: number;
  /** At the period's end. */
  cash: number;
  debt: number;
  /** Percent of revenue. */
  grossMargin: number;
  operatingMargin: number;
  /** Revenue growth over the same period a year earlier, percent. */
  growth: number;
}

export interface QuarterFigures extends PeriodFigures {
  /** year * 4 + quarter - 1 */
  quarter: number;
  /** Full-year revenue growth expected at the quarter's results, percent, and how it moved from the quarter before. */
  guidanceLow: number;
  guidanceHigh: number;
  guidance: GuidanceChange;
}

/** Quarters around the anchor year whose calls set the company's usual margins. */
const USUAL_SPAN = { before: 4, after: 12 };

export class CompanyFinancials {
  /** The latest fiscal year before generation: its revenue is `company.revenue`. */
  readonly anchorYear: number;
  private readonly trendGrowth: number;
  private readonly seasons: number[];
  private readonly usualGrossMargin: number;
  private readonly usualOperatingMargin: number;
  private readonly netConversion: number;
  private readonly capexShare: number;
  private readonly shares: number;
  private readonly cashShare: number;
  private readonly debtShare: number;
  private readonly revenues = new Map<number, number>();
  private readonly quarters = new Map<number, QuarterFigures>();

  constructor(
    private readonly seed: string,
    private readonly company: CompanyRecord,
    now: number,
    /** The facts of the company's earnings call for a quarter, if it held one and its call states them. */
    private readonly factsOf: (quarter: number) => CallFacts | undefined,
  ) {
    const rng = Random.derive(seed, `financials/${company.seedIndex}`);
    this.anchorYear = new Date(now).getUTCFullYear() - 1;
    this.trendGrowth = rng.float(-3, 12);
    this.seasons = [0, 1, 2, 3].map(() => rng.float(0.9, 1.1));
    this.netConversion = rng.float(0.6, 0.8);
    this.capexShare = rng.float(0.02, 0.08);
    this.shares = company.revenue * rng.float(0.005, 0.05);
    this.cashShare = rng.float(0.1, 0.5);
    this.debtShare = rng.float(0, 0.6);
    // Quarters without stated figures keep near what the company's calls say, or, with no calls
    // that state them, near margins of its own.
    const stated = { gross: [] as number[], operating: [] as number[] };
    for (let q = (this.anchorYear - 1) * 4 - USUAL_SPAN.before; q < this.anchorYear * 4 + USUAL_SPAN.after; q++) {
      const facts = factsOf(q);
      if (facts?.grossMargin !== undefined) stated.gross.push(facts.grossMargin);
      if (facts?.operatingMargin !== undefined) stated.operating.push(facts.operatingMargin);
    }
    const ownGross = rng.float(28, 72);
    const ownOperating = ownGross * rng.float(0.05, 0.4);
    this.usualGrossMargin = mean(stated.gross) ?? ownGross;
    this.usualOperatingMargin = mean(stated.operating) ?? ownOperating;
  }

  /** A fiscal quarter's figures (quarter index: year * 4 + quarter - 1). */
  quarter(quarter: number): QuarterFigures {
    let figures = this.quarters.get(quarter);
    if (!figures) {
      figures = this.computeQuarter(quarter);
      this.quarters.set(quarter, figures);
    }
    return figures;
  }

  /** A fiscal year's figures: the sum of its four quarters (margins of the sums; cash and debt at year end). */
  year(year: number): PeriodFigures {
    const quarters = [0, 1, 2, 3].map((q) => this.quarter(year * 4 + q));
    const sum = (key: 'revenue' | 'grossProfit' | 'operatingIncome' | 'netIncome' | 'eps' | 'capitalExpenditure' | 'freeCashFlow') =>
      quarters.reduce((total, figures) => total + figures[key], 0);
    const revenue = sum('revenue');
    const prior = [0, 1, 2, 3].reduce((total, q) => total + this.revenue((year - 1) * 4 + q), 0);
    const last = quarters[3] as QuarterFigures;
    return {
      revenue,
      grossProfit: sum('grossProfit'),
      operatingIncome: sum('operatingIncome'),
      netIncome: sum('netIncome'),
      eps: sum('eps'),
      capitalExpenditure: sum('capitalExpenditure'),
      freeCashFlow: sum('freeCashFlow'),
      cash: last.cash,
      debt: last.debt,
      grossMargin: (sum('grossProfit') / revenue) * 100,
      operatingMargin: (sum('operatingIncome') / revenue) * 100,
      growth: (revenue / prior - 1) * 100,
    };
  }

  private noise(quarter: number): Random {
    return Random.derive(this.seed, `financials/${this.company.seedIndex}/${quarter}`);
  }

  /** Revenue growth over the same quarter a year earlier, percent: what the call says, or the trend give or take. */
  private growth(quarter: number): number {
    return this.factsOf(quarter)?.revenueGrowth ?? this.trendGrowth + this.noise(quarter).float(-4, 4);
  }

  /**
   * A quarter's revenue. The anchor year's quarters split `company.revenue` by season; every
   * other quarter follows from the same quarter a year nearer by that quarter's growth.
   */
  private revenue(quarter: number): number {
    let revenue = this.revenues.get(quarter);
    if (revenue === undefined) {
      const year = Math.floor(quarter / 4);
      const season = quarter - year * 4;
      if (year === this.anchorYear) {
        const seasons = this.seasons.reduce((a, b) => a + b, 0);
        revenue = (this.company.revenue * (this.seasons[season] as number)) / seasons;
      } else if (year > this.anchorYear) {
        revenue = this.revenue(quarter - 4) * (1 + this.growth(quarter) / 100);
      } else {
        revenue = this.revenue(quarter + 4) / (1 + this.growth(quarter + 4) / 100);
      }
      this.revenues.set(quarter, revenue);
    }
    return revenue;
  }

  /** The full-year growth range expected at a quarter's results: what the call says, or the trend rounded. */
  private guidanceRange(quarter: number, facts: CallFacts | undefined): { low: number; high: number } {
    if (facts?.guidanceLow !== undefined && facts.guidanceHigh !== undefined) return { low: facts.guidanceLow, high: facts.guidanceHigh };
    const middle = Math.round(this.trendGrowth + this.noise(quarter).float(-2, 2));
    return { low: middle - 1, high: middle + 1 };
  }

  private computeQuarter(quarter: number): QuarterFigures {
    const facts = this.factsOf(quarter);
    const rng = this.noise(quarter);
    rng.next(); // the growth's draw (see growth)
    const grossDraw = rng.float(-1.5, 1.5);
    const operatingDraw = rng.float(-1.5, 1.5);
    const revenue = this.revenue(quarter);
    const grossMargin = facts?.grossMargin ?? this.usualGrossMargin + grossDraw;
    const operatingMargin = facts?.operatingMargin ?? this.usualOperatingMargin + operatingDraw;
    const operatingIncome = (revenue * operatingMargin) / 100;
    const netIncome = operatingIncome * this.netConversion;
    const capitalExpenditure = revenue * this.capexShare * rng.float(0.8, 1.2);
    const freeCashFlow = operatingIncome * rng.float(0.7, 1.1) - capitalExpenditure * rng.float(0.2, 0.6);
    const annualised = revenue * 4;
    const { low, high } = this.guidanceRange(quarter, facts);
    const before = this.guidanceRange(quarter - 1, this.factsOf(quarter - 1));
    const moved = (low + high) / 2 - (before.low + before.high) / 2;
    return {
      quarter,
      revenue,
      grossProfit: (revenue * grossMargin) / 100,
      operatingIncome,
      netIncome,
      eps: netIncome / this.shares,
      capitalExpenditure,
      freeCashFlow,
      cash: annualised * this.cashShare * rng.float(0.9, 1.1),
      debt: annualised * this.debtShare,
      grossMargin,
      operatingMargin,
      growth: this.growth(quarter),
      guidanceLow: low,
      guidanceHigh: high,
      guidance: facts?.guidance ?? (moved > 0 ? 'raised' : moved < 0 ? 'cut' : 'kept'),
    };
  }
}

function mean(values: number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

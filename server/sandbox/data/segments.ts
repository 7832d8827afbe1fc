import { Random } from '../random.ts';
import type { CompanyRecord } from './companies.ts';
import type { CompanyFinancials } from './financials.ts';
import { REGIONS } from './vocabulary.ts';

/**
 * Segment records: each completed fiscal year's revenue split by business area and by region,
 * and for some companies operating income by business area (where items can be negative).
 * The items plus `other` add up to `total`, and a year's totals are the company's figures for it
 * (financials.ts): its revenue and operating income, the sums of its four quarters.
 */

export interface SegmentRecord {
  companyId: number;
  createdAt: number;
  updatedAt: number;
  fiscalYear: number;
  reportDate: number;
  segmentItem: string;
  segmentCategory: string;
  total: number;
  totalUnit: string;
  other: string;
  items: { name: string; value: number }[];
  itemUnit: string;
}

const DAY = 86_400_000;
const round1 = (value: number) => Math.round(value * 10) / 10;

export function companySegments(seed: string, company: CompanyRecord, now: number, financials: CompanyFinancials): SegmentRecord[] {
  const rng = Random.derive(seed, `segments/${company.seedIndex}`);
  const latestYear = new Date(now).getUTCFullYear() - 1;
  const unit = `M${company.currency}`;
  const areas = company.industry.segments.slice(0, rng.int(3, 4));
  const areaWeights = areas.map(() => rng.float(0.5, 2));
  const regionWeights = REGIONS.map(() => rng.float(0.2, 2));
  const margins = areas.map(() => rng.float(-0.25, 0.3));
  const withOperatingIncome = rng.chance(0.5);
  const records: SegmentRecord[] = [];

  for (let year = latestYear - 2; year <= latestYear; year++) {
    // Annual figures are reported with the annual report, about two months after year end.
    const reportDate = Date.UTC(year + 1, 1, 10 + rng.int(0, 40), 7, 0);
    if (reportDate > now) continue;
    const createdAt = reportDate + rng.int(1, 10) * DAY;
    if (createdAt > now) continue;
    const updatedAt = rng.chance(0.2) ? Math.min(now, createdAt + rng.int(20, 200) * DAY) : createdAt;
    const figures = financials.year(year);
    const total = round1(figures.revenue);
    const split = (weights: number[], names: readonly string[], amount: number, otherShare: number) => {
      const sum = weights.reduce((a, b) => a + b, 0);
      const distributable = amount * (1 - otherShare);
      const items = names.map((name, i) => ({
        name,
        value: round1((distributable * (weights[i] as number) * rng.float(0.93, 1.07)) / sum),
      }));
      const other = round1(amount - items.reduce((a, item) => a + item.value, 0));
      return { items, other };
    };
    const base = { companyId: company.id, createdAt, updatedAt, fiscalYear: year, reportDate, totalUnit: unit, itemUnit: unit };

    const business = split(areaWeights, areas, total, rng.float(0.01, 0.06));
    records.push({ ...base, segmentItem: 'Revenue', segmentCategory: 'Business Segments', total, ...formatOther(business, total) });
    const regional = split(regionWeights, REGIONS, total, rng.float(0, 0.03));
    records.push({ ...base, segmentItem: 'Revenue', segmentCategory: 'Geographic Segments', total, ...formatOther(regional, total) });

    if (withOperatingIncome) {
      const operatingTotal = round1(figures.operatingIncome);
      // Unallocated corporate costs sit in "other", so operating income's other is negative.
      const corporate = round1(-total * rng.float(0.01, 0.04));
      // Each area's margin, all moved alike so that the areas and the corporate costs make the year's operating income.
      const areaMargins = business.items.map((_, i) => (margins[i] as number) + rng.float(-0.04, 0.04));
      const areaRevenue = business.items.reduce((a, item) => a + item.value, 0);
      const shift = (operatingTotal - corporate - business.items.reduce((a, item, i) => a + item.value * (areaMargins[i] as number), 0)) / areaRevenue;
      const items = business.items.map((item, i) => ({ name: item.name, value: round1(item.value * ((areaMargins[i] as number) + shift)) }));
      // What rounding leaves goes to the largest area.
      const largest = items.reduce((best, item) => (item.value > best.value ? item : best), items[0]!);
      largest.value = round1(largest.value + operatingTotal - corporate - items.reduce((a, item) => a + item.value, 0));
      records.push({
        ...base,
        segmentItem: 'Operating Income',
        segmentCategory: 'Business Segments',
        total: operatingTotal,
        ...formatOther({ items, other: corporate }, operatingTotal),
      });
    }
  }
  return records;
}

function formatOther(split: { items: { name: string; value: number }[]; other: number }, total: number) {
  const share = total === 0 ? 0 : (split.other / Math.abs(total)) * 100;
  return { items: split.items, other: `${split.other.toFixed(1)} (${share.toFixed(1)}%)` };
}

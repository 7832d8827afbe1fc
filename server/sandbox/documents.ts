import { DOC_TYPE, DOCUMENT_GROUPS, isAnnualReportType, isEarningsReleaseType, type DocumentTypeRecord } from './data/catalog.ts';
import type { PeriodFigures, QuarterFigures } from './data/financials.ts';
import { PRESS_TOPICS, REPORT_VARIANT } from './data/generate.ts';
import { renderPdf, type PdfDocumentSpec, type PdfSection } from './pdf.ts';
import type { Context } from './serialize.ts';
import { quarterName, type DocumentInfo, type EventInfo } from './store.ts';

/**
 * The text of every non-transcript document: a real PDF naming its company, event, period and
 * type, with figures that follow from the company's size. Generated on request, deterministic.
 */

const money = (value: number, currency: string) =>
  `${currency} ${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} million`;
const num = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;

/** What a document reports on: a fiscal quarter, or (annual reports, full-year events) a fiscal year. */
interface Period {
  figures: PeriodFigures;
  prior: PeriodFigures;
  label: string;
  priorLabel: string;
  /** The guidance given with the period's results: the quarter's, or the year's last quarter's. */
  guidance: QuarterFigures;
}

function reportedPeriod(document: DocumentInfo, event: EventInfo, ctx: Context): Period {
  const financials = ctx.store.financials(document.company);
  const quarter = QUARTERS.indexOf(event.fiscalPeriod);
  if (quarter < 0 || isAnnualReportType(document.typeId)) {
    const year = event.fiscalYear;
    return {
      figures: financials.year(year),
      prior: financials.year(year - 1),
      label: `FY ${year}`,
      priorLabel: `FY ${year - 1}`,
      guidance: financials.quarter(year * 4 + 3),
    };
  }
  const index = event.fiscalYear * 4 + quarter;
  const figures = financials.quarter(index);
  return {
    figures,
    prior: financials.quarter(index - 4),
    label: `${event.fiscalPeriod} ${event.fiscalYear}`,
    priorLabel: `${event.fiscalPeriod} ${event.fiscalYear - 1}`,
    guidance: figures,
  };
}

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];

const dateText = (time: number) => new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const margin = (value: number) => `${value.toFixed(1)}%`;
const change = (now: number, before: number) => pct(before === 0 ? 0 : ((now - before) / Math.abs(before)) * 100);
/** A guidance figure as said: whole numbers without decimals. */
const percentText = (value: number) => `${Number(value.toFixed(1))}%`;

function resultsTable(period: Period, currency: string) {
  const { figures: f, prior: p } = period;
  const points = f.grossMargin - p.grossMargin;
  return {
    columns: [`${currency} million`, period.label, period.priorLabel, 'Change'],
    rows: [
      ['Revenue', num(f.revenue), num(p.revenue), pct(f.growth)],
      ['Gross margin', margin(f.grossMargin), margin(p.grossMargin), `${points >= 0 ? '+' : ''}${points.toFixed(1)} pp`],
      ['Operating income', num(f.operatingIncome), num(p.operatingIncome), change(f.operatingIncome, p.operatingIncome)],
      ['Operating margin', margin(f.operatingMargin), margin(p.operatingMargin), ''],
      ['Net income', num(f.netIncome), num(p.netIncome), change(f.netIncome, p.netIncome)],
      ['Diluted EPS', f.eps.toFixed(2), p.eps.toFixed(2), ''],
      ['Free cash flow', num(f.freeCashFlow), num(p.freeCashFlow), ''],
    ],
  };
}

/**
 * Revenue by business segment: the fiscal year's for an annual report or a fourth quarter, else
 * the year before's (the latest a quarter's results can show); none when not reported.
 */
function segmentSection(document: DocumentInfo, event: EventInfo, ctx: Context): PdfSection | undefined {
  const year = isAnnualReportType(document.typeId) || event.fiscalPeriod === 'Q4' || event.fiscalPeriod === 'FY' ? event.fiscalYear : event.fiscalYear - 1;
  const record = ctx.store
    .segments(document.company)
    .find((r) => r.segmentCategory === 'Business Segments' && r.segmentItem === 'Revenue' && r.fiscalYear === year);
  if (!record) return undefined;
  return {
    heading: `Revenue by business segment, fiscal ${record.fiscalYear}`,
    paragraphs: [`Figures in ${record.totalUnit}. Other: ${record.other}.`],
    table: {
      columns: ['Segment', record.totalUnit],
      rows: [...record.items.map((item) => [item.name, num(item.value)]), ['Total', num(record.total)]],
    },
  };
}

/** The full-year guidance given with a quarter's results, in the words of its call. */
function guidanceText(company: string, q: QuarterFigures): string {
  const range = `revenue growth of ${percentText(q.guidanceLow)} to ${percentText(q.guidanceHigh)}`;
  if (q.guidance === 'raised') return `${company} raises its full-year guidance: it now expects ${range}.`;
  if (q.guidance === 'cut') return `${company} lowers its full-year guidance: it now expects ${range}.`;
  return `${company} reaffirms its full-year guidance of ${range}.`;
}

const SAFE_HARBOUR =
  'This document contains forward-looking statements. Such statements are based on current expectations and are subject to risks and uncertainties that could cause actual results to differ materially. The company undertakes no obligation to update any forward-looking statement.';

type DocumentKind = 'release' | 'slides' | 'press' | 'periodic' | 'notice' | 'registration' | 'other';

/** Which text a document gets, from its type (and, for the generic "Report", its variant). */
function documentKind(document: DocumentInfo): DocumentKind {
  const { typeId } = document;
  if (isEarningsReleaseType(typeId)) return 'release';
  if (isAnnualReportType(typeId) || typeId === DOC_TYPE.quarterlyReport10Q || typeId === DOC_TYPE.interimReport) return 'periodic';
  if (typeId === DOC_TYPE.slides) return 'slides';
  if (typeId === DOC_TYPE.pressRelease) return 'press';
  if (typeId === DOC_TYPE.report) return document.variant === REPORT_VARIANT.registration ? 'registration' : 'notice';
  return 'other';
}

export function buildDocumentSpec(document: DocumentInfo, event: EventInfo, type: DocumentTypeRecord | undefined, ctx: Context): PdfDocumentSpec {
  const c = document.company;
  const reported = reportedPeriod(document, event, ctx);
  const f = reported.figures;
  const period = `${quarterName(event.fiscalPeriod)} ${event.fiscalYear}`;
  const typeName = type?.name ?? 'Document';
  const ticker = c.tickers
    .filter((t) => t.exchange !== 'BASE')
    .map((t) => `${t.exchange}: ${t.ticker}`)
    .join(' · ');
  const meta = [c.name, `${ticker} · ISIN ${c.isins.join(', ')}`, `Published ${dateText(document.createdAt)}`];
  const footer = `${c.displayName} · ${typeName} · ${event.fiscalPeriod} ${event.fiscalYear}`;
  const base = {
    subtitle: `${event.title} · ${typeName}`,
    meta,
    footer,
    author: c.name,
    creationDate: new Date(document.createdAt).toISOString(),
  };
  const results = resultsTable(reported, c.currency);
  const segments = segmentSection(document, event, ctx);
  const outlook: PdfSection = { heading: 'Outlook', paragraphs: [guidanceText(c.displayName, reported.guidance)] };
  const highlights: PdfSection = {
    heading: 'Highlights',
    paragraphs: [
      `• Revenue of ${money(f.revenue, c.currency)}, ${pct(f.growth)} year over year.`,
      `• Gross margin ${margin(f.grossMargin)}; operating margin ${margin(f.operatingMargin)}, operating income of ${money(f.operatingIncome, c.currency)}.`,
      `• Free cash flow of ${money(f.freeCashFlow, c.currency)}; cash and equivalents of ${money(f.cash, c.currency)} at period end.`,
      `• Diluted earnings per share of ${f.eps.toFixed(2)} ${c.currency}.`,
    ],
  };

  switch (documentKind(document)) {
    case 'release':
      return {
        ...base,
        title: `${c.displayName} reports ${period} results`,
        sections: [
          highlights,
          {
            heading: 'Comment from the Chief Executive Officer',
            paragraphs: [
              `"Our teams delivered a solid ${quarterName(event.fiscalPeriod)}," said ${c.executives.ceo.name}, Chief Executive Officer. "Demand for our ${c.industry.offering} stayed healthy, and we kept investing in the areas that will drive our next phase of growth."`,
            ],
          },
          { heading: 'Financial summary', table: results },
          ...(segments ? [segments] : []),
          outlook,
          {
            heading: 'Conference call',
            paragraphs: [
              `Management will host a conference call on ${dateText(event.date)} at ${new Date(event.date).toISOString().slice(11, 16)} UTC. A recording and transcript will be available afterwards on the investor relations website.`,
            ],
          },
          { heading: 'Forward-looking statements', paragraphs: [SAFE_HARBOUR] },
        ],
      };
    case 'slides':
      return {
        ...base,
        title: `${event.title}: presentation`,
        sections: [
          { heading: 'Agenda', paragraphs: ['• Highlights of the period', '• Financial review', '• Outlook', '• Questions and answers'] },
          highlights,
          { heading: 'Financial review', table: results },
          ...(segments ? [segments] : []),
          outlook,
        ],
      };
    case 'press': {
      const topic = PRESS_TOPICS[document.variant % PRESS_TOPICS.length] as string;
      // The latest fiscal year: the one a general meeting approves, else the year before the event's.
      const latestYear = event.fiscalPeriod === 'FY' ? event.fiscalYear : event.fiscalYear - 1;
      return {
        ...base,
        title: `${c.displayName}: ${topic}`,
        sections: [
          {
            heading: topic,
            paragraphs: [
              `${c.name} (${ticker}) today announced: ${topic.toLowerCase()}. The announcement relates to ${event.title}, held on ${dateText(event.date)}.`,
              `The company's revenue in fiscal ${latestYear} was ${money(ctx.store.financials(c).year(latestYear).revenue, c.currency)}.`,
            ],
          },
          { heading: 'Investor relations contact', paragraphs: [`${c.executives.ir.name}, ${c.executives.ir.role}`] },
          { heading: 'Forward-looking statements', paragraphs: [SAFE_HARBOUR] },
        ],
      };
    }
    case 'periodic': {
      const annual = isAnnualReportType(document.typeId);
      const scope = annual ? `fiscal year ${event.fiscalYear}` : period;
      const statement = (label: string, rows: [string, number][]) => ({
        heading: label,
        table: { columns: [`${c.currency} million`, scope], rows: rows.map(([name, value]) => [name, num(value)]) },
      });
      const sections: PdfSection[] = [
        {
          heading: annual ? 'Letter to shareholders' : "Management's discussion",
          paragraphs: [
            `${c.displayName} closed the ${scope} with revenue of ${money(f.revenue, c.currency)} and operating income of ${money(f.operatingIncome, c.currency)}.`,
            `We continued to focus on ${c.industry.offering}, disciplined capital allocation and the execution of our strategy across ${c.industry.segments.slice(0, 3).join(', ')}.`,
            `${c.executives.ceo.name}, Chief Executive Officer`,
          ],
        },
        { heading: 'Key figures', table: results },
        ...(segments ? [segments] : []),
        statement('Income statement', [
          ['Revenue', f.revenue],
          ['Cost of sales', f.grossProfit - f.revenue],
          ['Gross profit', f.grossProfit],
          ['Operating income', f.operatingIncome],
          ['Net income', f.netIncome],
        ]),
        statement('Balance sheet (selected items)', [
          ['Cash and cash equivalents', f.cash],
          ['Total borrowings', f.debt],
          ['Net cash (debt)', f.cash - f.debt],
        ]),
        statement('Cash flow (selected items)', [
          ['Cash from operations', f.freeCashFlow + f.capitalExpenditure],
          ['Capital expenditure', -f.capitalExpenditure],
          ['Free cash flow', f.freeCashFlow],
        ]),
        {
          heading: 'Risk factors',
          paragraphs: [
            'Our results depend on general economic conditions, on customer demand in our markets, on competition, on currency movements and on our ability to retain key employees.',
            'Changes in regulation, supply-chain disruption and cyber-security incidents could affect our operations.',
            SAFE_HARBOUR,
          ],
        },
      ];
      if (annual) {
        sections.push({
          heading: 'Corporate governance',
          paragraphs: [
            `The Board of Directors oversees strategy and risk. ${c.executives.ceo.name} serves as Chief Executive Officer and ${c.executives.cfo.name} as Chief Financial Officer.`,
          ],
        });
      }
      return { ...base, title: `${c.displayName} ${typeName}: ${scope}`, sections };
    }
    case 'notice':
      return {
        ...base,
        title: `${c.displayName}: Notice of ${event.title}`,
        sections: [
          {
            heading: 'Meeting details',
            paragraphs: [`The meeting will be held on ${dateText(event.date)}. Shareholders of record may vote in person or by proxy.`],
          },
          {
            heading: 'Proposals',
            table: {
              columns: ['No.', 'Proposal', 'Board recommendation'],
              rows: [
                ['1', `Approval of the fiscal ${event.fiscalYear} accounts`, 'For'],
                ['2', 'Election of directors', 'For'],
                ['3', 'Advisory vote on executive compensation', 'For'],
                ['4', 'Appointment of the auditor', 'For'],
              ],
            },
          },
          { heading: 'Questions', paragraphs: [`Contact ${c.executives.ir.name}, ${c.executives.ir.role}.`] },
        ],
      };
    case 'registration':
      return {
        ...base,
        title: `${c.name}: Registration Statement`,
        sections: [
          {
            heading: 'The offering',
            paragraphs: [`${c.name} is registering senior notes with an aggregate principal amount of ${money(Math.round(c.revenue * 0.2), c.currency)}.`],
          },
          { heading: 'Use of proceeds', paragraphs: ['General corporate purposes, including the refinancing of existing borrowings.'] },
          { heading: 'Risk factors', paragraphs: [SAFE_HARBOUR] },
        ],
      };
    default:
      return {
        ...base,
        title: `${c.displayName}: ${typeName}`,
        sections: [{ heading: DOCUMENT_GROUPS[type?.documentGroupId ?? 2] ?? typeName, paragraphs: [event.title] }],
      };
  }
}

export function buildDocumentPdf(document: DocumentInfo, event: EventInfo, type: DocumentTypeRecord | undefined, ctx: Context): Uint8Array<ArrayBuffer> {
  return renderPdf(buildDocumentSpec(document, event, type, ctx));
}

import { DOC_TYPE, DOCUMENT_GROUPS, isAnnualReportType, isEarningsReleaseType, type DocumentTypeRecord } from './data/catalog.ts';
import { companySegments } from './data/segments.ts';
import { PRESS_TOPICS, REPORT_VARIANT } from './data/generate.ts';
import { renderPdf, type PdfDocumentSpec, type PdfSection } from './pdf.ts';
import { Random } from './random.ts';
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

interface Figures {
  revenue: number;
  priorRevenue: number;
  grossMargin: number;
  operatingIncome: number;
  priorOperatingIncome: number;
  netIncome: number;
  eps: number;
  freeCashFlow: number;
  cash: number;
  debt: number;
  guidanceLow: number;
  guidanceHigh: number;
}

function figures(document: DocumentInfo, event: EventInfo): Figures {
  const rng = Random.derive(`${document.company.seedIndex}`, `figures/${event.fiscalYear}/${event.fiscalPeriod}`);
  const annual = document.company.revenue * (1 + (event.fiscalYear - 2025) * 0.05);
  const quarterly = event.fiscalPeriod.startsWith('Q');
  const revenue = Math.round((quarterly ? annual / 4 : annual) * rng.float(0.94, 1.08) * 10) / 10;
  const growth = rng.float(-0.08, 0.22);
  const margin = rng.float(-0.05, 0.28);
  const operatingIncome = Math.round(revenue * margin * 10) / 10;
  return {
    revenue,
    priorRevenue: Math.round((revenue / (1 + growth)) * 10) / 10,
    grossMargin: rng.float(28, 72),
    operatingIncome,
    priorOperatingIncome: Math.round(operatingIncome * rng.float(0.7, 1.2) * 10) / 10,
    netIncome: Math.round(operatingIncome * rng.float(0.6, 0.8) * 10) / 10,
    eps: Math.round(operatingIncome * rng.float(0.002, 0.01) * 100) / 100,
    freeCashFlow: Math.round(revenue * rng.float(-0.04, 0.2) * 10) / 10,
    cash: Math.round(annual * rng.float(0.1, 0.5) * 10) / 10,
    debt: Math.round(annual * rng.float(0, 0.6) * 10) / 10,
    guidanceLow: Math.round(revenue * rng.float(0.98, 1.02) * 10) / 10,
    guidanceHigh: Math.round(revenue * rng.float(1.03, 1.08) * 10) / 10,
  };
}

const dateText = (time: number) => new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function resultsTable(f: Figures, event: EventInfo, currency: string) {
  const now = `${event.fiscalPeriod} ${event.fiscalYear}`;
  const before = `${event.fiscalPeriod} ${event.fiscalYear - 1}`;
  return {
    columns: [`${currency} million`, now, before, 'Change'],
    rows: [
      ['Revenue', num(f.revenue), num(f.priorRevenue), pct((f.revenue / f.priorRevenue - 1) * 100)],
      ['Gross margin', `${f.grossMargin.toFixed(1)}%`, `${(f.grossMargin - 1.2).toFixed(1)}%`, `${'+1.2'} pp`],
      [
        'Operating income',
        num(f.operatingIncome),
        num(f.priorOperatingIncome),
        pct(f.priorOperatingIncome === 0 ? 0 : ((f.operatingIncome - f.priorOperatingIncome) / Math.abs(f.priorOperatingIncome)) * 100),
      ],
      ['Net income', num(f.netIncome), num(Math.round(f.priorOperatingIncome * 0.7 * 10) / 10), ''],
      ['Diluted EPS', f.eps.toFixed(2), (f.eps * 0.9).toFixed(2), ''],
      ['Free cash flow', num(f.freeCashFlow), num(Math.round(f.freeCashFlow * 0.85 * 10) / 10), ''],
    ],
  };
}

function segmentSection(document: DocumentInfo, ctx: Context): PdfSection | undefined {
  const records = companySegments(ctx.store.dataset.seed, document.company, ctx.store.dataset.generatedAt).filter(
    (r) => r.segmentCategory === 'Business Segments' && r.segmentItem === 'Revenue',
  );
  const latest = records[records.length - 1];
  if (!latest) return undefined;
  return {
    heading: `Revenue by business segment, fiscal ${latest.fiscalYear}`,
    paragraphs: [`Figures in ${latest.totalUnit}. Other: ${latest.other}.`],
    table: {
      columns: ['Segment', latest.totalUnit],
      rows: [...latest.items.map((item) => [item.name, num(item.value)]), ['Total', num(latest.total)]],
    },
  };
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
  const f = figures(document, event);
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
  const results = resultsTable(f, event, c.currency);
  const segments = segmentSection(document, ctx);
  const outlook: PdfSection = {
    heading: 'Outlook',
    paragraphs: [
      `For the next quarter, ${c.displayName} expects revenue between ${money(f.guidanceLow, c.currency)} and ${money(f.guidanceHigh, c.currency)}, and reaffirms its medium-term targets.`,
    ],
  };
  const highlights: PdfSection = {
    heading: 'Highlights',
    paragraphs: [
      `• Revenue of ${money(f.revenue, c.currency)}, ${pct((f.revenue / f.priorRevenue - 1) * 100)} year over year.`,
      `• Operating income of ${money(f.operatingIncome, c.currency)}; gross margin ${f.grossMargin.toFixed(1)}%.`,
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
      return {
        ...base,
        title: `${c.displayName}: ${topic}`,
        sections: [
          {
            heading: topic,
            paragraphs: [
              `${c.name} (${ticker}) today announced: ${topic.toLowerCase()}. The announcement relates to ${event.title}, held on ${dateText(event.date)}.`,
              `The company's revenue in its latest fiscal year was ${money(c.revenue, c.currency)}.`,
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
      const yearFactor = annual ? 4 : 1;
      const sections: PdfSection[] = [
        {
          heading: annual ? 'Letter to shareholders' : "Management's discussion",
          paragraphs: [
            `${c.displayName} closed the ${scope} with revenue of ${money(f.revenue * yearFactor, c.currency)} and operating income of ${money(f.operatingIncome * yearFactor, c.currency)}.`,
            `We continued to focus on ${c.industry.offering}, disciplined capital allocation and the execution of our strategy across ${c.industry.segments.slice(0, 3).join(', ')}.`,
            `${c.executives.ceo.name}, Chief Executive Officer`,
          ],
        },
        { heading: 'Key figures', table: results },
        ...(segments ? [segments] : []),
        statement('Income statement', [
          ['Revenue', f.revenue * yearFactor],
          ['Cost of sales', -f.revenue * yearFactor * (1 - f.grossMargin / 100)],
          ['Gross profit', (f.revenue * yearFactor * f.grossMargin) / 100],
          ['Operating income', f.operatingIncome * yearFactor],
          ['Net income', f.netIncome * yearFactor],
        ]),
        statement('Balance sheet (selected items)', [
          ['Cash and cash equivalents', f.cash],
          ['Total borrowings', f.debt],
          ['Net cash (debt)', f.cash - f.debt],
        ]),
        statement('Cash flow (selected items)', [
          ['Cash from operations', f.freeCashFlow * yearFactor * 1.3],
          ['Capital expenditure', -f.freeCashFlow * yearFactor * 0.3],
          ['Free cash flow', f.freeCashFlow * yearFactor],
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

import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdf, type PdfDocumentSpec } from '../../server/sandbox/pdf.ts';

// In Node the legacy build runs its worker in-process ("fake worker"), loading
// pdf.worker.mjs next to pdf.mjs; no workerSrc needed. Standard fonts are not loaded
// (text extraction only needs the encoding and the built-in metrics), so keep pdf.js quiet
// about the missing standardFontDataUrl.
async function load(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    data: bytes.slice(), // pdf.js transfers (detaches) the buffer it is given
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
}

interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

async function pageItems(doc: PDFDocumentProxy, pageNumber: number): Promise<TextItem[]> {
  const page = await doc.getPage(pageNumber);
  const content = await page.getTextContent();
  const items: TextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    items.push({ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width });
  }
  return items;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const joined = (items: TextItem[]) => normalize(items.map((item) => item.str).join(' '));

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** Text shown by each page's (uncompressed) content stream, in drawing order. */
function contentTexts(bytes: Uint8Array): { y: number; text: string }[][] {
  const text = latin1(bytes);
  return [...text.matchAll(/\/Length (\d+) >>\nstream\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    const stream = text.slice(start, start + Number(match[1]));
    return [...stream.matchAll(/ ([\d.]+) Td \(((?:[^\\)]|\\.)*)\) Tj/g)].map((op) => ({
      y: Number(op[1]),
      text: (op[2] ?? '').replace(/\\(.)/g, '$1'),
    }));
  });
}

const SENTENCE = 'Revenue rose 12% year over year to $1.24 billion, driven by subscription growth in the Cloud segment and a stronger services backlog.';
const PUNCTUATION = 'Management – in its “outlook” — expects ‘modest’ growth • €120 million™ for Société Générale…';
const TRICKY = 'Net loss (adjusted) was ($4.2) million; see C:\\reports\\q3 and the note ) ( \\ for details.';

function longSpec(): PdfDocumentSpec {
  const sections = Array.from({ length: 14 }, (_, s) => ({
    heading: `Section ${s + 1}: Segment results`,
    paragraphs: [
      `${SENTENCE} `.repeat(1 + (s % 4)).trim(),
      ...(s % 3 === 0 ? [`• Highlight ${s + 1}: bookings grew double digits, with strong renewals in EMEA.`] : []),
      ...(s === 2 ? [PUNCTUATION, TRICKY] : []),
    ],
    table:
      s % 2 === 0
        ? {
            columns: ['(in millions, except per share)', 'Q3 FY26', 'Q3 FY25', 'Change'],
            rows: Array.from({ length: 4 + (s % 5) * 3 }, (_, r) => [
              `Line item ${s + 1}.${r + 1}`,
              r % 2 === 0 ? '$1,234.5' : '$98.0',
              `(${(r * 1.7).toFixed(1)})`,
              r === 3 ? '—' : `+${r}.5%`,
            ]),
          }
        : undefined,
  }));
  return {
    title: 'Northwind Traders Reports Third Quarter Fiscal 2026 Results',
    subtitle: 'Third quarter fiscal 2026 · Earnings Release',
    meta: ['Northwind Traders, Inc. (fictional)', 'November 20, 2026'],
    footer: 'Northwind Traders, Inc. — sandbox document, not investment advice',
    sections,
  };
}

describe('renderPdf', () => {
  const spec = longSpec();
  let bytes: Uint8Array;
  let doc: PDFDocumentProxy;
  let pages: TextItem[][];
  let pageCount: number;

  beforeAll(async () => {
    bytes = renderPdf(spec);
    doc = await load(bytes);
    pages = [];
    for (let p = 1; p <= doc.numPages; p++) pages.push(await pageItems(doc, p));
    const match = /Page 1 of (\d+)/.exec(joined(pages[0] ?? []));
    pageCount = Number(match?.[1] ?? NaN);
  });

  it('produces a multi-page document whose page count matches the page objects and footers', () => {
    expect(latin1(bytes.subarray(0, 8))).toBe('%PDF-1.4');
    expect(latin1(bytes.subarray(bytes.length - 6))).toBe('%%EOF\n');
    expect(doc.numPages).toBeGreaterThanOrEqual(4);
    expect(doc.numPages).toBe(pageCount);
    expect(latin1(bytes).match(/\/Type \/Page /g)).toHaveLength(doc.numPages);
    pages.forEach((items, i) => {
      const text = joined(items);
      expect(text).toContain(`Page ${i + 1} of ${pageCount}`);
      expect(text).toContain('Northwind Traders, Inc. — sandbox document, not investment advice');
    });
  });

  it('puts the title block on page 1 and body text, tables and page numbers where expected', () => {
    const first = joined(pages[0] ?? []);
    expect(first).toContain('Northwind Traders Reports Third Quarter Fiscal 2026 Results');
    expect(first).toContain('Third quarter fiscal 2026 · Earnings Release');
    expect(first).toContain('Northwind Traders, Inc. (fictional)');
    expect(first).toContain('Section 1: Segment results');
    expect(first).toContain(SENTENCE);
    expect(first).toContain('(in millions, except per share)');
    expect(first).toContain('Line item 1.1');
    expect(first).toContain('$1,234.5');
    expect(joined(pages[1] ?? [])).toContain(`Page 2 of ${pageCount}`);

    const all = pages.map(joined).join(' ');
    for (let s = 1; s <= 14; s++) expect(all).toContain(`Section ${s}: Segment results`);
    // Every table cell of the last (longest) table comes through, even across page breaks.
    for (const row of spec.sections[12]?.table?.rows ?? []) for (const cell of row) expect(all).toContain(cell);
    expect(all).toContain('• Highlight 4: bookings grew double digits, with strong renewals in EMEA.');
  });

  it('keeps non-ASCII punctuation, parentheses and backslashes intact', () => {
    const all = pages.map(joined).join(' ');
    expect(all).toContain(PUNCTUATION);
    expect(all).toContain(TRICKY);
  });

  it('maps characters outside WinAnsi to "?" and drops invisible ones', async () => {
    const small = renderPdf({
      title: 'Emoji 😀 and CJK 漢字',
      sections: [{ heading: 'Notes', paragraphs: ['Arrow → here; soft\u00adhyphen; zero\u200bwidth; minus −5; nbsp 10\u00a0000.'] }],
    });
    const text = joined(await pageItems(await load(small), 1));
    expect(text).toContain('Emoji ? and CJK ??');
    expect(text).toContain('Arrow ? here; softhyphen; zerowidth; minus -5; nbsp 10');
  });

  it('right-aligns numeric table cells and keeps all text inside the margins', async () => {
    const page = await doc.getPage(1);
    const [, , pageWidth] = page.view as [number, number, number, number];
    const rightEdges = (pages[0] ?? []).filter((item) => item.str === '$1,234.5' || item.str === '$98.0').map((item) => item.x + item.width);
    expect(rightEdges.length).toBeGreaterThanOrEqual(2);
    for (const edge of rightEdges) expect(edge).toBeCloseTo(rightEdges[0] ?? 0, 1);
    const labels = (pages[0] ?? []).filter((item) => item.str.startsWith('Line item 1.')).map((item) => item.x);
    for (const x of labels) expect(x).toBeCloseTo(labels[0] ?? 0, 1);
    for (const items of pages) {
      for (const item of items) {
        expect(item.x).toBeGreaterThanOrEqual(53.9);
        expect(item.x + item.width).toBeLessThanOrEqual(pageWidth - 53.9);
      }
    }
  });

  it('never leaves a heading as the last body line of a page', () => {
    for (const items of pages.slice(0, -1)) {
      // Body items sit above the footer (y > 48) and below the running header.
      const body = items.filter((item) => item.y > 50 && item.y < 750).sort((a, b) => a.y - b.y);
      expect(body[0]?.str).not.toMatch(/^Section \d+: Segment results$/);
    }

    // Slide a heading through the bottom of page 1 in 20 pt steps (one-line paragraphs) and
    // check, straight from the uncompressed content streams, that it always moves to page 2
    // together with the start of its paragraph or table.
    let pushed = 0;
    for (const withTable of [false, true]) {
      for (let n = 22; n <= 36; n++) {
        const pdf = renderPdf({
          title: 'Keep with next',
          sections: [
            { heading: 'Filler', paragraphs: Array.from({ length: n }, (_, i) => `Filler paragraph ${i + 1}.`) },
            {
              heading: 'The heading',
              paragraphs: withTable ? [] : ['First line of the next paragraph. '.repeat(12)],
              table: withTable
                ? {
                    columns: ['Item', 'Value'],
                    rows: [
                      ['a', '1'],
                      ['b', '2'],
                    ],
                  }
                : undefined,
            },
          ],
        });
        const [first, second] = contentTexts(pdf);
        const body = (first ?? []).filter((t) => t.y > 50);
        expect(body.at(-1)?.text).not.toBe('The heading');
        if ((second ?? []).some((t) => t.text === 'The heading') && body.at(-1)?.text.startsWith('Filler paragraph')) {
          pushed++;
        }
      }
    }
    expect(pushed).toBeGreaterThan(0);
  });

  it('is deterministic: two renders are byte-identical', () => {
    const again = renderPdf(longSpec());
    expect(again.length).toBe(bytes.length);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('has an exact xref table, trailer and stream lengths', () => {
    const text = latin1(bytes);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
    const size = Number(header?.[1]);
    expect(size).toBeGreaterThan(5);
    let pos = startxref + (header?.[0].length ?? 0);
    for (let n = 0; n < size; n++) {
      const entry = text.slice(pos, pos + 20);
      expect(entry).toMatch(/^\d{10} \d{5} [fn] \n$/);
      if (n === 0) expect(entry).toBe('0000000000 65535 f \n');
      else {
        const offset = Number(entry.slice(0, 10));
        expect(text.slice(offset, offset + `${n} 0 obj`.length + 1)).toBe(`${n} 0 obj\n`);
      }
      pos += 20;
    }
    const trailer = text.slice(pos);
    expect(trailer).toMatch(new RegExp(`^trailer\\n<< /Size ${size} /Root 1 0 R /Info 5 0 R /ID \\[<[0-9A-F]{32}> <[0-9A-F]{32}>\\] >>`));

    let streams = 0;
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
      streams++;
    }
    expect(streams).toBe(doc.numPages);
  });

  it('writes document info (title as UTF-16, optional author and creation date) and supports A4', async () => {
    const a4 = renderPdf({
      title: 'Société Générale de Widgets — Proxy Statement',
      author: 'Widgets SA',
      creationDate: '2026-03-02T10:00:00-05:00',
      pageSize: 'A4',
      sections: [{ heading: 'Intro', paragraphs: ['Hello.'] }],
    });
    const pdf = await load(a4);
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    expect(info.Title).toBe('Société Générale de Widgets — Proxy Statement');
    expect(info.Author).toBe('Widgets SA');
    expect(info.CreationDate).toBe('D:20260302150000Z');
    const page = await pdf.getPage(1);
    expect(page.view).toEqual([0, 0, 595.28, 841.89]);
    expect(latin1(renderPdf({ title: 'x', sections: [] }))).not.toContain('/CreationDate');
  });
});

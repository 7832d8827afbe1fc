import { findMatches } from '../../lib/find-matches.ts';

/**
 * Find-in-document over a PDF's text: each page's text items (what pdf.js's text layer draws, one
 * span per item) are joined into one searchable string, and every match is mapped back to the
 * parts of the items it covers, so the text layer can mark exactly those characters.
 */

export interface PageTextItem {
  str: string;
  /** The item ends a line: a space stands between it and the next item. */
  hasEOL?: boolean;
}

export interface HitPart {
  /** Index of the item (= text-layer span) on the page. */
  item: number;
  from: number;
  to: number;
}

export interface PdfHit {
  /** 1-based page number. */
  page: number;
  parts: HitPart[];
}

interface IndexedPage {
  text: string;
  /** Start offset of each item in `text`. */
  starts: number[];
}

export function indexPage(items: readonly PageTextItem[]): IndexedPage {
  let text = '';
  const starts: number[] = [];
  items.forEach((item, index) => {
    starts.push(text.length);
    text += item.str;
    const next = items[index + 1];
    // Items that end a line, or sit side by side with no blank between them (table cells), are
    // kept apart by one space so words from neighbouring items do not run together.
    if (next && (item.hasEOL || (!/\s$/.test(item.str) && !/^\s/.test(next.str) && item.str !== '' && next.str !== ''))) text += ' ';
  });
  return { text, starts };
}

/** The items a [start, end) range of the page text covers, and which characters of each. */
function partsOf(page: IndexedPage, items: readonly PageTextItem[], start: number, end: number): HitPart[] {
  const parts: HitPart[] = [];
  page.starts.forEach((itemStart, item) => {
    const itemEnd = itemStart + (items[item]?.str.length ?? 0);
    const from = Math.max(start, itemStart);
    const to = Math.min(end, itemEnd);
    if (to > from) parts.push({ item, from: from - itemStart, to: to - itemStart });
  });
  return parts;
}

/** Every match of `query` in the pages, in reading order (page by page). */
export function findInPages(pages: readonly (readonly PageTextItem[])[], query: string): PdfHit[] {
  const hits: PdfHit[] = [];
  pages.forEach((items, index) => {
    const page = indexPage(items);
    for (const [start, end] of findMatches(page.text, query)) {
      const parts = partsOf(page, items, start, end);
      if (parts.length > 0) hits.push({ page: index + 1, parts });
    }
  });
  return hits;
}

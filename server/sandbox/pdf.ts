/**
 * A small, dependency-free, deterministic PDF 1.4 writer for the sandbox's fictional company
 * documents (earnings releases, reports, proxy statements …).
 *
 * - Standard fonts only (Helvetica, Helvetica-Bold) with /WinAnsiEncoding; text is real text
 *   (Tj), so it is selectable and searchable in a viewer.
 * - Paragraphs are word-wrapped with Helvetica's AFM glyph widths; pages break automatically,
 *   headings are kept with what follows, tables repeat their header row on continuation pages.
 * - Uncompressed content streams, exact /Length and xref offsets, no clock: the same spec
 *   always gives byte-identical output.
 *
 * Everything is built as a "binary string" (one char = one byte, all char codes < 256), so
 * string lengths are byte offsets; it is converted to a Uint8Array at the very end.
 */

export interface PdfTable {
  columns: string[];
  rows: string[][];
}

export interface PdfSection {
  heading: string;
  paragraphs?: string[];
  table?: PdfTable;
}

export interface PdfDocumentSpec {
  /** Big title on page 1 and the PDF /Title info. */
  title: string;
  /** Line under the title (e.g. "Third quarter fiscal 2026 · Earnings Release"). */
  subtitle?: string;
  /** Small grey lines under the subtitle (company legal name, date …). */
  meta?: string[];
  sections: PdfSection[];
  /** On every page, left; "Page N of M" is always drawn on the right. */
  footer?: string;
  /** Page size; default 'Letter'. */
  pageSize?: 'Letter' | 'A4';
  /** /Author in the document info. */
  author?: string;
  /**
   * /CreationDate (and /ModDate) in the document info, as an ISO 8601 date or date-time
   * ("2026-01-15" or "2026-01-15T21:05:00Z"), interpreted in UTC. Omitted when absent: the
   * writer never reads the clock.
   */
  creationDate?: string;
}

// ---------------------------------------------------------------------------------------------
// Fonts: AFM advance widths (1/1000 em) for WinAnsi codes 32..255; 0 = code undefined in WinAnsi.
// Taken from the Adobe Core14 AFM files (Helvetica, Helvetica-Bold).

// prettier-ignore
const HELVETICA_WIDTHS: readonly number[] = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
  556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

// prettier-ignore
const HELVETICA_BOLD_WIDTHS: readonly number[] = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
  556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
  611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

type Font = 'F1' | 'F2';
const FONT_WIDTHS: Record<Font, readonly number[]> = { F1: HELVETICA_WIDTHS, F2: HELVETICA_BOLD_WIDTHS };
const REGULAR: Font = 'F1';
const BOLD: Font = 'F2';

// ---------------------------------------------------------------------------------------------
// Text encoding: Unicode → WinAnsi (cp1252) bytes.

/** cp1252 0x80–0x9F and a few sensible fallbacks for characters WinAnsi lacks. */
const UNICODE_TO_WINANSI = new Map<number, number>([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
  // Fallbacks (no WinAnsi glyph): minus sign and non-breaking/figure hyphens → hyphen-minus,
  // prime → quotesingle, double prime → quotedbl, bullet-like dots → bullet.
  [0x2212, 0x2d],
  [0x2010, 0x2d],
  [0x2011, 0x2d],
  [0x2012, 0x96],
  [0x2015, 0x97],
  [0x2032, 0x27],
  [0x2033, 0x22],
  [0x2219, 0x95],
  [0x25cf, 0x95],
  [0x2027, 0xb7],
  // Non-breaking spaces: keep them non-breaking (0xA0 is "space" in WinAnsi).
  [0x202f, 0xa0],
  [0x2007, 0xa0],
  [0x2060, -1],
  [0xfeff, -1],
  [0x200b, -1],
  [0x00ad, -1],
]);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Characters treated as breakable whitespace when wrapping. */
function isBreakingSpace(cp: number): boolean {
  return cp === 0x20 || cp === 0x09 || cp === 0x0b || cp === 0x0c || (cp >= 0x2000 && cp <= 0x200a && cp !== 0x2007) || cp === 0x205f || cp === 0x3000;
}

/**
 * Encodes one line of text (no line breaks) to a WinAnsi binary string. Breaking whitespace
 * becomes a plain space; control and zero-width characters are dropped; anything else without a
 * WinAnsi code becomes "?".
 */
function encodeWinAnsi(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (cp >= 0x20 && cp <= 0x7e) out += ch;
    else if (cp >= 0xa0 && cp <= 0xff && cp !== 0xad) out += ch;
    else if (isBreakingSpace(cp)) out += ' ';
    else {
      const mapped = UNICODE_TO_WINANSI.get(cp);
      if (mapped === -1) continue;
      if (mapped !== undefined) out += String.fromCharCode(mapped);
      else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
      else out += '?';
    }
  }
  return out;
}

/** Width of an encoded string in 1/1000 em. */
function unitsWidth(encoded: string, font: Font): number {
  const widths = FONT_WIDTHS[font];
  let total = 0;
  for (let i = 0; i < encoded.length; i++) total += widths[encoded.charCodeAt(i) - 32] ?? 0;
  return total;
}

function textWidth(encoded: string, font: Font, size: number): number {
  return (unitsWidth(encoded, font) * size) / 1000;
}

/** PDF literal string from an encoded (binary) string. */
function pdfLiteral(encoded: string): string {
  return '(' + encoded.replace(/[\\()]/g, '\\$&') + ')';
}

/** Text string for the info dictionary: literal when printable ASCII, else UTF-16BE hex. */
function pdfTextString(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return pdfLiteral(text);
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return '<' + hex + '>';
}

/** Splits text into hard lines (on \n), each wrapped to maxWidth points; returns encoded lines. */
function wrapText(text: string, font: Font, size: number, maxWidth: number): string[] {
  const maxUnits = (maxWidth * 1000) / size;
  const widths = FONT_WIDTHS[font];
  const spaceUnits = widths[0] ?? 278;
  const lines: string[] = [];
  for (const hardLine of text.split(/\r\n|\r|\n/)) {
    const words = encodeWinAnsi(hardLine)
      .split(' ')
      .filter((w) => w.length > 0);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineUnits = 0;
    for (const word of words) {
      const wordUnits = unitsWidth(word, font);
      if (line && lineUnits + spaceUnits + wordUnits <= maxUnits) {
        line += ' ' + word;
        lineUnits += spaceUnits + wordUnits;
        continue;
      }
      if (line) lines.push(line);
      if (wordUnits <= maxUnits) {
        line = word;
        lineUnits = wordUnits;
        continue;
      }
      // A word wider than the line: break it between characters.
      line = '';
      lineUnits = 0;
      for (let i = 0; i < word.length; i++) {
        const cu = widths[word.charCodeAt(i) - 32] ?? 0;
        if (line && lineUnits + cu > maxUnits) {
          lines.push(line);
          line = '';
          lineUnits = 0;
        }
        line += word[i];
        lineUnits += cu;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Width of the longest unbreakable word, in points. */
function longestWord(text: string, font: Font, size: number): number {
  let max = 0;
  for (const word of encodeWinAnsi(text.replace(/\s+/g, ' ')).split(' ')) {
    max = Math.max(max, textWidth(word, font, size));
  }
  return max;
}

/** Width of the widest hard line (no wrapping), in points. */
function naturalWidth(text: string, font: Font, size: number): number {
  let max = 0;
  for (const hardLine of text.split(/\r\n|\r|\n/)) {
    const encoded = encodeWinAnsi(hardLine).replace(/ +/g, ' ').trim();
    max = Math.max(max, textWidth(encoded, font, size));
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// Numbers and dates.

/** Compact, deterministic number formatting for content streams (≤ 2 decimals). */
function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

const NUMERIC_CELL =
  /^\(?[+\-\u2212\u2013]?(?:US|C|A|HK|NZ|S)?[$€£¥]?\s?[+\-\u2212]?\(?\d[\d,.\s]*\)?\s?(?:%|x|×|bps|bp|pp|pts?|[kmb]n?|mn|million|billion|thousand)?\)?%?\s?[*†‡]?$/i;
const PLACEHOLDER_CELL = /^(?:[-\u2013\u2014]|n\/?a|n\.?m\.?)$/i;

/** True for cells that look like numbers ("$1,234.5", "(12.3)%", "+4.5 pp", "1.2x" …). */
function isNumericCell(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 40 && NUMERIC_CELL.test(t);
}

function pdfDate(iso: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(iso.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', tz] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  let offsetMin = 0;
  if (tz && tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    const digits = tz.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  const date = new Date(ms - offsetMin * 60_000);
  if (Number.isNaN(date.getTime())) return undefined;
  const p = (v: number, n = 2) => String(v).padStart(n, '0');
  return (
    `D:${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}` +
    `${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`
  );
}

// ---------------------------------------------------------------------------------------------
// Layout.

const PAGE_SIZES = { Letter: [612, 792], A4: [595.28, 841.89] } as const;
const MARGIN_X = 54;
const MARGIN_TOP = 54;
/** Lowest point body content may reach. */
const BODY_BOTTOM = 62;
const FOOTER_RULE_Y = 48;
const FOOTER_BASELINE = 36;
const RUNNING_HEADER_BASELINE_FROM_TOP = 34;

const TITLE = { font: BOLD, size: 20, leading: 25 };
const SUBTITLE = { font: REGULAR, size: 12, leading: 16, gray: 0.25 };
const META = { font: REGULAR, size: 9, leading: 12, gray: 0.45 };
const HEADING = { font: BOLD, size: 12, leading: 16, before: 12, after: 3 };
const PARAGRAPH = { font: REGULAR, size: 10, leading: 14, after: 6 };
const TABLE = { size: 9, leading: 11.5, padX: 4, padY: 3, before: 2, after: 12 };
/** Extra width given to each numeric column when the table is narrower than the page. */
const NUMERIC_COLUMN_GAP = 14;
const FOOTER = { font: REGULAR, size: 8, gray: 0.45 };

/** Baseline for a line of `size` vertically centred in a box of height `leading` from top `y`. */
function baseline(y: number, size: number, leading: number): number {
  // Helvetica: ascender 718, descender −207.
  return y - (leading - 0.925 * size) / 2 - 0.718 * size;
}

interface PreparedParagraph {
  kind: 'paragraph';
  lines: string[];
  bullet: boolean;
}

interface PreparedTable {
  kind: 'table';
  colX: number[];
  colW: number[];
  header: string[][];
  headerRight: boolean[];
  rows: { cells: string[][]; right: boolean[] }[];
}

type PreparedBlock = PreparedParagraph | PreparedTable;

class PageWriter {
  readonly pages: string[][] = [];
  ops: string[] = [];
  y = 0;
  private readonly top: number;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly runningTitle: string,
  ) {
    this.top = height - MARGIN_TOP;
    this.newPage();
  }

  get bodyWidth(): number {
    return this.width - 2 * MARGIN_X;
  }

  get bodyHeight(): number {
    return this.top - BODY_BOTTOM;
  }

  get atTop(): boolean {
    return this.y === this.top;
  }

  get remaining(): number {
    return this.y - BODY_BOTTOM;
  }

  newPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = this.top;
    if (this.pages.length > 1 && this.runningTitle) {
      const line = wrapText(this.runningTitle, FOOTER.font, FOOTER.size, this.bodyWidth)[0] ?? '';
      this.text(line, FOOTER.font, FOOTER.size, MARGIN_X, this.height - RUNNING_HEADER_BASELINE_FROM_TOP, FOOTER.gray);
    }
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (height > this.remaining && !this.atTop) this.newPage();
  }

  /** Vertical gap, dropped at the top of a page. */
  space(height: number): void {
    if (!this.atTop) this.y = Math.max(BODY_BOTTOM, this.y - height);
  }

  text(encoded: string, font: Font, size: number, x: number, y: number, gray = 0): void {
    if (!encoded) return;
    this.ops.push(`${num(gray)} g BT /${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfLiteral(encoded)} Tj ET`);
  }

  rule(x1: number, x2: number, y: number, lineWidth: number, gray = 0): void {
    this.ops.push(`${num(lineWidth)} w ${num(gray)} G ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** Lines of one style, flowing across pages. */
  lines(lines: string[], font: Font, size: number, leading: number, gray = 0, indent = 0): void {
    for (const line of lines) {
      this.ensure(leading);
      this.text(line, font, size, MARGIN_X + indent, baseline(this.y, size, leading), gray);
      this.y -= leading;
    }
  }
}

function prepareParagraph(text: string, bodyWidth: number): PreparedParagraph {
  const bulletMatch = /^\s*[\u2022\u25cf\u2219]\s+/.exec(text);
  if (bulletMatch) {
    const indent = bulletIndent();
    return {
      kind: 'paragraph',
      bullet: true,
      lines: wrapText(text.slice(bulletMatch[0].length), PARAGRAPH.font, PARAGRAPH.size, bodyWidth - indent),
    };
  }
  return { kind: 'paragraph', bullet: false, lines: wrapText(text, PARAGRAPH.font, PARAGRAPH.size, bodyWidth) };
}

function bulletIndent(): number {
  return textWidth('\x95', PARAGRAPH.font, PARAGRAPH.size) + 8;
}

function prepareTable(table: PdfTable, bodyWidth: number): PreparedTable | undefined {
  const n = table.columns.length;
  if (n === 0) return undefined;
  const { size, padX } = TABLE;
  const rows = table.rows.map((row) => Array.from({ length: n }, (_, i) => String(row[i] ?? '')));

  // Per column: a column is "numeric" when most of its non-empty body cells look numeric.
  const numericColumn: boolean[] = [];
  for (let c = 0; c < n; c++) {
    let filled = 0;
    let numeric = 0;
    for (const row of rows) {
      const cell = (row[c] ?? '').trim();
      if (!cell) continue;
      filled++;
      if (isNumericCell(cell) || PLACEHOLDER_CELL.test(cell)) numeric++;
    }
    numericColumn.push(filled > 0 && numeric * 2 > filled && c > 0);
  }

  // Column widths: natural widths, shrunk by water-filling when too wide, widened (text columns
  // first) when narrower than the body.
  const natural: number[] = [];
  const minimum: number[] = [];
  for (let c = 0; c < n; c++) {
    const header = table.columns[c] ?? '';
    let nat = naturalWidth(header, BOLD, size);
    let min = longestWord(header, BOLD, size);
    for (const row of rows) {
      const cell = row[c] ?? '';
      nat = Math.max(nat, naturalWidth(cell, REGULAR, size));
      min = Math.max(min, isNumericCell(cell) ? naturalWidth(cell, REGULAR, size) : longestWord(cell, REGULAR, size));
    }
    natural.push(nat + 2 * padX);
    minimum.push(Math.min(nat, min) + 2 * padX);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let widths: number[];
  if (sum(natural) <= bodyWidth) {
    widths = natural.slice();
    // Numeric columns first get some breathing room, then text columns take the rest.
    for (let c = 0; c < n; c++) {
      const room = Math.min(NUMERIC_COLUMN_GAP, bodyWidth - sum(widths));
      if (numericColumn[c] && room > 0) widths[c] = (widths[c] ?? 0) + room;
    }
    const extra = bodyWidth - sum(widths);
    const textCols = widths.map((_, c) => c).filter((c) => !numericColumn[c]);
    const targets = textCols.length > 0 ? textCols : [0];
    const base = sum(targets.map((c) => natural[c] ?? 0));
    for (const c of targets) widths[c] = (widths[c] ?? 0) + (base > 0 ? (extra * (natural[c] ?? 0)) / base : extra / targets.length);
  } else if (sum(minimum) <= bodyWidth) {
    // Average of two fits that both respect the minimum widths and sum to bodyWidth:
    // water-filling (cap the widest columns at a common width) and the HTML auto-layout rule
    // (share the slack in proportion to natural − minimum, which favours long-text columns).
    const capped = (cap: number) => natural.map((w, c) => Math.max(minimum[c] ?? 0, Math.min(w, cap)));
    let lo = 0;
    let hi = Math.max(...natural);
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (sum(capped(mid)) > bodyWidth) hi = mid;
      else lo = mid;
    }
    const waterFill = capped(lo);
    const widest = waterFill.indexOf(Math.max(...waterFill));
    waterFill[widest] = (waterFill[widest] ?? 0) + bodyWidth - sum(waterFill);
    const slack = bodyWidth - sum(minimum);
    const flex = sum(natural) - sum(minimum);
    widths = natural.map((nat, c) => {
      const min = minimum[c] ?? 0;
      const proportional = flex > 0 ? min + (slack * (nat - min)) / flex : min;
      return ((waterFill[c] ?? 0) + proportional) / 2;
    });
  } else {
    const total = sum(minimum);
    widths = minimum.map((w) => (w * bodyWidth) / total);
  }

  const colX: number[] = [];
  let x = MARGIN_X;
  for (const w of widths) {
    colX.push(x);
    x += w;
  }
  const inner = (c: number) => Math.max(1, (widths[c] ?? 0) - 2 * padX);
  return {
    kind: 'table',
    colX,
    colW: widths,
    header: table.columns.map((h, c) => wrapText(h, BOLD, size, inner(c))),
    headerRight: numericColumn,
    rows: rows.map((row) => ({
      cells: row.map((cell, c) => wrapText(cell, REGULAR, size, inner(c))),
      // The first column holds row labels (even "2025"), so it always stays left-aligned.
      right: row.map((cell, c) => c > 0 && (isNumericCell(cell) || (numericColumn[c] === true && PLACEHOLDER_CELL.test(cell.trim())))),
    })),
  };
}

function rowLineCount(cells: string[][]): number {
  return Math.max(1, ...cells.map((lines) => lines.length));
}

function rowHeight(lines: number): number {
  return lines * TABLE.leading + 2 * TABLE.padY;
}

/** Height that must fit below a heading so it is not left alone at the bottom of a page. */
function keepWithNextHeight(block: PreparedBlock | undefined): number {
  if (!block) return 0;
  if (block.kind === 'paragraph') return Math.min(2, block.lines.length) * PARAGRAPH.leading;
  const header = rowHeight(rowLineCount(block.header));
  // Header plus the first two rows (or the first two lines of a tall first row).
  const [first, second] = block.rows;
  let body = 0;
  if (first) {
    const lines = rowLineCount(first.cells);
    body = rowHeight(Math.min(2, lines));
    if (lines === 1 && second) body += rowHeight(Math.min(1, rowLineCount(second.cells)));
  }
  return TABLE.before + header + body;
}

function drawParagraph(w: PageWriter, p: PreparedParagraph): void {
  // Avoid a single orphan line at the bottom of a page.
  w.ensure(Math.min(2, p.lines.length) * PARAGRAPH.leading);
  if (p.bullet) {
    const indent = bulletIndent();
    p.lines.forEach((line, i) => {
      w.ensure(PARAGRAPH.leading);
      const y = baseline(w.y, PARAGRAPH.size, PARAGRAPH.leading);
      if (i === 0) w.text('\x95', PARAGRAPH.font, PARAGRAPH.size, MARGIN_X, y);
      w.text(line, PARAGRAPH.font, PARAGRAPH.size, MARGIN_X + indent, y);
      w.y -= PARAGRAPH.leading;
    });
  } else {
    w.lines(p.lines, PARAGRAPH.font, PARAGRAPH.size, PARAGRAPH.leading);
  }
  w.space(PARAGRAPH.after);
}

function drawTable(w: PageWriter, t: PreparedTable): void {
  const left = MARGIN_X;
  const right = MARGIN_X + t.colW.reduce((a, b) => a + b, 0);
  const headerLines = rowLineCount(t.header);
  const headerH = rowHeight(headerLines);

  const drawCells = (cells: string[][], right_: boolean[], font: Font, from: number, to: number) => {
    const top = w.y - TABLE.padY;
    cells.forEach((lines, c) => {
      const x0 = t.colX[c] ?? left;
      const cw = t.colW[c] ?? 0;
      for (let i = from; i < Math.min(to, lines.length); i++) {
        const line = lines[i] ?? '';
        const y = baseline(top - (i - from) * TABLE.leading, TABLE.size, TABLE.leading);
        const x = right_[c] ? x0 + cw - TABLE.padX - textWidth(line, font, TABLE.size) : x0 + TABLE.padX;
        w.text(line, font, TABLE.size, x, y);
      }
    });
    w.y -= rowHeight(to - from);
  };
  const drawHeader = () => {
    w.rule(left, right, w.y, 0.8);
    drawCells(t.header, t.headerRight, BOLD, 0, headerLines);
    w.rule(left, right, w.y, 0.5);
  };

  w.space(TABLE.before);
  w.ensure(keepWithNextHeight(t) - TABLE.before);
  drawHeader();
  t.rows.forEach((row, r) => {
    const total = rowLineCount(row.cells);
    let from = 0;
    while (from < total) {
      let fit = Math.floor((w.remaining - 2 * TABLE.padY) / TABLE.leading);
      const wholeRowFitsOnAPage = rowHeight(total - from) <= w.bodyHeight - headerH;
      if (fit < total - from && (wholeRowFitsOnAPage || fit < 1)) {
        // Move the (rest of the) row to a new page, closing the table here.
        w.rule(left, right, w.y, 0.8);
        w.newPage();
        drawHeader();
        fit = Math.floor((w.remaining - 2 * TABLE.padY) / TABLE.leading);
      }
      const to = Math.min(total, from + Math.max(1, fit));
      drawCells(row.cells, row.right, REGULAR, from, to);
      from = to;
      if (from < total) {
        w.rule(left, right, w.y, 0.8);
        w.newPage();
        drawHeader();
      }
    }
    const last = r === t.rows.length - 1;
    if (last) w.rule(left, right, w.y, 0.8);
    else w.rule(left, right, w.y, 0.25, 0.7);
  });
  if (t.rows.length === 0) w.rule(left, right, w.y, 0.8);
  w.space(TABLE.after);
}

function layout(spec: PdfDocumentSpec, pageWidth: number, pageHeight: number): string[][] {
  const w = new PageWriter(pageWidth, pageHeight, spec.title);
  const bodyWidth = w.bodyWidth;

  // Title block.
  w.lines(wrapText(spec.title, TITLE.font, TITLE.size, bodyWidth), TITLE.font, TITLE.size, TITLE.leading);
  if (spec.subtitle) {
    w.y -= 2;
    w.lines(wrapText(spec.subtitle, SUBTITLE.font, SUBTITLE.size, bodyWidth), SUBTITLE.font, SUBTITLE.size, SUBTITLE.leading, SUBTITLE.gray);
  }
  if (spec.meta && spec.meta.length > 0) {
    w.y -= 4;
    for (const meta of spec.meta) {
      w.lines(wrapText(meta, META.font, META.size, bodyWidth), META.font, META.size, META.leading, META.gray);
    }
  }
  w.y -= 8;
  w.rule(MARGIN_X, MARGIN_X + bodyWidth, w.y, 1);
  w.y -= 10;

  for (const section of spec.sections) {
    const blocks: PreparedBlock[] = [];
    for (const paragraph of section.paragraphs ?? []) blocks.push(prepareParagraph(paragraph, bodyWidth));
    if (section.table) {
      const table = prepareTable(section.table, bodyWidth);
      if (table) blocks.push(table);
    }

    if (section.heading.trim()) {
      const heading = wrapText(section.heading, HEADING.font, HEADING.size, bodyWidth);
      w.space(HEADING.before);
      const headingH = heading.length * HEADING.leading + HEADING.after;
      w.ensure(headingH + keepWithNextHeight(blocks[0]));
      w.lines(heading, HEADING.font, HEADING.size, HEADING.leading);
      w.y -= HEADING.after;
    }
    for (const block of blocks) {
      if (block.kind === 'paragraph') drawParagraph(w, block);
      else drawTable(w, block);
    }
  }
  return w.pages;
}

// ---------------------------------------------------------------------------------------------
// Serialisation.

function toBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Deterministic 16-byte file identifier from everything before the trailer: two 32-bit
 * multiplicative hashes (FNV-1a and a Murmur-style one), expanded to 128 bits. Pure JS so the
 * writer also runs outside Node.
 */
function fileId(bytes: Uint8Array<ArrayBuffer>): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  const fmix = (h: number) => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const words = [fmix(h1), fmix(h2), fmix(h1 ^ bytes.length), fmix(h2 + h1)];
  return '<' + words.map((v) => v.toString(16).toUpperCase().padStart(8, '0')).join('') + '>';
}

/**
 * Renders the document. The result is backed by a plain ArrayBuffer (typed as such), so it can be
 * handed straight to `new Response(...)` / `c.body(...)`.
 */
export function renderPdf(spec: PdfDocumentSpec): Uint8Array<ArrayBuffer> {
  const [pageWidth, pageHeight] = PAGE_SIZES[spec.pageSize ?? 'Letter'];
  const pages = layout(spec, pageWidth, pageHeight);
  const pageCount = pages.length;

  // Footer on every page.
  const footerText = spec.footer ? spec.footer.replace(/\s+/g, ' ').trim() : '';
  pages.forEach((ops, i) => {
    const right = pageWidth - MARGIN_X;
    const pageLabel = `Page ${i + 1} of ${pageCount}`;
    const labelWidth = textWidth(pageLabel, FOOTER.font, FOOTER.size);
    ops.push(`0.5 w 0.6 G ${num(MARGIN_X)} ${FOOTER_RULE_Y} m ${num(right)} ${FOOTER_RULE_Y} l S`);
    if (footerText) {
      const maxFooter = right - MARGIN_X - labelWidth - 18;
      const line = wrapText(footerText, FOOTER.font, FOOTER.size, maxFooter);
      let text = line[0] ?? '';
      if (line.length > 1) {
        // Truncate with an ellipsis to keep the footer on one line.
        while (text && textWidth(text + '\x85', FOOTER.font, FOOTER.size) > maxFooter) text = text.slice(0, -1);
        text = text.trimEnd() + '\x85';
      }
      ops.push(`${FOOTER.gray} g BT /${FOOTER.font} ${FOOTER.size} Tf ${num(MARGIN_X)} ${FOOTER_BASELINE} Td ${pdfLiteral(text)} Tj ET`);
    }
    ops.push(`${FOOTER.gray} g BT /${FOOTER.font} ${FOOTER.size} Tf ${num(right - labelWidth)} ${FOOTER_BASELINE} Td ${pdfLiteral(pageLabel)} Tj ET`);
  });

  // Object numbers: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then page/content pairs.
  const pageObj = (i: number) => 6 + 2 * i;
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObj(i)} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  const info = [`/Title ${pdfTextString(spec.title)}`];
  if (spec.subtitle) info.push(`/Subject ${pdfTextString(spec.subtitle)}`);
  if (spec.author) info.push(`/Author ${pdfTextString(spec.author)}`);
  info.push('/Creator (Earnings Desk sandbox)', '/Producer (Earnings Desk sandbox PDF writer)');
  const created = spec.creationDate ? pdfDate(spec.creationDate) : undefined;
  if (created) info.push(`/CreationDate (${created})`, `/ModDate (${created})`);
  objects[5] = `<< ${info.join(' ')} >>`;
  const mediaBox = `[0 0 ${num(pageWidth)} ${num(pageHeight)}]`;
  pages.forEach((ops, i) => {
    const content = ops.join('\n');
    objects[pageObj(i)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /Contents ${pageObj(i) + 1} 0 R >>`;
    objects[pageObj(i) + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  const parts: string[] = ['%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    const chunk = `${n} 0 obj\n${objects[n]}\nendobj\n`;
    offsets[n] = offset;
    parts.push(chunk);
    offset += chunk.length;
  }
  const xrefOffset = offset;
  let xref = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) xref += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  parts.push(xref);
  const body = toBytes(parts.join(''));
  const id = fileId(body);
  const trailer = toBytes(`trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R /ID [${id} ${id}] >>\n` + `startxref\n${xrefOffset}\n%%EOF\n`);
  const out = new Uint8Array(body.length + trailer.length);
  out.set(body, 0);
  out.set(trailer, body.length);
  return out;
}

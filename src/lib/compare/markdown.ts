import type { Comparison } from './model.ts';

/** One call of the pair as the export names it, with a link that plays it from a moment. */
export interface CompareCallLabel {
  /** "Q3 2026 earnings call, 28 Oct 2026". */
  title: string;
  /** An absolute link that plays this call from `seconds` (the recording page with `?t=`). */
  link: (seconds: number) => string;
}

export interface CompareHeading {
  company: string;
  current: CompareCallLabel;
  previous: CompareCallLabel;
  /** The comparison page's own address, absolute. */
  page: string;
}

/**
 * The comparison as Markdown for a morning note: the call pair, the numbers that moved, new and
 * dropped terms, and the changed sentences with their speaker and a link to each moment. Pure.
 */
export function comparisonToMarkdown(comparison: Comparison, heading: CompareHeading): string {
  void comparison;
  return `# ${heading.company}\n`; // TODO(markdown)
}

/**
 * The accent text link (also for a button that reads as a link, such as "Load more").
 * `strong`: medium weight (default); `underlined`: always underlined (a link inside a sentence), else on hover.
 */
export function textLinkClass({ strong = true, underlined = false, className }: { strong?: boolean; underlined?: boolean; className?: string } = {}): string {
  return [strong && 'font-medium', 'text-accent-700 disabled:opacity-60 dark:text-accent-300', underlined ? 'underline' : 'hover:underline', className]
    .filter(Boolean)
    .join(' ');
}

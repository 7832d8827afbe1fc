/** The accent text link (also for a button that reads as a link, such as "Load more"). `strong`: medium weight. */
export function textLinkClass({ strong = true, className }: { strong?: boolean; className?: string } = {}): string {
  return [strong && 'font-medium', 'text-accent-700 hover:underline disabled:opacity-60 dark:text-accent-300', className].filter(Boolean).join(' ');
}

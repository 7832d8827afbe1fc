/** Where a phrase occurs in a text, case-insensitively: [start, end) ranges in order. */
export function findMatches(text: string, query: string): [number, number][] {
  const needle = query.trim();
  if (needle === '') return [];
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'), 'giu');
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    ranges.push([start, start + match[0].length]);
  }
  return ranges;
}

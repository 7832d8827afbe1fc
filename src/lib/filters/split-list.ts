/**
 * The items of a list filter as they came: text split on commas, spaces or semicolons, arrays
 * flattened, a lone number (the router reads `?ids=12` as 12) as its digits. Empty items are skipped.
 */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(splitList);
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value !== 'string') return [];
  return value.split(/[\s,;]+/).filter(Boolean);
}

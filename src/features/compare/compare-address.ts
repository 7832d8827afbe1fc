import { readId } from '../../lib/route-params.ts';

/**
 * The comparison's address: `/compare?call=<eventId>&with=<eventId>`. `call` is this call, `with`
 * the call it is compared with; without `with`, the previous call of the same company and kind.
 * Ids follow the app's one id rule (readId): anything else is left out of the address.
 */
export interface CompareSearch {
  call?: number;
  with?: number;
}

function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return readId(String(value));
  if (typeof value === 'string') return readId(value);
  return undefined;
}

export function validateCompareSearch(raw: Record<string, unknown>): CompareSearch {
  const call = idOf(raw.call);
  const other = idOf(raw.with);
  // Both keys always: a key left out keeps the router's raw value ("abc") in the validated search.
  return { call, with: other };
}

/** `/compare?call=1145&with=1082`: the comparison's address, for a link or navigate({ href }). */
export function compareHref(call: number, other?: number): string {
  return other === undefined ? `/compare?call=${call}` : `/compare?call=${call}&with=${other}`;
}

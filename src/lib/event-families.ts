import { eventTypeName, isEarningsCall, type NamedEventType } from './names.ts';

/**
 * Event types as an analyst filters them: by family ("Earnings call" for Q1–Q4, H1 and H2; "Annual
 * general meeting" for AGM and scheme meeting), named from the service's type list, earnings calls
 * first. The address keeps a family's key ("earnings-call"), so a link survives the catalog's ids.
 */

export interface EventFamily {
  /** Stable key for the address: the family's name in lower case with dashes. */
  key: string;
  name: string;
  typeIds: number[];
}

export function familyKey(family: string): string {
  return family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A type's family: its parent, else its own name ("Earnings Call" for Q1 to Q4). */
export function familyOf(type: NamedEventType): string | undefined {
  return type.parent?.trim() || type.name?.trim() || undefined;
}

export function eventFamilies(types: readonly (NamedEventType & { id: number })[]): EventFamily[] {
  const byKey = new Map<string, EventFamily & { earnings: boolean }>();
  for (const type of types) {
    const family = familyOf(type);
    if (!family) continue;
    const key = familyKey(family);
    if (!key) continue;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { key, name: eventTypeName({ name: family }) ?? family, typeIds: [], earnings: isEarningsCall(type) };
      byKey.set(key, entry);
    }
    entry.typeIds.push(type.id);
  }
  return [...byKey.values()]
    .sort((a, b) => Number(b.earnings) - Number(a.earnings) || a.name.localeCompare(b.name))
    .map(({ key, name, typeIds }) => ({ key, name, typeIds: typeIds.sort((x, y) => x - y) }));
}

/** The type ids of the chosen families (unknown keys choose nothing). */
export function typeIdsOf(families: readonly EventFamily[], keys: readonly string[]): number[] {
  const wanted = new Set(keys);
  return families.filter((family) => wanted.has(family.key)).flatMap((family) => family.typeIds);
}

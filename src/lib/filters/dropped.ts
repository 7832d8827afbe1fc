/** A value from the address that could not be used, named for the reader. */
export interface DroppedFilter {
  field: string;
  label: string;
  value: string;
}

/** "Countries: USA; Updated after: 2026-02-31" */
export function describeDropped(dropped: readonly DroppedFilter[]): string {
  return dropped.map((d) => `${d.label}: ${d.value}`).join('; ');
}

import { dateToApi, readDate, type DateBound } from './dates.ts';
import type { DroppedFilter } from './dropped.ts';
import { KIND_PROBLEM, NUMERIC_KINDS, READ_ITEM, type ListKind } from './kinds.ts';
import { splitList } from './split-list.ts';

/**
 * The one set of URL-filter rules. A list page declares its filters (field → kind, label, API
 * param) and gets everything else from here:
 *
 *   const recordingFilters = defineFilters({
 *     fields: { tickers: { kind: 'tickers', label: 'Tickers' }, startDate: { kind: 'date', bound: 'from', label: 'Event date from' } },
 *     direction: { default: 'desc' },
 *   });
 *   validateSearch: recordingFilters.validateSearch       // the address keeps what the link said, as text
 *   const clean = recordingFilters.parse(search)          // cleaned values, and what was dropped
 *   audioQueries.infinite({ ...recordingFilters.toApi(clean), limit: 50 })
 */

export type Direction = 'asc' | 'desc';

export interface ListFilter {
  kind: ListKind;
  label: string;
  /** The API's name for it, when not the field's. */
  param?: string;
}
export interface DateFilter {
  kind: 'date';
  /** What a bare day means for this filter (see dates.ts). */
  bound: DateBound;
  label: string;
  param?: string;
}
export type FilterField = ListFilter | DateFilter;

export interface FilterSpec {
  fields: Readonly<Record<string, FilterField>>;
  /** The order when the address names none; `label` names it when dropped (default "Order"). */
  direction: { default: Direction; label?: string };
  /** Items kept per list (default 100); the rest are dropped and named. */
  maxItems?: number;
}

type FieldOf<S extends FilterSpec> = keyof S['fields'] & string;

/** The route's search: every known key as the link said it (trimmed text; a lone whole number as a number). */
export type FilterAddress<S extends FilterSpec> = { [K in FieldOf<S> | 'direction']?: string | number };

/** Cleaned values: lists as arrays of items, dates as written. */
export type CleanFilters<S extends FilterSpec> = { [K in FieldOf<S>]?: S['fields'][K] extends DateFilter ? string : string[] };

export interface CleanSearch<S extends FilterSpec> {
  filters: CleanFilters<S>;
  direction: Direction;
}

export interface ParsedSearch<S extends FilterSpec> extends CleanSearch<S> {
  dropped: DroppedFilter[];
}

type ParamOf<F> = F extends { param: infer P extends string } ? P : never;
type ApiValue<F> = F extends DateFilter
  ? string
  : F extends { kind: 'companyIds' | 'eventIds' | 'documentTypeIds' | 'documentGroupIds' | 'eventTypeIds' }
    ? number[]
    : string[];
/** The API filter object: each field under its param, dates as explicit timestamps, ids as numbers. */
export type ApiFilters<S extends FilterSpec> = {
  [K in FieldOf<S> as [ParamOf<S['fields'][K]>] extends [never] ? K : ParamOf<S['fields'][K]>]?: ApiValue<S['fields'][K]>;
} & { direction: Direction };

export interface FilterChip {
  field: string;
  /** What the filter is ("Countries"). */
  label: string;
  /** What kind of value it holds, so the chip can name it (a company's name for its id). */
  kind: ListKind | 'date';
  /** One item as the address holds it once cleaned ("GB", "12", "2026-03-01"). */
  value: string;
}

const MAX_TEXT = 2_000;

export function defineFilters<const S extends FilterSpec>(spec: S) {
  const fields = Object.keys(spec.fields) as FieldOf<S>[];
  const maxItems = spec.maxItems ?? 100;
  const directionLabel = spec.direction.label ?? 'Order';

  /** One field's raw value → its cleaned value (undefined when unset or nothing usable) and what was dropped. */
  function readField(field: FieldOf<S>, raw: unknown, dropped: DroppedFilter[]): string | string[] | undefined {
    const def = spec.fields[field]!;
    if (def.kind === 'date') {
      if (raw === undefined || raw === null || String(raw).trim() === '') return undefined;
      const value = readDate(String(raw));
      if (value === null) dropped.push({ field, label: def.label, value: String(raw).trim() });
      return value ?? undefined;
    }
    const kept: string[] = [];
    let over = 0;
    for (const item of splitList(raw)) {
      const value = READ_ITEM[def.kind](item);
      if (value === null) dropped.push({ field, label: def.label, value: item });
      // Codes match case-insensitively at the API, so "nyse" and "NYSE" are one exchange.
      else if (kept.some((k) => k.toLowerCase() === value.toLowerCase())) continue;
      else if (kept.length < maxItems) kept.push(value);
      else over++;
    }
    if (over > 0) dropped.push({ field, label: def.label, value: `${over} more than the ${maxItems} allowed` });
    return kept.length ? kept : undefined;
  }

  const api = {
    spec,
    fields,

    /** The route's validateSearch: known keys only, as text, so the address keeps what the link said. */
    validateSearch(raw: Record<string, unknown>): FilterAddress<S> {
      const out: Record<string, string | number> = {};
      for (const key of [...fields, 'direction']) {
        const value = raw[key];
        if (value === undefined || value === null) continue;
        if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
          out[key] = value;
          continue;
        }
        const text = (Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value))
          .trim()
          .slice(0, MAX_TEXT);
        if (text === '') continue;
        out[key] = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : text;
      }
      return out as FilterAddress<S>;
    },

    /** The address cleaned: what can be used, and what could not (named, in the address's order). */
    parse(address: Record<string, unknown>): ParsedSearch<S> {
      const dropped: DroppedFilter[] = [];
      const filters: Record<string, string | string[]> = {};
      for (const field of fields) {
        const value = readField(field, address[field], dropped);
        if (value !== undefined) filters[field] = value;
      }
      let direction = spec.direction.default;
      const rawDirection = address.direction;
      if (rawDirection === 'asc' || rawDirection === 'desc') direction = rawDirection;
      else if (rawDirection !== undefined && rawDirection !== null && String(rawDirection).trim() !== '')
        dropped.push({ field: 'direction', label: directionLabel, value: String(rawDirection).trim() });
      return { filters: filters as CleanFilters<S>, direction, dropped };
    },

    /** The filters for the API. */
    toApi(clean: CleanSearch<S>): ApiFilters<S> {
      const out: Record<string, unknown> = { direction: clean.direction };
      for (const field of fields) {
        const value = (clean.filters as Record<string, string | string[] | undefined>)[field];
        if (value === undefined) continue;
        const def = spec.fields[field]!;
        const param = def.param ?? field;
        if (def.kind === 'date') out[param] = dateToApi(value as string, def.bound);
        else out[param] = NUMERIC_KINDS.has(def.kind) ? (value as string[]).map(Number) : [...(value as string[])];
      }
      return out as ApiFilters<S>;
    },

    /** The address for cleaned values: lists comma-joined, a lone whole number as a number, the order only when not the default. */
    toAddress(clean: CleanSearch<S>): FilterAddress<S> {
      const out: Record<string, string | number> = {};
      for (const field of fields) {
        const value = (clean.filters as Record<string, string | string[] | undefined>)[field];
        if (value === undefined) continue;
        const text = Array.isArray(value) ? value.join(',') : value;
        out[field] = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : text;
      }
      if (clean.direction !== spec.direction.default) out.direction = clean.direction;
      return out as FilterAddress<S>;
    },

    /** How many filters are set (the order aside). */
    count(clean: CleanSearch<S>): number {
      return fields.filter((field) => clean.filters[field] !== undefined).length;
    },

    /** One chip per item of each set filter (a date is one item), in the declared order. */
    chips(clean: CleanSearch<S>): FilterChip[] {
      return fields.flatMap((field) => {
        const value = (clean.filters as Record<string, string | string[] | undefined>)[field];
        if (value === undefined) return [];
        const { label, kind } = spec.fields[field]!;
        return (Array.isArray(value) ? value : [value]).map((item) => ({ field, label, kind, value: item }));
      });
    },

    /** The address without one chip's item (the field goes when it was its last item). */
    without(clean: CleanSearch<S>, chip: Pick<FilterChip, 'field' | 'value'>): FilterAddress<S> {
      const filters = { ...(clean.filters as Record<string, string | string[] | undefined>) };
      const value = filters[chip.field];
      const rest = Array.isArray(value) ? value.filter((item) => item !== chip.value) : [];
      filters[chip.field] = rest.length > 0 ? rest : undefined;
      return api.toAddress({ filters: filters as CleanFilters<S>, direction: clean.direction });
    },

    /** A cleaned value as the text a form field shows ("US,GB"; a date-time as its day for a date input). */
    text(clean: CleanSearch<S>, field: FieldOf<S>): string {
      const value = (clean.filters as Record<string, string | string[] | undefined>)[field];
      if (value === undefined) return '';
      return Array.isArray(value) ? value.join(',') : value;
    },

    /** What is wrong with one field's typed text, in words (naming what cannot be used); undefined when every item can be used. */
    problem(field: FieldOf<S>, raw: unknown): string | undefined {
      const dropped: DroppedFilter[] = [];
      readField(field, raw, dropped);
      if (dropped.length === 0) return undefined;
      const def = spec.fields[field]!;
      const values = dropped.map((d) => d.value);
      return `Cannot use ${values.join(', ')}. ${KIND_PROBLEM[def.kind === 'date' ? 'date' : def.kind]}`;
    },
  };
  return api;
}

export type Filters<S extends FilterSpec> = ReturnType<typeof defineFilters<S>>;

import { HttpError } from './errors.ts';

/**
 * Query-string parsing shared by every endpoint. Each rule the real service enforces becomes a
 * 400 whose message names the parameter and what was wrong with it.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export type Direction = 'asc' | 'desc';

export interface PageParams {
  limit: number;
  cursor: number;
  direction: Direction;
}

/** Parameters that only the sandbox's fault injection reads; never validated as API input. */
const SANDBOX_PARAMS = new Set(['__fault', '__retryAfter', '__delay']);

export class QueryReader {
  constructor(private readonly params: URLSearchParams) {}

  /** The single value of a parameter, or undefined. Repeating a parameter is an error. */
  raw(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length === 0) return undefined;
    if (values.length > 1) throw new HttpError(400, `${name} must be given once, not ${values.length} times`);
    return values[0];
  }

  integer(name: string, { min, max, fallback }: { min: number; max?: number; fallback: number }): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) throw new HttpError(400, `${name} must be an integer number, got "${value}"`);
    const number = Number(value);
    if (number < min) throw new HttpError(400, `${name} must not be less than ${min}`);
    if (max !== undefined && number > max) throw new HttpError(400, `${name} must not be greater than ${max}`);
    if (!Number.isSafeInteger(number)) throw new HttpError(400, `${name} is too large`);
    return number;
  }

  page(): PageParams {
    const direction = this.raw('direction') ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc') {
      throw new HttpError(400, `direction must be one of the following values: asc, desc`);
    }
    return {
      limit: this.integer('limit', { min: 1, max: 500, fallback: 10 }),
      cursor: this.integer('cursor', { min: 0, fallback: 0 }),
      direction,
    };
  }

  /** A comma-separated list with no empty items and no whitespace. */
  list(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (value === '') throw new HttpError(400, `${name} must not be empty`);
    if (/\s/.test(value)) throw new HttpError(400, `${name} must be a comma-separated list without spaces`);
    const items = value.split(',');
    if (items.some((item) => item === '')) throw new HttpError(400, `${name} must not contain empty items`);
    return items;
  }

  integerList(name: string): Set<number> | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    const numbers = new Set<number>();
    for (const item of items) {
      if (!/^-?\d+$/.test(item) || !Number.isSafeInteger(Number(item))) {
        throw new HttpError(400, `each value in ${name} must be an integer number, got "${item}"`);
      }
      if (item.startsWith('-')) {
        throw new HttpError(400, `each value in ${name} must be a positive integer, got "${item}"`);
      }
      numbers.add(Number(item));
    }
    return numbers;
  }

  /** Case-insensitive string list, upper-cased. */
  codeList(name: string, pattern?: RegExp, what?: string): Set<string> | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    for (const item of items) {
      if (pattern && !pattern.test(item)) throw new HttpError(400, `each value in ${name} must be ${what}, got "${item}"`);
    }
    return new Set(items.map((item) => item.toUpperCase()));
  }

  /**
   * An ISO 8601 date or date-time (UTC when no offset is given). A bare date used as an upper
   * bound means the end of that day, so `endDate=2026-03-31` includes events on March 31.
   */
  date(name: string, bound: 'start' | 'end'): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const time = parseIsoDate(value, bound);
    if (time === undefined) throw new HttpError(400, `${name} must be a valid ISO 8601 date string, got "${value}"`);
    return time;
  }

  expandEvent(): boolean {
    const items = this.list('expand');
    if (!items) return false;
    for (const item of items) {
      if (item !== 'event') throw new HttpError(400, `expand must be a comma-separated list of: event (got "${item}")`);
    }
    return true;
  }

  /** Names of parameters given that are not in `known` (the sandbox ignores them, like the service). */
  unknown(known: ReadonlySet<string>): string[] {
    return [...new Set(this.params.keys())].filter((key) => !known.has(key) && !SANDBOX_PARAMS.has(key));
  }
}

export function parseIsoDate(value: string, bound: 'start' | 'end' = 'start'): number | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  let time = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Reject dates that roll over (2026-02-30).
  if (new Date(time).getUTCDate() !== day) return undefined;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
    time -= sign * offset;
  }
  if (h === undefined && bound === 'end') time += 86_400_000 - 1;
  return time;
}

/** A path id: a non-negative integer. */
export function pathId(value: string, name = 'id'): number {
  if (/^-\d+$/.test(value)) throw new HttpError(400, `${name} must be a positive integer, got "${value}"`);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new HttpError(400, `${name} must be an integer number, got "${decodeURIComponentSafe(value)}"`);
  }
  return Number(value);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

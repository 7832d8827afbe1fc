import { badRequest, type FieldProblem } from './errors.ts';

/**
 * Query-string parsing shared by every endpoint. Each rule the real service enforces becomes a
 * problem naming the parameter (`field`) and what was wrong with it. Problems are collected, not
 * thrown one at a time: a reader answers with a fallback (the default, or no filter) and the
 * route throws one 400 listing them all at the end (`check`), as the service's validation does.
 */

/**
 * An integer as the service reads one: digits, optionally signed, and optionally written with a
 * decimal point followed only by zeros (`500.0`, as clients that hold every number as a float
 * send it). `500.5`, `5.`, `.5`, `1e3` and `0x10` are not integers.
 */
const INTEGER_PATTERN = /^-?\d+(?:\.0+)?$/;

/** The integer a query or path value writes, or undefined when it is not one (or not a safe integer). */
export function readInteger(value: string): number | undefined {
  if (!INTEGER_PATTERN.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export type Direction = 'asc' | 'desc';

export interface PageParams {
  limit: number;
  cursor: number;
  direction: Direction;
}

/** Parameters that only the sandbox's fault injection reads; never validated as API input. */
export const SANDBOX_PARAMS: ReadonlySet<string> = new Set(['__fault', '__retryAfter', '__delay']);

export class QueryReader {
  private readonly found: FieldProblem[] = [];

  constructor(private readonly params: URLSearchParams) {}

  /** Problems found so far. */
  get problems(): readonly FieldProblem[] {
    return this.found;
  }

  /** Notes a problem with a parameter (once per parameter and message). */
  report(field: string, message: string): void {
    if (!this.found.some((p) => p.field === field && p.message === message)) this.found.push({ field, message });
  }

  /** Throws the 400 for every problem found so far, if any. */
  check(): void {
    if (this.found.length > 0) throw badRequest(this.found);
  }

  /** Reports each given parameter that is not in `known` ("property expand should not exist"). */
  rejectUnknown(known: ReadonlySet<string>): void {
    for (const name of this.unknown(known)) this.report(name, `property ${name} should not exist`);
  }

  /** Names of parameters given that are not in `known` (nor the sandbox's own fault parameters). */
  unknown(known: ReadonlySet<string>): string[] {
    return [...new Set(this.params.keys())].filter((key) => !known.has(key) && !SANDBOX_PARAMS.has(key));
  }

  /** A path id; a malformed one is reported (field `id`) and read as -1, which no record has. */
  pathId(value: string): number {
    const problem = pathIdProblem(value);
    if (problem) this.report('id', problem);
    return problem ? -1 : (readInteger(value) as number);
  }

  /** The single value of a parameter, or undefined. Repeating a parameter is an error. */
  raw(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length === 0) return undefined;
    if (values.length > 1) {
      this.report(name, `${name} must be given once, not ${values.length} times`);
      return undefined;
    }
    return values[0];
  }

  integer(name: string, { min, max, fallback }: { min: number; max?: number; fallback: number }): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const problem = integerProblem(name, value, min, max);
    if (problem) {
      this.report(name, problem);
      return fallback;
    }
    return readInteger(value) as number;
  }

  /** A parameter that takes one of a few values (exact spelling); `fallback` when absent or refused. */
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.report(name, `${name} must be one of the following values: ${allowed.join(', ')}`);
    return fallback;
  }

  page(): PageParams {
    return {
      limit: this.integer('limit', { min: 1, max: 500, fallback: 10 }),
      cursor: this.integer('cursor', { min: 0, fallback: 0 }),
      direction: this.oneOf<Direction>('direction', ['asc', 'desc'], 'asc'),
    };
  }

  /** A comma-separated list with no empty items and no whitespace. */
  list(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const problem = listProblem(name, value);
    if (problem) {
      this.report(name, problem);
      return undefined;
    }
    return value.split(',');
  }

  integerList(name: string): Set<number> | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    const numbers = new Set<number>();
    for (const item of items) {
      const number = readInteger(item);
      if (number === undefined) {
        this.report(name, `each value in ${name} must be an integer number, got "${item}"`);
        return undefined;
      }
      if (item.startsWith('-')) {
        this.report(name, `each value in ${name} must be a positive integer, got "${item}"`);
        return undefined;
      }
      numbers.add(number);
    }
    return numbers;
  }

  /** Case-insensitive string list, upper-cased. */
  codeList(name: string, pattern?: RegExp, what?: string): Set<string> | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    const bad = pattern ? items.find((item) => !pattern.test(item)) : undefined;
    if (bad !== undefined) {
      this.report(name, `each value in ${name} must be ${what}, got "${bad}"`);
      return undefined;
    }
    return new Set(items.map((item) => item.toUpperCase()));
  }

  /** A list whose values must each be one of `allowed` (exact spelling). */
  enumList<T extends string>(name: string, allowed: readonly T[]): Set<T> | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    const bad = items.find((item) => !(allowed as readonly string[]).includes(item));
    if (bad !== undefined) {
      this.report(name, `each value in ${name} must be one of the following values: ${allowed.join(', ')} (got "${bad}")`);
      return undefined;
    }
    return new Set(items as T[]);
  }

  /**
   * An ISO 8601 date or date-time (UTC when no offset is given). A bare date used as an upper
   * bound means the end of that day, so `endDate=2026-03-31` includes events on March 31.
   */
  date(name: string, bound: 'start' | 'end'): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const time = parseIsoDate(value, bound);
    if (time === undefined) this.report(name, `${name} must be a valid ISO 8601 date string, got "${value}"`);
    return time;
  }

  expandEvent(): boolean {
    const items = this.list('expand');
    if (!items) return false;
    const bad = items.find((item) => item !== 'event');
    if (bad !== undefined) {
      this.report('expand', `expand must be a comma-separated list of: event (got "${bad}")`);
      return false;
    }
    return true;
  }
}

function integerProblem(name: string, value: string, min: number, max: number | undefined): string | undefined {
  if (!INTEGER_PATTERN.test(value)) return `${name} must be an integer number, got "${value}"`;
  const number = Number(value);
  if (number < min) return `${name} must not be less than ${min}`;
  if (max !== undefined && number > max) return `${name} must not be greater than ${max}`;
  if (!Number.isSafeInteger(number)) return `${name} is too large`;
  return undefined;
}

function listProblem(name: string, value: string): string | undefined {
  if (value === '') return `${name} must not be empty`;
  if (/\s/.test(value)) return `${name} must be a comma-separated list without spaces`;
  if (value.split(',').some((item) => item === '')) return `${name} must not contain empty items`;
  return undefined;
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

/** What is wrong with a path id (a non-negative integer), or undefined. */
export function pathIdProblem(value: string, name = 'id'): string | undefined {
  if (/^-\d+(?:\.0+)?$/.test(value)) return `${name} must be a positive integer, got "${value}"`;
  if (readInteger(value) === undefined) return `${name} must be an integer number, got "${decodeURIComponentSafe(value)}"`;
  return undefined;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Column storage for the large generated tables (events, audio, documents). At 20,000 companies
 * the sandbox holds about a million documents; typed columns keep that to tens of megabytes where
 * plain objects would need hundreds.
 */

export type ColumnKind = 'i32' | 'u8' | 'i16' | 'f64';

type ColumnArray<K extends ColumnKind> = K extends 'i32' ? Int32Array : K extends 'u8' ? Uint8Array : K extends 'i16' ? Int16Array : Float64Array;

export type Columns<S extends Record<string, ColumnKind>> = { [K in keyof S]: ColumnArray<S[K]> };

const CONSTRUCTORS = { i32: Int32Array, u8: Uint8Array, i16: Int16Array, f64: Float64Array } as const;

/** Accumulates rows as plain number arrays, then freezes them into typed columns in a chosen order. */
export class TableBuilder<S extends Record<string, ColumnKind>> {
  private readonly data: { [K in keyof S]: number[] };
  length = 0;

  constructor(private readonly schema: S) {
    this.data = Object.fromEntries(Object.keys(schema).map((key) => [key, [] as number[]])) as {
      [K in keyof S]: number[];
    };
  }

  /** Adds a row and returns its draft index. */
  push(row: { [K in keyof S]: number }): number {
    for (const key in this.schema) this.data[key].push(row[key]);
    return this.length++;
  }

  get(column: keyof S, draft: number): number {
    return this.data[column][draft] as number;
  }

  set(column: keyof S, draft: number, value: number): void {
    this.data[column][draft] = value;
  }

  /** Draft indexes ordered by `column` ascending, ties kept in draft order. */
  orderBy(column: keyof S): Uint32Array {
    const values = this.data[column];
    const order = new Uint32Array(this.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    return order.sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
  }

  /** Typed columns with rows in `order`. */
  build(order: Uint32Array): Columns<S> {
    const out = {} as Columns<S>;
    for (const key in this.schema) {
      const source = this.data[key];
      const target = new CONSTRUCTORS[this.schema[key] as ColumnKind](order.length) as ColumnArray<S[typeof key]>;
      for (let i = 0; i < order.length; i++) target[i] = source[order[i] as number] as number;
      out[key] = target;
    }
    return out;
  }
}

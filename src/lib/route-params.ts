import { notFound } from '@tanstack/react-router';

/** A record id as people and links write it: a positive whole number, or undefined. */
export function readId(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A numeric id from a path segment: a positive integer, or the page is not found. */
export function parseIdParam(raw: string): number {
  const id = readId(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** A route's `params` option for one numeric id segment: `params: idParam('audioId')`. */
export function idParam<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: parseIdParam(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}

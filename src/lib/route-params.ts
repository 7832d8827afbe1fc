import { notFound } from '@tanstack/react-router';

/** A numeric id from a path segment: a positive integer, or the page is not found. */
export function parseIdParam(raw: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

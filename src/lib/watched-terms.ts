import { z } from 'zod/mini';
import { createLocalStore, parseJson } from './local-store.ts';
import { parseSearchQuery } from './transcript-search/query.ts';

/**
 * Words and "phrases" an analyst wants to hear about the moment a live call says them, written in
 * the transcript search's syntax (src/lib/transcript-search/query.ts), each for the watchlist's companies or
 * for every live call. Kept in localStorage (this browser only), oldest first, shared live between
 * tabs. The list functions are pure (a list in, a new list out, or the problem in words); the store
 * below applies them to what is stored.
 */

export type WatchScope = 'watchlist' | 'all';

export interface WatchedTerm {
  /** Stable across edits (the alerts of a term name it by this). */
  id: string;
  /** As typed, blanks collapsed: a valid search query. */
  text: string;
  scope: WatchScope;
  /** ISO time. */
  addedAt: string;
}

export const MAX_WATCHED_TERMS = 30;
export const MAX_TERM_LENGTH = 100;
const EMPTY: readonly WatchedTerm[] = Object.freeze([]);

const storedTerm = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z.string(),
  scope: z.enum(['watchlist', 'all']),
  addedAt: z.optional(z.string()),
});

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Why a term cannot be watched, in words; undefined when it can. */
export function termProblem(text: string): string | undefined {
  const cleaned = clean(text);
  if (!cleaned) return 'Type a word or a "phrase" to watch for.';
  if (cleaned.length > MAX_TERM_LENGTH) {
    return `A watched term is at most ${MAX_TERM_LENGTH} characters (this one has ${cleaned.length}). Shorten it, or watch its key words.`;
  }
  const parsed = parseSearchQuery(cleaned);
  return parsed.ok ? undefined : parsed.problem;
}

/** What is stored, keeping only well-formed entries with a usable query (a damaged value is an empty list). */
export function parseWatchedTerms(raw: string | null): readonly WatchedTerm[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return EMPTY;
  const ids = new Set<string>();
  const texts = new Set<string>();
  const out: WatchedTerm[] = [];
  for (const item of value) {
    const result = storedTerm.safeParse(item);
    if (!result.success) continue;
    const { id, scope, addedAt } = result.data;
    const text = clean(result.data.text);
    const key = `${scope}:${text.toLowerCase()}`;
    if (ids.has(id) || texts.has(key) || termProblem(text)) continue;
    ids.add(id);
    texts.add(key);
    out.push({ id, text, scope, addedAt: addedAt && Number.isFinite(Date.parse(addedAt)) ? addedAt : new Date(0).toISOString() });
  }
  return Object.freeze(out.slice(0, MAX_WATCHED_TERMS));
}

export type TermChange = { ok: true; list: readonly WatchedTerm[] } | { ok: false; problem: string };

function duplicate(list: readonly WatchedTerm[], text: string, scope: WatchScope, except?: string): boolean {
  return list.some((term) => term.id !== except && term.scope === scope && term.text.toLowerCase() === text.toLowerCase());
}

/** The list with a new term at its end, or why not. */
export function withWatchedTerm(
  list: readonly WatchedTerm[],
  input: { text: string; scope: WatchScope },
  options: { now?: Date; id?: string } = {},
): TermChange {
  const text = clean(input.text);
  const problem = termProblem(text);
  if (problem) return { ok: false, problem };
  if (list.length >= MAX_WATCHED_TERMS) return { ok: false, problem: `At most ${MAX_WATCHED_TERMS} watched terms: remove one to add another.` };
  if (duplicate(list, text, input.scope)) return { ok: false, problem: `“${text}” is already watched.` };
  const term: WatchedTerm = { id: options.id ?? newId(), text, scope: input.scope, addedAt: (options.now ?? new Date()).toISOString() };
  return { ok: true, list: Object.freeze([...list, term]) };
}

/** The list with one term changed (its words or its scope), or why not. */
export function withEditedTerm(list: readonly WatchedTerm[], id: string, input: { text: string; scope: WatchScope }): TermChange {
  const text = clean(input.text);
  const problem = termProblem(text);
  if (problem) return { ok: false, problem };
  if (!list.some((term) => term.id === id)) return { ok: false, problem: 'That term is no longer watched (removed in another tab?).' };
  if (duplicate(list, text, input.scope, id)) return { ok: false, problem: `“${text}” is already watched.` };
  return { ok: true, list: Object.freeze(list.map((term) => (term.id === id ? { ...term, text, scope: input.scope } : term))) };
}

export function withoutWatchedTerm(list: readonly WatchedTerm[], id: string): readonly WatchedTerm[] {
  return list.some((term) => term.id === id) ? Object.freeze(list.filter((term) => term.id !== id)) : list;
}

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const store = createLocalStore('earnings-desk.watched-terms.v1', parseWatchedTerms, EMPTY);

export const getWatchedTerms = store.get;
export const useWatchedTerms = store.use;
/** Forgets the cached copy (tests that change localStorage directly). */
export const resetWatchedTermsCache = store.reset;

function apply(change: TermChange): string | undefined {
  if (!change.ok) return change.problem;
  store.set(change.list);
  return undefined;
}

/** Adds a term; returns the problem in words when it cannot be watched. */
export function addWatchedTerm(input: { text: string; scope: WatchScope }, now?: Date): string | undefined {
  return apply(withWatchedTerm(getWatchedTerms(), input, { now }));
}

export function editWatchedTerm(id: string, input: { text: string; scope: WatchScope }): string | undefined {
  return apply(withEditedTerm(getWatchedTerms(), id, input));
}

export function removeWatchedTerm(id: string): void {
  const next = withoutWatchedTerm(getWatchedTerms(), id);
  if (next !== getWatchedTerms()) store.set(next);
}

import { useSyncExternalStore } from 'react';
import type { LiveTranscriptOptions, LiveTranscriptView } from '../../api/live-transcript.ts';
import type { LiveAudio } from '../../api/schemas.ts';
import type { SavedSearch } from '../../lib/transcript-search/saved.ts';
import { matchQuery } from '../../lib/transcript-search/match.ts';
import { parseSearchQuery, type SearchTerm } from '../../lib/transcript-search/query.ts';
import type { TranscriptSentence } from '../../lib/transcript/model.ts';
import type { WatchedTerm } from '../../lib/watched-terms.ts';

/**
 * Alerts on what is said: the rules (watched terms and watched saved searches, each with the
 * companies it is for), the watcher that reads the live calls in scope and checks each sentence
 * once, and the tray's list of alerts. Pure apart from the subscription it is given, so tests drive
 * it with hand-built transcript views and a clock.
 */

/** Which live calls a rule listens to. */
export type RuleScope = { kind: 'all' } | { kind: 'companies'; ids: ReadonlySet<number> };

export interface WatchRule {
  /** `term:<id>` or `search:<saved search id>`. */
  id: string;
  /** What the analyst wrote (a term's text, a saved search's name). */
  label: string;
  groups: SearchTerm[][];
  scope: RuleScope;
}

/**
 * The rules from the watched terms and the saved searches marked "Alert me when a live call says
 * this". A term is for the watchlist's companies or for every live call; a saved search is for its
 * own companies (its company filter, or the watchlist when it searches the watchlist), else for
 * every call. A rule whose query no longer reads is left out.
 */
export function watchRules(terms: readonly WatchedTerm[], searches: readonly SavedSearch[], watchlistIds: readonly number[]): WatchRule[] {
  const watchlist: RuleScope = { kind: 'companies', ids: new Set(watchlistIds) };
  const rules: WatchRule[] = [];
  for (const term of terms) {
    const parsed = parseSearchQuery(term.text);
    if (!parsed.ok) continue;
    rules.push({ id: `term:${term.id}`, label: term.text, groups: parsed.groups, scope: term.scope === 'all' ? { kind: 'all' } : watchlist });
  }
  for (const search of searches) {
    if (!search.watchLive) continue;
    const parsed = parseSearchQuery(search.params.q);
    if (!parsed.ok) continue;
    const scope: RuleScope = search.params.companyIds?.length
      ? { kind: 'companies', ids: new Set(search.params.companyIds) }
      : search.params.watchlist
        ? watchlist
        : { kind: 'all' };
    rules.push({ id: `search:${search.id}`, label: search.name, groups: parsed.groups, scope });
  }
  return rules;
}

export function inScope(rule: WatchRule, companyId: number): boolean {
  return rule.scope.kind === 'all' || rule.scope.ids.has(companyId);
}

/** A live call as the live list gives it (a `/live/audio` record): what an alert plays. */
export type WatchedCall = LiveAudio;

export interface SaidAlert {
  /** Unique: call, rule, sentence start. */
  id: string;
  call: WatchedCall;
  rule: { id: string; label: string };
  sentence: TranscriptSentence;
  /** What matched in the sentence's text: [start, end) ranges, in order. */
  ranges: [number, number][];
  /** When it was raised (the watcher's clock, ms). */
  raisedAt: number;
  /** How the call is named, where known when it was raised ("Calarica Foods", "Q3 2026 earnings call"). */
  companyName?: string;
  callTitle?: string;
}

export type SubscribeTranscript = (liveId: number, listener: (view: LiveTranscriptView) => void, options?: LiveTranscriptOptions) => () => void;

/** How far back the first look at a call joined mid-way checks (seconds of the call): not its whole past. */
export const BACKLOG_SECONDS = 120;

interface Followed {
  call: WatchedCall;
  unsubscribe: () => void;
  /**
   * The start of the last sentence checked (seconds), or undefined before the first view: each
   * sentence is checked once, when complete (another follows it, or the file ended), in time order,
   * so a later refinement or re-render of a checked sentence is never checked again.
   */
  checkedTo: number | undefined;
  /** Alerts raised on this call, by rule: sentence spans (a sentence split later is not a new alert). */
  alerted: Map<string, [number, number][]>;
}

export interface SaidAlertWatcher {
  /** The live calls now and the rules now: follows the calls some rule is for, leaves the others. */
  update(calls: readonly WatchedCall[], rules: readonly WatchRule[]): void;
  /** The calls being followed (their ids, in the order given). */
  followed(): number[];
  stop(): void;
}

export function createSaidAlertWatcher({
  subscribe,
  onAlert,
  now = Date.now,
}: {
  subscribe: SubscribeTranscript;
  onAlert: (alert: SaidAlert) => void;
  now?: () => number;
}): SaidAlertWatcher {
  const calls = new Map<number, Followed>();
  let rules: readonly WatchRule[] = [];

  const check = (followed: Followed, view: LiveTranscriptView) => {
    const snapshot = view.snapshot;
    if (!snapshot) return;
    const sentences = snapshot.transcript.paragraphs.flatMap((paragraph) => paragraph.sentences);
    const ended = view.state === 'ended' || snapshot.end !== undefined;
    const complete = ended ? sentences : sentences.slice(0, -1);
    if (followed.checkedTo === undefined) {
      // First look: a call joined mid-way alerts on its last couple of minutes, not its whole past.
      followed.checkedTo = snapshot.lastWordEnd > BACKLOG_SECONDS ? snapshot.lastWordEnd - BACKLOG_SECONDS : -Infinity;
    }
    const companyRules = rules.filter((rule) => inScope(rule, followed.call.companyId));
    for (const sentence of complete) {
      if (sentence.start <= followed.checkedTo) continue;
      followed.checkedTo = sentence.start;
      for (const rule of companyRules) {
        const ranges = matchQuery(rule.groups, sentence.text);
        if (!ranges) continue;
        const spans = followed.alerted.get(rule.id) ?? [];
        if (spans.some(([from, to]) => sentence.start >= from && sentence.start < to)) continue;
        spans.push([sentence.start, Math.max(sentence.end, sentence.start + 1e-6)]);
        followed.alerted.set(rule.id, spans);
        onAlert({
          id: `${followed.call.id}:${rule.id}:${sentence.start}`,
          call: followed.call,
          rule: { id: rule.id, label: rule.label },
          sentence: { index: sentence.index, text: sentence.text, start: sentence.start, end: sentence.end },
          ranges,
          raisedAt: now(),
        });
      }
    }
  };

  return {
    update(next, nextRules) {
      rules = nextRules;
      const wanted = new Map<number, WatchedCall>();
      for (const call of next) {
        if (call.state === 'live' && rules.some((rule) => inScope(rule, call.companyId))) wanted.set(call.id, call);
      }
      for (const [id, followed] of calls) {
        if (wanted.has(id)) continue;
        followed.unsubscribe();
        calls.delete(id);
      }
      for (const [id, call] of wanted) {
        const known = calls.get(id);
        if (known) {
          known.call = call;
          continue;
        }
        const followed: Followed = { call, unsubscribe: () => {}, checkedTo: undefined, alerted: new Map() };
        calls.set(id, followed);
        followed.unsubscribe = subscribe(id, (view) => calls.get(id) === followed && check(followed, view), { pace: 'background' });
      }
    },
    followed: () => [...calls.keys()],
    stop() {
      for (const followed of calls.values()) followed.unsubscribe();
      calls.clear();
    },
  };
}

/** Alerts kept in the tray: the newest first, at most this many. */
export const MAX_ALERTS = 50;

export interface AlertTrayState {
  alerts: readonly SaidAlert[];
  /** How many arrived since the tray was last opened. */
  unseen: number;
  /** Why nothing is being watched although there are terms (no live list here), in words; undefined otherwise. */
  note?: string;
}

/** The tray's alerts, for this tab (not stored: an alert is about now). */
export function createAlertTray() {
  let state: AlertTrayState = { alerts: [], unseen: 0 };
  const listeners = new Set<() => void>();
  const set = (next: AlertTrayState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => state,
    subscribe,
    add(alert: SaidAlert) {
      if (state.alerts.some((a) => a.id === alert.id)) return;
      set({ alerts: [alert, ...state.alerts].slice(0, MAX_ALERTS), unseen: Math.min(state.unseen + 1, MAX_ALERTS) });
    },
    markSeen() {
      if (state.unseen > 0) set({ ...state, unseen: 0 });
    },
    clear() {
      set({ ...state, alerts: [], unseen: 0 });
    },
    setNote(note: string | undefined) {
      if (state.note !== note) set({ ...state, note });
    },
    use(): AlertTrayState {
      return useSyncExternalStore(
        subscribe,
        () => state,
        () => state,
      );
    },
  };
}

/** The app's one tray. */
export const alertTray = createAlertTray();

/** The latest alert of a call (the live board's rows). */
export function useLatestAlert(liveId: number): SaidAlert | undefined {
  return useSyncExternalStore(
    alertTray.subscribe,
    () => alertTray.get().alerts.find((alert) => alert.call.id === liveId),
    () => undefined,
  );
}

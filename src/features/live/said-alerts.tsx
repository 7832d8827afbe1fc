import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useExtensionMissing } from '../../api/extensions.ts';
import { subscribeLiveTranscript } from '../../api/live-transcript.ts';
import { liveQueries } from '../../api/live.ts';
import { markedSegments, MarkedText } from '../../components/marked-text.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { controlClass, errorClass, fieldLabelClass, hintClass } from '../../components/ui/field.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatDuration } from '../../lib/format.ts';
import { player } from '../../lib/player/index.ts';
import { toLiveSource } from '../../lib/player/live-source.ts';
import { useSavedSearches } from '../../lib/transcript-search/saved.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import {
  addWatchedTerm,
  editWatchedTerm,
  MAX_TERM_LENGTH,
  MAX_WATCHED_TERMS,
  removeWatchedTerm,
  useWatchedTerms,
  type WatchedTerm,
  type WatchScope,
} from '../../lib/watched-terms.ts';
import { createOptInChoice, showNotification, useNotificationOptIn, useOptInEnabled } from './notifications.ts';
import {
  alertTray,
  createSaidAlertWatcher,
  watchRules,
  type SaidAlert,
  type SaidAlertWatcher,
  type SubscribeTranscript,
  type WatchRule,
} from './said-alerts-watcher.ts';
import { useCallNames, type CallNames } from './use-call-names.ts';
import { useDismiss } from '../../components/use-dismiss.ts';
import { sideWithRoom } from '../../components/popover-side.ts';

/**
 * Alerts on what is said, on screen: the watcher the app shell mounts (while anything is watched),
 * the header's alert tray, the Watched terms panel of /live, and what a live board row says of its
 * call (the latest alert, whether the Q&A has started).
 */

/** How often the watcher re-reads which calls are live: a call that goes live is followed within this. */
export const LIVE_LIST_EVERY_MS = 30_000;

/** Calls are listed with no names until read: the alert still says what was said, and when. */
const UNNAMED_CALL = 'A live call';

/** "Notify me when a watched term is said": one choice for the tab, whichever button made it. */
const saidNotifications = createOptInChoice();

function useSaidNotificationsOptIn() {
  return useNotificationOptIn({
    ask: 'Notify me when a watched term is said',
    granted: 'You will get a notification when a live call says a watched term, while the app stays open (in the background too).',
    choice: saidNotifications,
  });
}

/** The rules now: watched terms, and saved searches marked to be watched in live calls. */
export function useWatchRules(): WatchRule[] {
  const terms = useWatchedTerms();
  const searches = useSavedSearches();
  const watchlist = useWatchlist();
  return useMemo(
    () =>
      watchRules(
        terms,
        searches,
        watchlist.map((company) => company.id),
      ),
    [terms, searches, watchlist],
  );
}

/** How an alert's call is named: as read now, else as known when it was raised. */
type Named = Pick<SaidAlert, 'companyName' | 'callTitle'>;

function named(alert: SaidAlert, names: ReadonlyMap<number, CallNames>): Named {
  const now = names.get(alert.call.id);
  return { companyName: now?.companyName ?? alert.companyName, callTitle: now?.title ?? alert.callTitle };
}

/** "Calarica Foods: Q3 2026 earnings call". */
function callLine({ companyName, callTitle }: Named): string {
  return [companyName, callTitle].filter(Boolean).join(': ') || UNNAMED_CALL;
}

/** Plays the call from the alert's sentence in the app's one player, and opens the call's live page. */
function usePlayAlert(): (alert: SaidAlert) => void {
  const navigate = useNavigate();
  return (alert) => {
    // Titled as Listen titles a call: "Calarica Foods: Q3 2026 earnings call".
    const source = alert.call.state === 'live' ? toLiveSource(alert.call, { title: callLine(alert), artist: alert.companyName }) : undefined;
    if (source) player.load(source, { startAt: alert.sentence.start });
    void navigate({ to: '/live/$liveId', params: { liveId: alert.call.id } });
  };
}

/**
 * The watcher: while there are rules, the calls live now (one `/live/audio?states=live` read every
 * LIVE_LIST_EVERY_MS, in the background too) and, for each call some rule is for, its transcript at
 * background pace. Each new sentence is checked once; a match goes to the tray, is announced, and
 * becomes a notification when asked for.
 */
function Watcher({ rules, subscribe, now }: { rules: WatchRule[]; subscribe: SubscribeTranscript; now: () => number }) {
  const missing = useExtensionMissing('live');
  const list = useQuery({
    ...liveQueries.list({ states: ['live'] }),
    enabled: !missing,
    refetchInterval: (query) => (query.state.data?.available === false ? false : LIVE_LIST_EVERY_MS),
    refetchIntervalInBackground: true,
  });
  const unavailable = missing || list.data?.available === false;
  const records = useMemo(() => (list.data?.available ? list.data.value.items.filter((r) => r.state === 'live') : []), [list.data]);
  const inScope = useMemo(() => records.filter((r) => rules.some((rule) => rule.scope.kind === 'all' || rule.scope.ids.has(r.companyId))), [records, rules]);
  const names = useCallNames(inScope, NO_LISTED_EVENTS);
  const notify = useOptInEnabled(saidNotifications);
  const play = usePlayAlert();
  // What an alert needs at the moment it is raised (names, the opt-in, the player), kept current.
  const latest = useRef({ names, notify, play });
  useEffect(() => {
    latest.current = { names, notify, play };
  });
  const watcher = useRef<SaidAlertWatcher | null>(null);
  useEffect(() => {
    const created = createSaidAlertWatcher({
      subscribe,
      now,
      onAlert(alert) {
        const { names: known, notify: notifying, play: playing } = latest.current;
        const named = known.get(alert.call.id);
        const full: SaidAlert = { ...alert, companyName: named?.companyName, callTitle: named?.title };
        alertTray.add(full);
        if (notifying) {
          showNotification(`${full.companyName ?? UNNAMED_CALL} said “${full.rule.label}”`, { body: full.sentence.text, tag: `said-${full.id}` }, () =>
            playing(full),
          );
        }
      },
    });
    watcher.current = created;
    return () => {
      created.stop();
      watcher.current = null;
    };
  }, [subscribe, now]);
  useEffect(() => watcher.current?.update(inScope, rules), [inScope, rules, subscribe, now]);
  useEffect(() => {
    alertTray.setNote(unavailable ? 'Alerts need the list of live calls, which this data source does not offer: nothing is being watched.' : undefined);
    return () => alertTray.setNote(undefined);
  }, [unavailable]);
  return null;
}

/** The board's names hook reads each event by id when given no window list. */
const NO_LISTED_EVENTS = { data: undefined, isError: true } as const;

/**
 * What the app shell mounts in the header: the watcher (only while something is watched) and the
 * alert tray (while something is watched or an alert is kept). `subscribe` and `now` are for tests.
 */
export function SaidAlertsShell({ subscribe = subscribeLiveTranscript, now = Date.now }: { subscribe?: SubscribeTranscript; now?: () => number }) {
  const rules = useWatchRules();
  const { alerts } = alertTray.use();
  return (
    <>
      {rules.length > 0 && <Watcher rules={rules} subscribe={subscribe} now={now} />}
      {(rules.length > 0 || alerts.length > 0) && <AlertTray />}
    </>
  );
}

/** The header's button with the count of new alerts, and the list it opens. */
export function AlertTray() {
  const { alerts, unseen, note } = alertTray.use();
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<'left' | 'right'>('right');
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const playAlert = usePlayAlert();
  const optIn = useSaidNotificationsOptIn();
  const names = useCallNames(
    alerts.map((alert) => alert.call),
    NO_LISTED_EVENTS,
  );
  const play = (alert: SaidAlert) => playAlert({ ...alert, ...named(alert, names) });

  // Open: every alert is seen (the ones that arrive while it is open too).
  useEffect(() => {
    if (open) alertTray.markSeen();
  }, [open, unseen]);

  useDismiss(open, [boxRef], (how) => {
    setOpen(false);
    if (how === 'escape') buttonRef.current?.focus();
  });

  return (
    <div ref={boxRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unseen > 0 ? `Alerts, ${unseen} new` : 'Alerts'}
        onClick={() => {
          // Opens towards the side with room: the header puts the button at its left when it wraps.
          setAlign(sideWithRoom(buttonRef.current));
          setOpen((value) => !value);
        }}
        className={buttonClass({ variant: 'quiet', size: 'compact', className: 'relative' })}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M10 2.75a4.5 4.5 0 0 0-4.5 4.5v2.6L4 13.25h12l-1.5-3.4v-2.6a4.5 4.5 0 0 0-4.5-4.5ZM8 15.5a2 2 0 0 0 4 0" strokeLinejoin="round" />
        </svg>
        <span className="hidden 2xl:inline">Alerts</span>
        {unseen > 0 && (
          <span aria-hidden="true" className="tabular rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {unseen}
          </span>
        )}
      </button>
      <Announcer alerts={alerts} names={names} />
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Alerts on what is said"
          className={`z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg max-sm:fixed max-sm:inset-x-2 sm:absolute sm:w-[26rem] dark:border-slate-700 dark:bg-slate-900 ${align === 'left' ? 'sm:left-0' : 'sm:right-0'}`}
        >
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-sm font-semibold tracking-tight">Alerts on what is said</h2>
            <Link to="/live" hash="watched-terms" onClick={() => setOpen(false)} className={textLinkClass({ className: 'text-xs' })}>
              Watched terms
            </Link>
          </div>
          {note && <p className="mb-2 text-xs text-slate-700 dark:text-slate-300">{note}</p>}
          {alerts.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No alert yet. When a live call says a watched term, it appears here.</p>
          ) : (
            <ul aria-label="Alerts" className="divide-y divide-slate-100 dark:divide-slate-800">
              {alerts.map((alert) => (
                <li key={alert.id} className="py-1">
                  <AlertButton
                    alert={alert}
                    names={named(alert, names)}
                    onPlay={() => {
                      setOpen(false);
                      play(alert);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2 dark:border-slate-800">
            {optIn.control}
            {alerts.length > 0 && (
              <Button variant="quiet" size="xs" onClick={() => alertTray.clear()}>
                Clear alerts
              </Button>
            )}
          </div>
          {optIn.message && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{optIn.message}</p>}
        </div>
      )}
    </div>
  );
}

/** One alert: one click plays the call from the sentence and opens its live page. */
function AlertButton({ alert, names, onPlay }: { alert: SaidAlert; names: Named; onPlay: () => void }) {
  const at = formatDuration(alert.sentence.start);
  return (
    <button type="button" onClick={onPlay} className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-slate-50 dark:hover:bg-slate-800">
      <span className="block text-xs text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-800 dark:text-slate-200">{callLine(names)}</span> · “{alert.rule.label}” at {at}
      </span>
      <span className="mt-0.5 block">
        <MarkedText
          segments={markedSegments(
            alert.sentence.text,
            alert.ranges.map(([start, end]) => ({ start, end })),
          )}
        />
      </span>
      <span className="mt-0.5 block text-xs font-medium text-accent-700 dark:text-accent-300">
        <span aria-hidden="true">▶ </span>Play from {at}
      </span>
    </button>
  );
}

/** Says each new alert once, politely (not the ones already in the tray when it mounted). */
function Announcer({ alerts, names }: { alerts: readonly SaidAlert[]; names: ReadonlyMap<number, CallNames> }) {
  const [text, setText] = useState('');
  const latest = alerts[0];
  const previous = useRef(latest?.id);
  const namesNow = useRef(names);
  useEffect(() => {
    namesNow.current = names;
  });
  useEffect(() => {
    if (!latest || latest.id === previous.current) return;
    previous.current = latest.id;
    setText(`New alert: ${callLine(named(latest, namesNow.current))} said “${latest.rule.label}” at ${formatDuration(latest.sentence.start)}.`);
  }, [latest]);
  return (
    <span role="status" aria-live="polite" className="sr-only">
      {text}
    </span>
  );
}

const SCOPES: { value: WatchScope; label: string }[] = [
  { value: 'watchlist', label: 'Watchlist companies' },
  { value: 'all', label: 'Every live call' },
];

/** /live's "Watched terms": add, edit and remove the words and phrases alerts listen for. */
export function WatchedTermsPanel() {
  const terms = useWatchedTerms();
  const searches = useSavedSearches().filter((entry) => entry.watchLive);
  const watchlist = useWatchlist();
  const { note } = alertTray.use();
  const optIn = useSaidNotificationsOptIn();
  const full = terms.length >= MAX_WATCHED_TERMS;
  const listMissing = useExtensionMissing('live');
  return (
    <Panel title="Watched terms" id="watched-terms">
      <div className="space-y-3 px-4 py-3 text-sm">
        <p className="text-slate-600 dark:text-slate-400">
          An alert is raised when a live call says one of these, with the sentence and a way to play from it. Words and &quot;exact phrases&quot; as in the
          transcript search; -word leaves out sentences that say it.
        </p>
        {(note || listMissing) && (
          <p className="text-slate-700 dark:text-slate-300">
            {note ?? 'Alerts need the list of live calls, which this data source does not offer: nothing is being watched.'}
          </p>
        )}
        {full ? (
          <p className="text-slate-700 dark:text-slate-300">{MAX_WATCHED_TERMS} terms are watched, the most there can be: remove one to add another.</p>
        ) : (
          <TermForm submitLabel="Watch" onSubmit={(input) => addWatchedTerm(input)} />
        )}
        {terms.some((term) => term.scope === 'watchlist') && watchlist.length === 0 && (
          <p className="text-slate-700 dark:text-slate-300">
            Your watchlist is empty, so terms for watchlist companies hear nothing yet: star companies on their pages.
          </p>
        )}
        {terms.length > 0 && (
          <ul aria-label="Watched terms" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {terms.map((term) => (
              <TermRow key={term.id} term={term} />
            ))}
          </ul>
        )}
        {searches.length > 0 && (
          <p className="text-slate-600 dark:text-slate-400">Also watched, from saved searches: {searches.map((entry) => `“${entry.name}”`).join(', ')}.</p>
        )}
        {optIn.control && (
          <div className="flex flex-wrap items-center gap-3">
            {optIn.control}
            {optIn.message && <p className="text-slate-600 dark:text-slate-400">{optIn.message}</p>}
          </div>
        )}
      </div>
    </Panel>
  );
}

function scopeLabel(scope: WatchScope): string {
  return SCOPES.find((s) => s.value === scope)!.label;
}

function TermRow({ term }: { term: WatchedTerm }) {
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const done = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      {editing ? (
        <TermForm
          initial={term}
          submitLabel="Save"
          onSubmit={(input) => {
            const problem = editWatchedTerm(term.id, input);
            if (!problem) done();
            return problem;
          }}
          onCancel={done}
        />
      ) : (
        <>
          <span className="min-w-0 flex-1 break-words font-medium">{term.text}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">{scopeLabel(term.scope)}</span>
          <span className="flex gap-1">
            <button
              ref={editRef}
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Edit “${term.text}”`}
              className={buttonClass({ variant: 'quiet', size: 'xs' })}
            >
              Edit
            </button>
            <Button variant="quiet" size="xs" onClick={() => removeWatchedTerm(term.id)} aria-label={`Stop watching “${term.text}”`}>
              Remove
            </Button>
          </span>
        </>
      )}
    </li>
  );
}

/** The term's words and scope; `onSubmit` answers the problem in words, or undefined when done. */
function TermForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: WatchedTerm;
  submitLabel: string;
  onSubmit: (input: { text: string; scope: WatchScope }) => string | undefined;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial?.text ?? '');
  const [scope, setScope] = useState<WatchScope>(initial?.scope ?? 'watchlist');
  const [problem, setProblem] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (initial) inputRef.current?.focus();
  }, [initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = onSubmit({ text, scope });
    setProblem(result);
    if (result) inputRef.current?.focus();
    else if (!initial) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
  const label = initial ? `Words or phrase for “${initial.text}”` : 'Word or "phrase" to watch';
  return (
    <form onSubmit={submit} aria-label={initial ? `Edit “${initial.text}”` : 'Add a watched term'} className="flex w-full flex-wrap items-start gap-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-text`} className={fieldLabelClass}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={`${id}-text`}
          type="text"
          value={text}
          maxLength={MAX_TERM_LENGTH * 2}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          className={controlClass}
        />
        {problem ? (
          <span id={`${id}-problem`} role="alert" className={errorClass}>
            {problem}
          </span>
        ) : (
          <span id={`${id}-hint`} className={hintClass}>
            tariffs, &quot;gross margin&quot;, guid* (at most {MAX_TERM_LENGTH} characters)
          </span>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-scope`} className={fieldLabelClass}>
          Listen in
        </label>
        <select id={`${id}-scope`} value={scope} onChange={(event) => setScope(event.target.value as WatchScope)} className={controlClass}>
          {SCOPES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-5 flex gap-1">
        <button type="submit" className={buttonClass({ variant: 'primary', size: 'sm' })}>
          {submitLabel}
        </button>
        {onCancel && (
          <Button size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

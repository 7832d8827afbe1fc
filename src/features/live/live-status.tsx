import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { eventQueries } from '../../api/events.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { eventName } from '../../lib/names.ts';
import { isFinalLiveState, liveQueries, liveRefetchInterval } from '../../api/live.ts';
import { serverNow } from '../../api/server-clock.ts';
import type { AudioRecord, LiveAudio } from '../../api/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { LivePlayback, liveSourceOf, recordingSource, useCueLive, useListedRecording, type LiveCue } from './live-playback.tsx';
import { LiveQuestions, LiveTranscriptPanel, type LiveTextViews } from './live-transcript-panel.tsx';
import { useLiveTranscript } from '../../api/live-transcript.ts';
import { usePlayer, type PlayerSource } from '../../lib/player/index.ts';
import { liveKey } from '../../lib/player/live-source.ts';
import { Panel } from '../../components/ui/panel.tsx';
import { CallNotesPanel } from '../../components/notes/call-notes-panel.tsx';
import { parseClipParam } from '../../lib/time-param.ts';
import { announce } from './announce.ts';
import { rememberLive } from './recent.ts';
import { describeState, formatCountdown, TONE_BADGE } from '../../components/live-states.ts';
import { useStateNotifications } from './notifications.ts';
import { companyLabel } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** The live page's columns: the audio and the lists on the left, the transcript on the right; one column on a phone, the transcript right after Listen. */
const LIVE_COLUMNS = 'grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_auto_1fr]';

/**
 * The status of one live-audio record, kept current by polling endpoint 9 (every few seconds
 * while the state can change, slowly otherwise, paused while the tab is hidden, read again the
 * moment it is visible). Each change of state is announced, and notified if the analyst asked.
 * Beside the audio, the call as text while it is said: its transcript, the questions so far, and
 * the listener's bookmarks and highlights (kept by the event, so they are on the recording later).
 */
export function LiveStatusView({ liveId, t, views }: { liveId: number; t?: number | string; views: LiveTextViews }) {
  // The route's loader waited for the record; polling keeps it current from here.
  const query = useSuspenseQuery(liveQueries.detail(liveId));
  const record = query.data;
  const event = useQuery(eventQueries.detail(record.eventId));
  const company = useQuery({ ...companyQueries.detail(record.companyId), staleTime: 10 * 60_000 });
  const type = useQuery({ ...eventTypeQueries.detail(event.data?.typeId ?? 0), enabled: event.data !== undefined });
  // The heading is named once the event, its type and its company have answered (or failed), so it
  // does not change its words in front of the reader as each arrives.
  const named =
    event.data !== undefined && !type.isPending && !company.isPending ? eventName(event.data, { type: type.data, company: company.data }) : undefined;
  const title = named ?? 'Loading the call…';
  const companyName = company.data ? companyLabel(company.data) : undefined;
  usePageTitle(companyName, named ?? 'Live call');

  // Remember what was seen, for the list on /live.
  useEffect(() => {
    if (named === undefined) return;
    rememberLive({ id: record.id, title: company.data ? `${companyLabel(company.data)} · ${named}` : named, state: record.state, seenAt: Date.now() });
  }, [record, company.data, named]);

  const announcement = useStateAnnouncement(record, companyName, title);
  const notifications = useStateNotifications(record?.state, companyName ?? title, title);

  // The text of the call, followed while it can be (before it goes live there is nothing to read).
  const before = record.state === 'notLive' || record.state === 'willBeLive';
  const view = useLiveTranscript(record.id, { pace: 'page', enabled: !before });
  const qnaStart = view.snapshot?.qnaStart;
  const audio = useListedRecording(record);
  const live = useMemo(() => liveSourceOf(record, title, companyName, qnaStart), [record, title, companyName, qnaStart]);
  const recording = useMemo(() => (audio ? recordingSource(audio, title, companyName) : undefined), [audio, title, companyName]);
  // What a sentence, a question or a bookmark plays in: the recording once listed (same times), else the stream.
  const source: PlayerSource = recording ?? live ?? silentLiveSource(record, title, companyName, qnaStart);
  useQnaToPlayer(live);
  const cue = useLiveLink(t, audio);
  useCueLive(record.state === 'live' ? live : undefined, cue.cue);

  const info = describeState(record.state);
  const interval = liveRefetchInterval(record.state, record.date ?? undefined);
  return (
    <div className="space-y-4">
      <header className="rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: record.companyId }} className={textLinkClass()}>
            {company.data ? companyLabel(company.data) : 'Company page'}
          </Link>
          <Link to="/events/$eventId" params={{ eventId: record.eventId }} className={textLinkClass({ strong: false, underlined: true })}>
            Event page
          </Link>
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-xl font-semibold tracking-tight wrap-anywhere">{title}</h1>
          <Badge data-state={record.state} tone={TONE_BADGE[info.tone]} size="md">
            {info.tone === 'live' && <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />}
            {info.label}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{info.line}</p>

        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <Fact label="Scheduled">
            <TimeText value={record.date} />
          </Fact>
          {record.wentLiveAt ? (
            <Fact label="Went live">
              <TimeText value={record.wentLiveAt} />
            </Fact>
          ) : (
            <Countdown to={record.date ?? ''} state={record.state} />
          )}
          <Fact label="Updated">
            <CheckedAt at={query.dataUpdatedAt} fetching={query.isFetching} interval={interval} />
          </Fact>
        </dl>

        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          {notifications.control}
          <TimeZoneNote />
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {notifications.message && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{notifications.message}</p>}
      </header>

      {query.isError && <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h2" />}
      {cue.problem && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          This link’s time cannot be played: {cue.problem}
        </p>
      )}

      <div className={LIVE_COLUMNS}>
        <LivePlayback record={record} source={live} title={title} artist={companyName} audio={audio} cue={cue.cue} />
        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <Panel title="Transcript">
            <LiveTranscriptPanel view={view} record={record} source={source} audio={audio} views={views} />
          </Panel>
        </div>
        {/* Without any text there are no questions to list: the transcript panel says why, once. */}
        {(view.snapshot || view.state === 'loading' || view.state === 'rolling') && (
          <Panel title="Questions so far">
            <LiveQuestions view={view} source={source} views={views} />
          </Panel>
        )}
        <Panel title="Bookmarks and highlights">
          <CallNotesPanel source={source} />
        </Panel>
      </div>
    </div>
  );
}

/** The call's source when the record gives no stream to play (its text is still read; nothing plays from it). */
function silentLiveSource(record: LiveAudio, title: string, artist: string | undefined, qna: number | undefined): PlayerSource {
  return { kind: 'live', key: liveKey(record.id), liveId: record.id, eventId: record.eventId, companyId: record.companyId, title, artist, streamUrl: '', qna };
}

/**
 * The Q&A start, handed to the player the moment the transcript says so, when this stream is in it
 * (the seek bar marks it), without interrupting playback.
 */
function useQnaToPlayer(live: PlayerSource | undefined): void {
  const player = usePlayer();
  useEffect(() => {
    if (!live || live.qna === undefined) return;
    const current = player.getState().source;
    if (current?.key === live.key && current.qna !== live.qna) player.load(live, { autoplay: false });
  }, [player, live]);
}

/**
 * `?t=` on the live page (seconds or a clip, as on a recording): the moment or clip to play in
 * the stream, or why the value is not a time. Once the recording is listed, the link goes on to
 * the recording's page with the same `?t=`.
 */
function useLiveLink(t: number | string | undefined, audio: AudioRecord | undefined): { cue?: LiveCue; problem?: string } {
  const navigate = useNavigate();
  const read = useMemo((): { cue?: LiveCue; problem?: string } => {
    if (t === undefined) return {};
    if (typeof t === 'number') return { cue: { start: t } };
    const clip = parseClipParam(t);
    return clip.ok ? { cue: { start: clip.start, end: clip.end } } : { problem: clip.error };
  }, [t]);
  useEffect(() => {
    if (!audio || t === undefined || read.problem) return;
    void navigate({ to: '/recordings/$audioId', params: { audioId: audio.id }, search: { t }, replace: true });
  }, [audio, t, read.problem, navigate]);
  return read;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Time left until the scheduled start, each second; once past it, says the call is awaited. */
function Countdown({ to, state }: { to: string; state: string }) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => serverNow());
  const counting = !isFinalLiveState(state) && (state === 'notLive' || state === 'willBeLive');
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  if (!counting || !Number.isFinite(target)) {
    return (
      <Fact label="Went live">
        <span className="text-slate-600 dark:text-slate-400">—</span>
      </Fact>
    );
  }
  const left = target - now;
  return (
    <Fact label={left > 0 ? 'Starts in' : 'Start'}>
      {left > 0 ? (
        <span role="timer" aria-live="off" className="tabular font-semibold">
          {formatCountdown(left)}
        </span>
      ) : (
        <span>Due now; waiting for the stream to begin…</span>
      )}
    </Fact>
  );
}

function CheckedAt({ at, fetching, interval }: { at: number; fetching: boolean; interval: number | false }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const ago = Math.max(0, Math.round((now - at) / 1000));
  return (
    <span className="text-slate-700 dark:text-slate-300">
      {fetching ? 'updating…' : ago < 2 ? 'just now' : `${ago} s ago`}
      <span className="text-slate-500 max-sm:hidden dark:text-slate-400">{interval === false ? ' · this is the final status' : ' · updates by itself'}</span>
    </span>
  );
}

/** The change of state, in words, for the status region (empty on first load: nothing changed). */
function useStateAnnouncement(record: LiveAudio | undefined, company: string | undefined, title: string): string {
  const previous = useRef<string | undefined>(undefined);
  const [text, setText] = useState('');
  const state = record?.state;
  useEffect(() => {
    if (state === undefined) return;
    const before = previous.current;
    previous.current = state;
    if (before === undefined || before === state) return;
    setText(announce(state, company ?? title));
  }, [state, company, title]);
  return text;
}

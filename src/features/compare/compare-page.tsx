import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, type ReactNode } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { EventRecord, EventType } from '../../api/schemas.ts';
import { useEventTranscript } from '../../api/transcript-content.ts';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { Select } from '../../components/ui/select.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import type { CompareSide } from '../../lib/compare/model.ts';
import { withTermHistory } from '../../lib/compare/history.ts';
import { companyLabel, formatDate, plausibleSeconds } from '../../lib/format.ts';
import { eventName } from '../../lib/names.ts';
import { toPlayerChapters } from '../../lib/player/recording-source.ts';
import { recordingChaptersQuery } from '../recordings/recording-queries.ts';
import { eventRecordingsQuery } from '../events/event-queries.ts';
import { compareHref, type CompareSearch } from './compare-address.ts';
import { companyCallTranscriptsQuery, compareEventQuery } from './compare-queries.ts';
import { ComparisonView, type CompareCall } from './comparison-view.tsx';
import { companyCalls, previousCallOfKind, type CompanyCall } from './company-calls.ts';
import { callKind } from '../../lib/event-families.ts';
import { useCompareTermHistory } from './term-history.ts';
import { useComparison } from './use-comparison.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/**
 * `/compare?call=…&with=…`: two calls of one company side by side. The header names the company
 * and both calls, with a picker for each (any call of the company with a transcript); without
 * `with`, the previous call of the same kind. Each call's transcript and recording are read as
 * the recording page reads them; the comparison itself is computed off the main thread.
 */

const link = textLinkClass();
const muted = 'text-slate-600 dark:text-slate-400';

export function ComparePage({
  callId,
  withId,
  onChoose,
}: {
  callId: number;
  withId?: number;
  onChoose: (next: CompareSearch, options?: { replace?: boolean }) => void;
}) {
  const { data: current } = useSuspenseQuery(compareEventQuery(callId));
  const company = useQuery(companyQueries.detail(current.companyId));
  const transcripts = useQuery(companyCallTranscriptsQuery(current.companyId));
  const chosen = useQuery({ ...compareEventQuery(withId ?? 0), enabled: withId !== undefined });

  const calls = useMemo(
    () => (transcripts.data ? companyCalls(transcripts.data.items, [current, ...(chosen.data ? [chosen.data] : [])]) : undefined),
    [transcripts.data, current, chosen.data],
  );
  const typeIds = useMemo(() => [...new Set([current.typeId, ...(calls ?? []).map((call) => call.typeId)])], [current.typeId, calls]);
  const typeResults = useQueries({ queries: typeIds.map((id) => eventTypeQueries.detail(id)) });
  const types = new Map<number, EventType | undefined>(typeIds.map((id, index) => [id, typeResults[index]?.data]));
  const typesSettled = typeResults.every((result) => !result.isPending);
  const kind = (typeId: number) => callKind(types.get(typeId), typeId);

  const currentCall = calls?.find((call) => call.eventId === callId);
  const defaultPrevious = withId === undefined && calls && currentCall && typesSettled ? previousCallOfKind(calls, currentCall, kind) : undefined;
  const otherId = withId ?? defaultPrevious?.eventId;
  // Both calls in the address once the default is found, so the page can be shared and bookmarked as it reads.
  const defaultId = defaultPrevious?.eventId;
  useEffect(() => {
    if (withId === undefined && defaultId !== undefined) onChoose({ call: callId, with: defaultId }, { replace: true });
  }, [withId, defaultId, callId, onChoose]);
  const other = useQuery({ ...compareEventQuery(otherId ?? 0), enabled: otherId !== undefined });

  const companyName = company.data ? companyLabel(company.data) : 'This company';
  const nameOf = (event: { typeId: number; title?: string | null; fiscalYear?: number | null; fiscalPeriod?: string | null }) =>
    eventName(event, { type: types.get(event.typeId), company: company.data });
  const currentName = nameOf(current);
  const otherName = other.data ? nameOf(other.data) : undefined;
  usePageTitle(company.data ? companyLabel(company.data) : undefined, otherName ? `${currentName} compared with ${otherName}` : `${currentName} compared`);
  const findingDefault = withId === undefined && (calls === undefined || !typesSettled);

  let body: ReactNode;
  if (transcripts.isError && !calls) {
    body = <PanelError error={transcripts.error} onRetry={() => void transcripts.refetch()} />;
  } else if (other.isError) {
    body = <PanelError error={other.error} onRetry={() => void other.refetch()} />;
  } else if (findingDefault || (otherId !== undefined && !other.data)) {
    body = <SkeletonRows rows={6} label="Finding the calls to compare" />;
  } else if (otherId === undefined || !other.data) {
    body = (
      <Notice title="Nothing to compare with">
        <p>
          {companyName} has no earlier call of this kind with a transcript. Choose a call to compare the {currentName} with above.
        </p>
      </Notice>
    );
  } else if (other.data.companyId !== current.companyId) {
    body = (
      <Notice title="Two different companies">
        <p>
          These two calls are of different companies; a comparison is of two calls of one company.{' '}
          <Link to="/compare" search={{ call: callId }} className={link}>
            Compare the {currentName} with {companyName}’s previous call
          </Link>
          .
        </p>
      </Notice>
    );
  } else if (other.data.id === current.id) {
    body = (
      <Notice title="The same call twice">
        <p>Choose another call to compare the {currentName} with.</p>
      </Notice>
    );
  } else {
    body = (
      <LoadedPair
        key={`${current.id}-${other.data.id}`}
        current={current}
        previous={other.data}
        names={{ current: currentName, previous: otherName ?? '' }}
        company={{ id: current.companyId, name: companyName }}
        calls={calls ?? []}
        nameOf={nameOf}
        kindTypeIds={typeIds.filter((id) => kind(id) === kind(current.typeId))}
      />
    );
  }

  const options = calls ?? [];
  const optionLabel = (call: CompanyCall) => `${nameOf(call)}${call.date ? ` · ${formatDate(call.date)}` : ''}${call.hasTranscript ? '' : ' (no transcript)'}`;

  return (
    <div className="space-y-5">
      <div>
        <p className={`text-sm wrap-anywhere ${muted}`}>
          <Link to="/companies/$companyId" params={{ companyId: current.companyId }} className={link}>
            {companyName}
          </Link>
        </p>
        <h1 className="mt-1 text-lg font-semibold tracking-tight break-words">
          {currentName} compared with {otherName ?? (findingDefault ? 'the previous call' : '…')}
        </h1>
        <div className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <Select
            label="This call"
            value={String(callId)}
            disabled={options.length === 0}
            onChange={(event) => onChoose({ call: Number(event.target.value), with: withId })}
          >
            {options.length === 0 && <option value={String(callId)}>{currentName}</option>}
            {options.map((call) => (
              <option key={call.eventId} value={String(call.eventId)}>
                {optionLabel(call)}
              </option>
            ))}
          </Select>
          <Select
            label="Compared with"
            value={otherId === undefined ? '' : String(otherId)}
            disabled={options.length === 0}
            onChange={(event) => event.target.value && onChoose({ call: callId, with: Number(event.target.value) })}
          >
            {otherId === undefined && <option value="">Choose a call</option>}
            {options
              .filter((call) => call.eventId !== callId)
              .map((call) => (
                <option key={call.eventId} value={String(call.eventId)}>
                  {optionLabel(call)}
                </option>
              ))}
          </Select>
        </div>
      </div>
      {body}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <div className="space-y-2 px-4 py-3 text-sm">{children}</div>
    </Panel>
  );
}

/** One call's recording as the comparison needs it: its id (▶), its Q&A offset and its chapters. */
function useCallRecording(eventId: number) {
  const recordings = useQuery(eventRecordingsQuery(eventId));
  const audio = recordings.data?.data[0];
  const chapters = useQuery({ ...recordingChaptersQuery(audio?.id ?? 0), enabled: audio !== undefined });
  // Chapters that fail to load leave the Q&A offset and the transcript's own speakers to find the sections.
  const read = useMemo(() => (chapters.data ? toPlayerChapters(chapters.data) : undefined), [chapters.data]);
  return {
    audio,
    chapters: read,
    settled: recordings.data !== undefined && (audio === undefined || !chapters.isPending),
    failed: recordings.isError ? recordings : undefined,
  };
}

/** "Q3 call", or "Q3 2026 call" when the other call is a Q3 too; the call's name without a fiscal period. */
function shortName(event: EventRecord, other: EventRecord, name: string): string {
  const period = event.fiscalPeriod?.trim().toUpperCase();
  if (!period) return name.replace(/^./, (c) => c.toLowerCase());
  const same = period === other.fiscalPeriod?.trim().toUpperCase();
  return same && event.fiscalYear !== null ? `${period} ${event.fiscalYear} call` : `${period} call`;
}

const transcriptKind = (edited: boolean) => (edited ? 'Edited transcript' : 'Machine transcript');

function LoadedPair({
  current,
  previous,
  names,
  company,
  calls,
  nameOf,
  kindTypeIds,
}: {
  current: EventRecord;
  previous: EventRecord;
  names: { current: string; previous: string };
  company: { id: number; name: string };
  calls: readonly CompanyCall[];
  nameOf: (call: CompanyCall) => string;
  kindTypeIds: readonly number[];
}) {
  const { text: currentText, audio: currentAudio, side: currentSide } = useCompareSide(current.id);
  const { text: previousText, audio: previousAudio, side: previousSide } = useCompareSide(previous.id);
  const state = useComparison(currentSide, previousSide);
  const computed = state?.status === 'done' ? state.comparison : undefined;
  const history = useCompareTermHistory(
    computed
      ? {
          companyId: company.id,
          eventTypeIds: kindTypeIds,
          until: current.date ?? undefined,
          terms: [...computed.terms.added, ...computed.terms.dropped].map((term) => term.term),
        }
      : undefined,
  );
  // The worker ranks more terms than are shown; the company's history ranks them again (a word every call says is not news).
  const comparison = useMemo(() => computed && withTermHistory(computed, history), [computed, history]);

  const missing = currentText.missing ? current : previousText.missing ? previous : undefined;
  if (missing) {
    const others = calls.filter((call) => call.hasTranscript && call.eventId !== current.id && call.eventId !== previous.id);
    const missingName = missing === current ? names.current : names.previous;
    return (
      <Notice title="No transcript to compare">
        <p>The {missingName} has no transcript yet, so it cannot be compared.</p>
        {others.length > 0 && (
          <>
            <p>Compare with another call of {company.name} instead:</p>
            <ul className="list-disc space-y-1 pl-5">
              {others.slice(0, 8).map((call) => {
                const pair = missing === current ? { call: call.eventId, with: previous.id } : { call: current.id, with: call.eventId };
                return (
                  <li key={call.eventId}>
                    <Link to="/compare" search={pair} className={link}>
                      {nameOf(call)}
                      {call.date ? `, ${formatDate(call.date)}` : ''}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Notice>
    );
  }
  const failed = currentText.failed ?? previousText.failed ?? currentAudio.failed ?? previousAudio.failed;
  if (failed) return <PanelError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (state?.status === 'failed') {
    return (
      <Notice title="The comparison failed">
        <p>These calls could not be compared: {state.message}</p>
      </Notice>
    );
  }
  if (!comparison || !currentSide || !previousSide) return <SkeletonRows rows={8} label={state ? 'Comparing the calls' : 'Loading both transcripts'} />;

  /** One side of the pair as the view names and plays it. */
  const callOf = (event: typeof current, other: typeof current, name: string, audioId: number | undefined, edited: boolean): CompareCall => ({
    eventId: event.id,
    name,
    short: shortName(event, other, name),
    audioId,
    transcriptKind: transcriptKind(edited),
    date: event.date,
  });
  const currentCall = callOf(current, previous, names.current, currentAudio.audio?.id, comparison.currentEdited);
  const previousCall = callOf(previous, current, names.previous, previousAudio.audio?.id, comparison.previousEdited);
  return (
    <>
      <p className={`text-sm ${muted}`}>
        Comparing the {currentCall.name} ({currentCall.transcriptKind}) with the {previousCall.name} ({previousCall.transcriptKind}).
      </p>
      <ComparisonView
        comparison={comparison}
        company={company}
        current={currentCall}
        previous={previousCall}
        history={history}
        origin={window.location.origin}
        pagePath={compareHref(current.id, previous.id)}
      />
    </>
  );
}

/** One call as the comparison reads it: its transcript and its recording's chapters and Q&A offset, once both are known. */
function useCompareSide(eventId: number) {
  const text = useEventTranscript(eventId);
  const audio = useCallRecording(eventId);
  const side = useMemo<CompareSide | undefined>(
    () => (text.transcript && audio.settled ? { transcript: text.transcript, chapters: audio.chapters, qna: plausibleSeconds(audio.audio?.qna) } : undefined),
    [text.transcript, audio.settled, audio.chapters, audio.audio],
  );
  return { text, audio, side };
}

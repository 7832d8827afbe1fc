import { Link } from '@tanstack/react-router';
import type { AudioRecord } from '../../api/schemas.ts';
import { TimeText } from '../../components/time-text.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatDuration, formatSize } from '../../lib/format.ts';
import { audioFileLabel } from '../../lib/names.ts';
import { readPosition, usePlayerState, type RecordingSource } from '../../lib/player/index.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { PlayButtons } from './recording-play.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

const secondary = buttonClass({ size: 'md' });

/** The head of a recording's page: which call it is, of which company, and how to start listening. */
export function RecordingSummary({ audio, source, t }: { audio: AudioRecord; source: RecordingSource; t: number | undefined }) {
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  const event = audio.event;
  const fileUrl = safeHttpUrl(audio.fileUrl);
  const meta = audio.audioMetadata;
  const resume = !isCurrent && t === undefined ? readPosition(source.key) : undefined;
  usePageTitle(source.artist, source.title);

  return (
    <div className="space-y-4 px-4 py-4">
      <div>
        <h1 className="break-words text-lg font-semibold tracking-tight">{source.title}</h1>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 wrap-anywhere dark:text-slate-300 [&>*]:min-w-0">
          {source.artist ? (
            <Link to="/companies/$companyId" params={{ companyId: audio.companyId }} className={textLinkClass()}>
              {source.artist}
            </Link>
          ) : (
            <Link to="/companies/$companyId" params={{ companyId: audio.companyId }} className={textLinkClass()}>
              Company page
            </Link>
          )}
          {event && <TimeText value={event.date} />}
          <span className="tabular">{audioFileLabel({ mimetype: meta?.mimetype, duration: meta?.duration })}</span>
          <Link to="/events/$eventId" params={{ eventId: audio.eventId }} className={textLinkClass({ strong: false })}>
            Event details
          </Link>
        </p>
        {event?.date && <TimeZoneNote className="mt-1" />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PlayButtons source={source} t={t} />
        {!isCurrent && (t !== undefined || resume !== undefined) && (
          <span className="tabular text-sm text-slate-600 dark:text-slate-400">
            {t !== undefined ? `from ${formatDuration(t)}` : `resumes at ${formatDuration(resume)}`}
          </span>
        )}
        {fileUrl && (
          <a href={fileUrl} download className={secondary}>
            Download MP3 <span className="tabular text-xs text-slate-600 dark:text-slate-400">{formatSize(meta?.size)}</span>
          </a>
        )}
      </div>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import type { AudioRecord } from '../../api/schemas.ts';
import { TimeText } from '../../components/time-text.tsx';
import { formatDuration, formatSize, MISSING, textOr } from '../../lib/format.ts';
import { preloadHls, readPosition, usePlayer, usePlayerState, type RecordingSource } from '../../lib/player/index.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';

const secondary = buttonClass({ size: 'md' });

/** The head of a recording's page: what the call was, its file, and how to start listening. */
export function RecordingSummary({ audio, source, t }: { audio: AudioRecord; source: RecordingSource; t: number | undefined }) {
  const player = usePlayer();
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  const playing = usePlayerState((s) => s.source?.key === source.key && s.playing);
  const event = audio.event;
  const fileUrl = safeHttpUrl(audio.fileUrl);
  const meta = audio.audioMetadata;
  const size = formatSize(meta?.size);
  const resume = !isCurrent && t === undefined ? readPosition(source.key) : undefined;

  const play = (startAt?: number) => {
    if (isCurrent) {
      if (startAt !== undefined) player.playFrom(startAt);
      else player.toggle();
    } else player.load(source, { startAt: startAt ?? t });
  };

  return (
    <div className="space-y-4 px-4 py-4">
      <div>
        <h1 className="break-words text-lg font-semibold tracking-tight">{source.title}</h1>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 wrap-anywhere dark:text-slate-300 [&>*]:min-w-0">
          <Link to="/companies/$companyId" params={{ companyId: audio.companyId }} className={textLinkClass()}>
            {source.artist ?? `Company ${audio.companyId}`}
          </Link>
          {event && <TimeText value={event.date} />}
          {event && (
            <span>
              {textOr(event.fiscalPeriod)} {event.fiscalYear ?? MISSING} · {textOr(event.language?.toUpperCase())}
            </span>
          )}
          <Link to="/events/$eventId" params={{ eventId: audio.eventId }} className={textLinkClass({ strong: false })}>
            Event details
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" size="md" onClick={() => play()} onPointerEnter={preloadHls} onFocus={preloadHls}>
          {playing ? 'Pause recording' : 'Play recording'}
        </Button>
        {!isCurrent && (t !== undefined || resume !== undefined) && (
          <span className="tabular text-sm text-slate-600 dark:text-slate-400">
            {t !== undefined ? `from ${formatDuration(t)}` : `resumes at ${formatDuration(resume)}`}
          </span>
        )}
        {source.qna !== undefined && (
          <Button size="md" onClick={() => play(source.qna)} onPointerEnter={preloadHls}>
            Jump to Q&amp;A <span className="tabular text-xs text-slate-600 dark:text-slate-400">{formatDuration(source.qna)}</span>
          </Button>
        )}
        {fileUrl && (
          <a href={fileUrl} download className={secondary}>
            Download MP3 <span className="tabular text-xs text-slate-600 dark:text-slate-400">{size}</span>
          </a>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Duration</dt>
          <dd className="tabular font-medium">{formatDuration(meta?.duration)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Size</dt>
          <dd className="tabular font-medium">{size}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Type</dt>
          <dd className="min-w-0 break-words font-medium">
            {textOr(meta?.mimetype)}
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{textOr(meta?.encoding)}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

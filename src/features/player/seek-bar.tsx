import { useRef, useState } from 'react';
import { chapterTree, usePlayer, usePlayerState, type PlayerChapter } from '../../lib/player/index.ts';
import { SWATCH_CLASSES, type NoteItem } from '../../lib/notes/index.ts';
import { clock, spokenTime } from './time.ts';

/**
 * The "Seek" slider: a native range input (keyboard, screen readers and touch for free) laid
 * over a track drawn with the chapters as segments, sub-chapters as ticks, what is buffered and
 * what was played; the listener's bookmarks as pins above it, highlights as bands in their
 * colours below it, where the Q&A starts as a tick (when no chapter marks it: a live call), and a
 * clip being played as a frame. Dragging previews the time and seeks on
 * release. (The marks are drawn only: the lists beside the recording play them.)
 */
export function SeekBar({ max, chapters, marks = [] }: { max: number; chapters: readonly PlayerChapter[]; marks?: readonly NoteItem[] }) {
  const player = usePlayer();
  const currentTime = usePlayerState((s) => s.currentTime);
  const clip = usePlayerState((s) => s.clip);
  const bufferedEnd = usePlayerState((s) => s.bufferedEnd);
  const qna = usePlayerState((s) => s.source?.qna);
  const [scrub, setScrub] = useState<number | undefined>(undefined);
  const dragging = useRef(false);
  const usable = Number.isFinite(max) && max > 0;
  const value = Math.min(scrub ?? currentTime, usable ? max : 0);
  const pct = (t: number) => (usable ? `${Math.min(100, Math.max(0, (t / max) * 100))}%` : '0%');
  const tree = chapterTree(chapters);
  const sections = tree.filter((node) => node.chapter.level <= 1).map((node) => node.chapter);
  const ticks = tree.flatMap((node) => node.children);
  // Where the Q&A starts, when no section of the chapters already begins there (a live call has no
  // chapters). Live, the text may say so a few seconds before the stream's edge gets there: the
  // tick then waits at the edge.
  const qnaMark = usable && qna !== undefined && qna > 0 && !sections.some((section) => Math.abs(section.start - qna) < 1) ? qna : undefined;
  // Without chapters the whole track is one segment.
  const segments = sections.length > 0 ? sections : [{ id: 'all', title: '', start: 0, end: usable ? max : 1, level: 1 }];

  const commit = (seconds: number) => {
    setScrub(undefined);
    player.seek(seconds);
  };

  return (
    <div className="relative flex h-6 min-w-0 flex-1 items-center rounded has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-500">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/2 h-2 -translate-y-1/2">
        {segments.map((segment) => {
          const start = Math.max(0, segment.start);
          const end = Math.min(usable ? max : segment.end, segment.end);
          const width = `calc(${pct(end - start)} - 2px)`;
          const played = Math.min(Math.max(value - start, 0), end - start);
          const buffered = Math.min(Math.max(bufferedEnd - start, 0), end - start);
          return (
            <div
              key={segment.id}
              title={segment.title}
              className="absolute top-0 h-full overflow-hidden rounded-sm bg-slate-200 dark:bg-slate-700"
              style={{ left: pct(start), width }}
            >
              <div
                className="absolute inset-y-0 left-0 bg-slate-300 dark:bg-slate-600"
                style={{ width: end > start ? `${(buffered / (end - start)) * 100}%` : 0 }}
              />
              <div
                className="absolute inset-y-0 left-0 bg-accent-600 dark:bg-accent-400"
                style={{ width: end > start ? `${(played / (end - start)) * 100}%` : 0 }}
              />
            </div>
          );
        })}
        {ticks.map((chapter) => (
          <div key={chapter.id} className="absolute -top-1 h-4 w-px bg-slate-500 dark:bg-slate-400" style={{ left: pct(chapter.start) }} />
        ))}
        {qnaMark !== undefined && (
          <div
            data-testid="qna-mark"
            title={`Q&A starts ${clock(qnaMark)}`}
            className="absolute -top-1.5 h-5 w-0.5 -translate-x-1/2 rounded-full bg-accent-800 dark:bg-accent-300"
            style={{ left: pct(qnaMark) }}
          />
        )}
        {usable && clip && (
          <div
            data-testid="clip-range"
            className="absolute -inset-y-1 rounded-sm border-2 border-accent-700 dark:border-accent-300"
            style={{ left: pct(clip.start), width: pct(clip.end - clip.start) }}
          />
        )}
        {usable &&
          marks.map((item) =>
            item.kind === 'bookmark' ? (
              <div
                key={item.id}
                data-testid="bookmark-mark"
                title={`Bookmark ${clock(item.at)}${item.note ? `: ${item.note}` : ''}`}
                className="absolute -top-2 h-2 w-2 -translate-x-1/2 rotate-45 rounded-[1px] bg-slate-800 dark:bg-slate-100"
                style={{ left: pct(item.at) }}
              />
            ) : (
              <div
                key={item.id}
                data-testid="highlight-mark"
                className={`absolute -bottom-1.5 h-1 rounded-full ${SWATCH_CLASSES[item.color]}`}
                style={{ left: pct(item.start), width: `max(3px, ${pct(item.end - item.start)})` }}
              />
            ),
          )}
        <div
          className="absolute top-1/2 h-3.5 w-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent-600 shadow dark:border-slate-900 dark:bg-accent-400"
          style={{ left: pct(value) }}
        />
      </div>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${spokenTime(value)} of ${usable ? spokenTime(max) : 'unknown length'}`}
        min={0}
        max={usable ? max : 0}
        step={1}
        value={value}
        disabled={!usable}
        onPointerDown={() => {
          dragging.current = true;
        }}
        onPointerUp={(event) => {
          dragging.current = false;
          commit(Number((event.target as HTMLInputElement).value));
        }}
        onChange={(event) => {
          const seconds = Number(event.target.value);
          if (dragging.current) setScrub(seconds);
          else commit(seconds);
        }}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
      />
    </div>
  );
}

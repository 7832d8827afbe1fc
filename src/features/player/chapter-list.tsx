import { chapterTree, currentChapter, preloadHls, usePlayer, usePlayerState, type PlayerChapter, type RecordingSource } from '../../lib/player/index.ts';
import { clock } from './time.ts';

/**
 * The chapters of a recording: sections with their sub-sections nested, the one playing
 * highlighted, each a button that plays from its start.
 */
export function ChapterList({ source }: { source: RecordingSource }) {
  const player = usePlayer();
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  const chapters = source.chapters ?? [];
  // Selecting the chapter id (not the time) re-renders the list only when the chapter changes.
  const activeId = usePlayerState((s) => (s.source?.key === source.key ? currentChapter(chapters, s.currentTime)?.id : undefined));
  const tree = chapterTree(chapters);

  const playFrom = (chapter: PlayerChapter) => {
    if (isCurrent) player.playFrom(chapter.start);
    else player.load(source, { startAt: chapter.start });
  };

  const item = (chapter: PlayerChapter, nested: boolean) => {
    const on = activeId !== undefined && activeId === chapter.id;
    return (
      <button
        type="button"
        onClick={() => playFrom(chapter)}
        onPointerEnter={preloadHls}
        aria-current={on ? 'true' : undefined}
        className={`flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm ${nested ? 'pl-6' : 'font-medium'} ${
          on
            ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-600/30 dark:bg-accent-700/20 dark:text-accent-300'
            : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'
        }`}
      >
        <span className="min-w-0 flex-1 wrap-anywhere">
          {chapter.title}
          {on && <span className="sr-only"> (playing)</span>}
        </span>
        <span className="tabular shrink-0 text-xs text-slate-600 dark:text-slate-400">{clock(chapter.start)}</span>
      </button>
    );
  };

  if (tree.length === 0) return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">This recording has no chapters.</p>;
  return (
    <ol aria-label="Chapters" className="space-y-0.5 p-2">
      {tree.map((node) => (
        <li key={node.chapter.id}>
          {item(node.chapter, false)}
          {node.children.length > 0 && (
            <ol className="mt-0.5 space-y-0.5">
              {node.children.map((child) => (
                <li key={child.id}>{item(child, true)}</li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

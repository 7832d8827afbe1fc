import { SkeletonRows } from '../../components/skeleton.tsx';

/**
 * What stands in for a document's file while it (or the code that shows it) loads, shaped like
 * what comes: on a phone or a tablet the document's facts sit below it, and a placeholder of
 * another height let them be seen and then pushed away as the file arrived.
 *
 * The PDF viewer's frame is written here once, for the viewer and its placeholder: its toolbar
 * (three groups of controls, wrapping as the width asks on a wider screen; one row on a phone,
 * where Fit width and the find box are under "More") and the box a page is drawn in (a letter page at the box's width, at most 80% of the
 * screen's height).
 */
export const pdfToolbarClass =
  'sticky top-[5.5rem] z-10 flex flex-wrap items-center gap-x-4 gap-y-2 max-sm:flex-nowrap max-sm:gap-x-2 border-b border-slate-200 px-3 py-2 sm:top-[3.1rem] bg-white dark:border-slate-800 dark:bg-slate-900';
export const pdfViewportClass = 'max-h-[80vh] bg-slate-100 p-3 dark:bg-slate-950';
/** A letter page's shape at the box's width (the page is drawn at that width, up to twice its size). */
export const pdfPageShapeClass = 'mx-auto flex aspect-[17/22] max-w-[76.5rem] items-center justify-center bg-white text-sm text-slate-600 dark:text-slate-400';

const control = 'h-8 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60';

/** The viewer as it will be, without its controls: the toolbar's groups at their widths, and the page. */
export function PdfPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <div aria-hidden="true" className={pdfToolbarClass}>
        {/* Page: ‹ [page] of N ›; zoom: − 100% + Fit width; the find box takes the rest of its row.
            On a phone, one row: the page, the zoom without Fit width, and "More". */}
        <div className={`${control} w-[10rem] max-sm:w-[9.5rem]`} />
        <div className={`${control} w-[12.5rem] max-sm:w-[7rem]`} />
        <div className={`${control} min-w-0 flex-1 basis-44 max-sm:hidden`} />
        <div className={`${control} ml-auto w-8 sm:hidden`} />
      </div>
      <div className={`${pdfViewportClass} overflow-hidden`}>
        <p className={pdfPageShapeClass}>{label}…</p>
      </div>
    </div>
  );
}

/** A transcript runs past the screen: the placeholder takes a screen's height, so what is below stays below. */
export function TranscriptPlaceholder({ label }: { label: string }) {
  return (
    <div className="min-h-screen">
      <SkeletonRows rows={8} label={label} />
    </div>
  );
}

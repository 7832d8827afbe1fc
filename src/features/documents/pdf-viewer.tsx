import { getDocument, GlobalWorkerOptions, TextLayer, VerbosityLevel, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { FindBar } from '../../components/find-bar.tsx';
import { findInPages, type PageTextItem, type PdfHit } from './pdf-find.ts';
import './pdf-viewer.css';
import { inlineControlClass } from '../../components/ui/field.tsx';
import { useDismiss } from '../../components/use-dismiss.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { pdfPageShapeClass, pdfToolbarClass, pdfViewportClass } from './file-placeholder.tsx';

/**
 * A PDF rendered in the app with pdf.js (this module and its worker load only on a document page):
 * one page at a time on a canvas, with pdf.js's text layer over it so text can be selected and
 * copied, page navigation, zoom, and find-in-document with a hit count and next/previous.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEPS = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];
const MAX_FIT = 2;
const button = buttonClass({ size: 'compact' });

function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException');
}

export default function PdfViewer({ bytes, title }: { bytes: Uint8Array; title: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState<number | null>(null);
  /** What is typed in the page box, while it differs from the page shown. */
  const [pageInput, setPageInput] = useState<string | null>(null);
  const [hits, setHits] = useState<PdfHit[]>([]);
  const [current, setCurrent] = useState(0);
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const [rendered, setRendered] = useState(0);
  /** Whether the canvas has its page's size: until then a page-shaped placeholder holds the room. */
  const [sized, setSized] = useState(false);

  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const textLayerRef = useRef<TextLayer | null>(null);
  const textsRef = useRef<Promise<PageTextItem[][]> | null>(null);
  const baseWidthRef = useRef(612);

  // Open the document.
  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
    task.promise.then(
      async (opened) => {
        if (cancelled) return;
        const first = await opened.getPage(1);
        baseWidthRef.current = first.getViewport({ scale: 1 }).width;
        textsRef.current = null;
        setDoc(opened);
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : 'Unknown error');
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
      TextLayer.cleanup();
    };
  }, [bytes]);

  const fitWidth = useCallback(() => {
    const width = (viewportRef.current?.clientWidth ?? 800) - 24;
    setScale(Math.max(0.3, Math.min(MAX_FIT, width / baseWidthRef.current)));
  }, []);

  useEffect(() => {
    if (doc && scale === null) fitWidth();
  }, [doc, scale, fitWidth]);

  // Render the current page: canvas, then the text layer.
  useEffect(() => {
    if (!doc || scale === null) return;
    let cancelled = false;
    let renderTask: RenderTask | undefined;
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const viewport = pdfPage.getViewport({ scale });
        const canvas = canvasRef.current;
        const container = textRef.current;
        if (!canvas || !container) return;
        // A browser can refuse a drawing surface (a phone out of canvas memory). pdf.js's text
        // layer then fails inside its own stream reader where nothing can catch it, so stop here
        // and say so; the download still works.
        if (!canvas.getContext('2d')) {
          if (!cancelled) setLoadError('the browser gave no surface to draw the page on');
          return;
        }
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        setSized(true);
        renderTask = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        textLayerRef.current?.cancel();
        container.replaceChildren();
        container.parentElement?.style.setProperty('--total-scale-factor', String(scale));
        const textLayer = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container, viewport });
        textLayerRef.current = textLayer;
        await Promise.all([renderTask.promise, textLayer.render()]);
        if (!cancelled) setRendered((n) => n + 1);
      } catch (error) {
        if (!isCancelled(error) && !cancelled) setLoadError(error instanceof Error ? error.message : 'Unknown error');
      }
    })();
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayerRef.current?.cancel();
    };
  }, [doc, page, scale]);

  // Find: the text of every page, read once, searched on each new query.
  useEffect(() => {
    if (!doc) return;
    const needle = query.trim();
    if (needle === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      textsRef.current ??= Promise.all(
        Array.from({ length: doc.numPages }, async (_, index) => {
          const content = await (await doc.getPage(index + 1)).getTextContent();
          return content.items.flatMap((item) => ('str' in item ? [{ str: item.str, hasEOL: item.hasEOL }] : []));
        }),
      );
      textsRef.current.then(
        (pages) => {
          if (cancelled) return;
          const found = findInPages(pages, needle);
          setHits(found);
          setSearching(false);
          const first = found.findIndex((hit) => hit.page >= page);
          const index = first < 0 ? 0 : first;
          setCurrent(index);
          if (found[index]) setPage(found[index].page);
        },
        () => {
          if (!cancelled) setSearching(false);
        },
      );
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // A new query starts from the page on screen; paging on does not restart the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, query]);

  // Mark the hits on the rendered page; the current one is outlined and scrolled into view.
  useEffect(() => {
    const layer = textLayerRef.current;
    if (!layer || rendered === 0) return;
    const divs = layer.textDivs;
    const strings = layer.textContentItemsStr;
    divs.forEach((div, index) => {
      if (div.dataset.marked) {
        div.textContent = strings[index] ?? '';
        delete div.dataset.marked;
      }
    });
    const byItem = new Map<number, { from: number; to: number; current: boolean }[]>();
    (query.trim() === '' ? [] : hits).forEach((hit, hitIndex) => {
      if (hit.page !== page) return;
      for (const part of hit.parts) {
        const list = byItem.get(part.item) ?? [];
        list.push({ from: part.from, to: part.to, current: hitIndex === current });
        byItem.set(part.item, list);
      }
    });
    let currentMark: HTMLElement | undefined;
    for (const [item, parts] of byItem) {
      const div = divs[item];
      const text = strings[item];
      if (!div || text === undefined) continue;
      parts.sort((a, b) => a.from - b.from);
      const nodes: Node[] = [];
      let at = 0;
      for (const part of parts) {
        if (part.from > at) nodes.push(document.createTextNode(text.slice(at, part.from)));
        const mark = document.createElement('mark');
        mark.className = 'pdf-hit';
        mark.textContent = text.slice(part.from, part.to);
        if (part.current) {
          mark.dataset.current = 'true';
          currentMark ??= mark;
        }
        nodes.push(mark);
        at = part.to;
      }
      if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...nodes);
      div.dataset.marked = 'true';
    }
    currentMark?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [hits, current, page, rendered, query]);

  const pages = doc?.numPages ?? 0;
  // On a phone the toolbar is one row: the page, the zoom, and "More" (Fit width, the find box).
  const phone = useMediaQuery(PHONE_QUERY);
  const shownHits = query.trim() === '' ? [] : hits;
  const goTo = (target: number) => {
    setPageInput(null);
    if (!pages) return;
    setPage(Math.min(pages, Math.max(1, Math.round(target))));
  };
  const onQuery = (next: string) => {
    setQuery(next);
    setSearching(next.trim() !== '');
  };
  const step = (delta: 1 | -1) => {
    if (shownHits.length === 0) return;
    const next = (current + delta + hits.length) % hits.length;
    setCurrent(next);
    setPage(hits[next]!.page);
  };
  const zoom = (direction: 1 | -1) => {
    const now = scale ?? 1;
    const next = direction > 0 ? ZOOM_STEPS.find((s) => s > now + 0.001) : [...ZOOM_STEPS].reverse().find((s) => s < now - 0.001);
    if (next !== undefined) setScale(next);
  };

  const find = <FindBar label="Find in document" query={query} onQuery={onQuery} count={shownHits.length} current={current} busy={searching} onStep={step} />;

  if (loadError) {
    return (
      <p
        role="alert"
        className="m-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
      >
        This PDF could not be displayed ({loadError}). Download the original to open it in another reader.
      </p>
    );
  }

  return (
    <div>
      <div role="toolbar" aria-label="PDF controls" className={pdfToolbarClass}>
        <div className="flex items-center gap-1">
          <button type="button" className={button} onClick={() => goTo(page - 1)} disabled={!doc || page <= 1} aria-label="Previous page">
            ‹
          </button>
          <form
            className="flex items-center gap-1 text-sm"
            onSubmit={(event) => {
              event.preventDefault();
              goTo(Number(pageInput ?? page) || page);
            }}
          >
            <label htmlFor="pdf-page" className="sr-only">
              Page number
            </label>
            <input
              id="pdf-page"
              type="number"
              inputMode="numeric"
              min={1}
              max={pages || 1}
              value={pageInput ?? String(page)}
              onChange={(event) => setPageInput(event.target.value)}
              onBlur={() => pageInput !== null && goTo(Number(pageInput) || page)}
              className={`${inlineControlClass} tabular w-14 px-1.5 text-right max-sm:w-12`}
            />
            <span className="tabular text-slate-600 dark:text-slate-400">of {pages || '…'}</span>
          </form>
          <button type="button" className={button} onClick={() => goTo(page + 1)} disabled={!doc || page >= pages} aria-label="Next page">
            ›
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button type="button" className={button} onClick={() => zoom(-1)} disabled={!doc || (scale ?? 1) <= ZOOM_STEPS[0]!} aria-label="Zoom out">
            −
          </button>
          <span className="tabular w-12 text-center text-sm max-sm:w-10" aria-live="polite" aria-label={`Zoom ${Math.round((scale ?? 1) * 100)}%`}>
            {Math.round((scale ?? 1) * 100)}%
          </span>
          <button type="button" className={button} onClick={() => zoom(1)} disabled={!doc || (scale ?? 1) >= ZOOM_STEPS.at(-1)!} aria-label="Zoom in">
            +
          </button>
          <button type="button" className={`${button} max-sm:hidden`} onClick={fitWidth} disabled={!doc}>
            Fit width
          </button>
        </div>
        {phone ? (
          <MoreControls>
            <button type="button" className={buttonClass({ size: 'md', className: 'w-full' })} onClick={fitWidth} disabled={!doc}>
              Fit width
            </button>
            {find}
          </MoreControls>
        ) : (
          find
        )}
      </div>
      {/* Focusable so the page can be scrolled by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={viewportRef} tabIndex={0} role="region" aria-label="PDF page" className={`${pdfViewportClass} overflow-auto`}>
        {/* A letter page's shape at the box's width: the page drawn in its place moves nothing. */}
        {!sized && (
          <p role="status" className={pdfPageShapeClass}>
            Opening the PDF…
          </p>
        )}
        <div className="pdf-page relative mx-auto w-fit bg-white shadow-sm" hidden={!sized}>
          <canvas ref={canvasRef} role="img" aria-label={`${title}, page ${page} of ${pages}`} className="block" />
          <div ref={textRef} className="pdf-text-layer" />
        </div>
      </div>
    </div>
  );
}

/**
 * A phone's "More" in the PDF toolbar: Fit width and the find box in a panel that spans the screen
 * under the toolbar, as the transcript's Export menu does there. Escape puts it away (the focus back
 * on its button), and so does a press outside it; it stays open while the reader steps through matches.
 */
function MoreControls({ children }: { children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  useDismiss(open, [details], (how) => {
    if (details.current) details.current.open = false;
    if (how === 'escape') summary.current?.focus();
  });
  return (
    <details ref={details} className="ml-auto" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary ref={summary} className={`${button} cursor-pointer list-none select-none [&::-webkit-details-marker]:hidden`}>
        <span className="sr-only">More PDF controls</span>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="fixed inset-x-2 z-20 mt-1 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {children}
      </div>
    </details>
  );
}

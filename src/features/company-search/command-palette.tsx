import { useCallback, useEffect, useRef, useState } from 'react';
import { CompanySearch } from './company-search.tsx';

/**
 * Ctrl/Cmd+K from anywhere: a modal with the company search. The native <dialog> keeps focus
 * inside, makes the page behind inert, and closes on Escape; focus returns where it was.
 */
export function CommandPalette({ openOnMount = false }: { openOnMount?: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    setOpen(true);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    setOpen(false);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (dialogRef.current?.open) close();
        else show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show, close]);

  // Loaded by a Ctrl/Cmd+K press: that press opens it.
  useEffect(() => {
    if (openOnMount) show();
  }, [openOnMount, show]);

  return (
    // The backdrop click is a pointer convenience; Escape closes it from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-label="Find a company"
      onClose={() => setOpen(false)}
      onCancel={() => setOpen(false)}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialogRef.current) close();
      }}
      className="fixed inset-x-0 top-[12vh] mx-auto w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div>
          <CompanySearch variant="palette" focusOnMount onDone={close} />
          <p className="flex gap-4 border-t border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <span>
              <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> choose
            </span>
            <span>
              <kbd className="font-sans">Enter</kbd> open
            </span>
            <span>
              <kbd className="font-sans">Esc</kbd> close
            </span>
          </p>
        </div>
      )}
    </dialog>
  );
}

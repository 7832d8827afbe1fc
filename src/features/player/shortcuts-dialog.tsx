import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { SHORTCUTS } from './shortcuts.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * The list of keyboard shortcuts, as a modal dialog: focus moves in, Escape or Close returns it.
 * It renders into <body>: inside the docked player, whose backdrop blur makes it the containing block
 * of fixed descendants, the overlay would be trapped in the player's strip. Focus moves without
 * scrolling, so opening and closing it never moves the page.
 */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
      // Keep focus inside: the close button is the only control.
      if (event.key === 'Tab') {
        event.preventDefault();
        closeRef.current?.focus({ preventScroll: true });
      }
      // The player's shortcuts rest while the dialog is open.
      event.stopPropagation();
    };
    // Capture, so the player's own shortcuts do not act while the dialog is open.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      previous?.focus({ preventScroll: true });
    };
  }, [onClose]);
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
      onClick={(event) => event.target === event.currentTarget && onClose()}
      role="presentation"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="shortcuts-title" className="text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Keys and what they do</caption>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.does} className="border-t border-slate-100 first:border-t-0 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {shortcut.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && <span className="px-1 text-slate-500 dark:text-slate-400">or</span>}
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </th>
                <td className="py-1.5 text-slate-700 dark:text-slate-300">{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">Shortcuts do nothing while you type in a field.</p>
        <div className="mt-3 flex justify-end">
          <button ref={closeRef} type="button" onClick={onClose} className={buttonClass()}>
            Close
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

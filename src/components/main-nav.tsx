import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query.ts';
import { buttonClass } from './ui/button.tsx';
import { useDismiss } from './use-dismiss.ts';

const NAV = [
  { to: '/calendar', label: 'Calendar' },
  { to: '/companies', label: 'Companies' },
  { to: '/recordings', label: 'Recordings' },
  { to: '/transcripts', label: 'Transcripts' },
  { to: '/documents', label: 'Documents' },
  { to: '/search', label: 'Search calls' },
  { to: '/live', label: 'Live' },
  { to: '/notes', label: 'My notes' },
] as const;

/**
 * The main navigation. From `sm` up, the eight items in a row, each on one line and close enough
 * that the header keeps to one row at 1366 px (where they do not fit, the row scrolls sideways); on
 * a phone, a "Menu" button that opens them as a list under the header (Escape or a press outside
 * puts it away, choosing an item goes there and closes it), so every item is one tap away and the
 * header keeps to one row above the company search.
 */
export function MainNav() {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuOpen = phone && open;
  useDismiss(menuOpen, [button, list], (how) => {
    setOpen(false);
    if (how === 'escape') button.current?.focus();
  });

  return (
    <nav aria-label="Main" className={phone ? 'order-2' : 'order-3 w-full overflow-x-auto sm:order-none sm:w-auto'}>
      {phone && (
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((was) => !was)}
          className={buttonClass({ variant: 'secondary', size: 'compact', className: 'h-9' })}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
            <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" />
          </svg>
          Menu
        </button>
      )}
      <ul
        ref={list}
        id="main-menu"
        hidden={phone && !open}
        className={
          phone ? 'absolute inset-x-0 top-full border-b border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-950' : 'flex text-sm'
        }
      >
        {NAV.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="block whitespace-nowrap rounded-md px-1.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 max-sm:px-3 max-sm:py-2.5 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              activeProps={{ className: 'bg-slate-100 font-medium text-slate-900 dark:bg-slate-800 dark:text-white', 'aria-current': 'page' }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFound } from '../components/not-found.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { PlayerSlot } from '../features/player/player-slot.tsx';
import { SaidAlertsSlot } from '../features/live/said-alerts-slot.tsx';
import { HeaderIndexBadge, HeaderSearch, PaletteLauncher } from '../features/company-search/lazy.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
});

/** Reads the server's config (validated) after the frame is on screen: not part of the first download. */
const SandboxBadge = lazy(() => import('../components/sandbox-badge.tsx').then((m) => ({ default: m.SandboxBadge })));

const NAV = [
  { to: '/calendar', label: 'Calendar' },
  { to: '/companies', label: 'Companies' },
  { to: '/recordings', label: 'Recordings' },
  { to: '/transcripts', label: 'Transcripts' },
  { to: '/search', label: 'Search calls' },
  { to: '/live', label: 'Live' },
  { to: '/notes', label: 'My notes' },
] as const;

function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link to="/" className="flex items-center gap-2 text-sm font-semibold tracking-tight">
            <img src="/favicon.svg" alt="" width="20" height="20" />
            Earnings Desk
          </Link>
          <nav aria-label="Main" className="order-3 w-full overflow-x-auto sm:order-none sm:w-auto">
            <ul className="flex gap-1 text-sm">
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="block rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                    activeProps={{ className: 'bg-slate-100 font-medium text-slate-900 dark:bg-slate-800 dark:text-white', 'aria-current': 'page' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div role="search" aria-label="Companies" className="order-2 w-full sm:order-none sm:ml-auto sm:w-64 lg:w-80">
            <HeaderSearch />
          </div>
          <div className="ml-auto flex items-center gap-2 sm:ml-0">
            <SaidAlertsSlot />
            <HeaderIndexBadge />
            <Suspense fallback={null}>
              <SandboxBadge />
            </Suspense>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <PaletteLauncher />
      <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-5">
        <Outlet />
      </main>
      <PlayerSlot />
    </div>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { MainNav } from '../components/main-nav.tsx';
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
          <MainNav />
          <div
            role="search"
            aria-label="Companies"
            className="order-2 w-full max-sm:w-auto max-sm:min-w-0 max-sm:flex-1 sm:order-none sm:ml-auto sm:w-64 lg:w-80"
          >
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

import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/not-found.tsx';
import { RouteError } from './components/route-error.tsx';
import { SkeletonRows } from './components/skeleton.tsx';
import { routeTree } from './routeTree.gen.ts';

/** The app's router. `history` defaults to the browser's; tests pass an in-memory one. */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: options.history,
    // Hovering or focusing a link warms its data; react-query decides what is fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <NotFound />,
    defaultPendingComponent: () => <SkeletonRows rows={8} />,
    scrollRestoration: true,
    // The first visit paints the app's frame and the page's loading view at once, while the
    // page's code and data arrive (both already asked for by the HTML's preload hints).
    defaultPendingMs: 0,
  });
  // Later, moving between pages keeps the page on screen for up to a second before a loading
  // view replaces it (most pages are ready sooner: no flash).
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    router.update({ ...router.options, defaultPendingMs: NAVIGATION_PENDING_MS });
  });
  return router;
}

/** How long a page stays on screen while the next one loads, before the loading view shows. */
export const NAVIGATION_PENDING_MS = 1000;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/not-found.tsx';
import { RouteError } from './components/route-error.tsx';
import { SkeletonRows } from './components/skeleton.tsx';
import { routeTree } from './routeTree.gen.ts';

/** The app's router. `history` defaults to the browser's; tests pass an in-memory one. */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
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
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

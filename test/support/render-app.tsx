/**
 * Renders the whole app (root layout, routes, data layer) at a URL, in memory, for web tests.
 * Pair with `useSandboxServer()` so API requests reach the in-process sandbox.
 *
 *   useSandboxServer();
 *   const { user } = await renderApp('/recordings');
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import { createAppRouter } from '../../src/router.tsx';
import { server } from './sandbox-server.ts';

// jsdom does not implement scrolling; the router resets scroll on navigation.
window.scrollTo = () => {};

/** What the server's `/app-config.json` says when it runs on sandbox data. */
export const appConfigHandler = http.get('*/app-config.json', () => HttpResponse.json({ dataSource: 'sandbox' }));

export interface RenderAppResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  router: ReturnType<typeof createTestRouter>;
}

/** The app's own router (src/router.tsx), on an in-memory history at `url`. */
export function createTestRouter(queryClient: QueryClient, url: string) {
  return createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
}

export async function renderApp(url = '/', options: { queryClient?: QueryClient } = {}): Promise<RenderAppResult> {
  server.use(appConfigHandler);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createTestRouter(queryClient, url);
  // Resolve the first match (loaders included) before rendering, as the browser entry effectively does.
  await act(() => router.load());
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient, router };
}

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The anchor the first-route and Lighthouse benchmarks print beside the app: the least a page built
 * on the app's stack can be. React, TanStack Router (a root and an index route) and react-query
 * (one query for ten companies), a heading and a short list, no styles. Built by ./build.ts.
 */

interface Company {
  id: number;
  name: string;
}

function Companies() {
  const companies = useQuery({
    queryKey: ['companies', 10],
    queryFn: async (): Promise<Company[]> => {
      const response = await fetch('/public/v3/companies?limit=10');
      if (!response.ok) throw new Error(`Companies could not be loaded (HTTP ${response.status})`);
      return ((await response.json()) as { data: Company[] }).data;
    },
  });
  if (companies.isPending) return <p>Loading companies…</p>;
  if (companies.isError) return <p role="alert">{companies.error.message}</p>;
  return (
    <ul aria-label="Companies">
      {companies.data.map((company) => (
        <li key={company.id}>{company.name}</li>
      ))}
    </ul>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <main>
      <h1>Companies</h1>
      <Outlet />
    </main>
  ),
});
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Companies });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), basepath: import.meta.env.BASE_URL.replace(/\/$/, '') });
const queryClient = new QueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The app registers its own router type; this page's router is another. */}
      <RouterProvider router={router as never} />
    </QueryClientProvider>
  </StrictMode>,
);

import { routeFirstQueries, type FirstQuery } from '../src/route-requests.ts';
import { readBuildManifest } from './build-manifest.ts';

/**
 * Preload hints for a page of the built app, added to its HTML by the static handler, so that a
 * first visit fetches in parallel what it would otherwise fetch one step after another (HTML →
 * app code → route code → data):
 * - `<link rel="modulepreload">` for the code of the route the address names (its page chunk, its
 *   loading view and what they import), from Vite's manifest of the build;
 * - `<link rel="preload" as="fetch">` for the API reads the route starts at once
 *   (src/route-requests.ts). Their addresses are taken from the app's own query functions: each
 *   is called with `fetch` swapped for a recorder, so a hint is byte for byte the request the app
 *   will make, and the browser answers that request from the preload.
 */

export interface RouteHints {
  /** The `<link>` tags for the page at this address (may be empty). */
  linksFor(url: URL): string;
}

/** `src/routes/companies/$companyId.tsx` → `['companies', '$companyId']`; `index` segments dropped. */
function routeSegments(file: string): string[] {
  return file.split('/').filter((segment) => segment !== 'index');
}

function matches(pattern: string[], parts: string[]): boolean {
  return pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith('$') || segment === parts[i]);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Hints from the build's manifest (`<distDir>/.vite/manifest.json`); none when there is no manifest.
 * `now` is the data service's clock (the sandbox's, or this machine's for the real service).
 */
export function createRouteHints(distDir: string, now: () => number = Date.now): RouteHints {
  // Each route's pattern and the files of its chunks beyond what index.html already loads.
  const routes = (readBuildManifest(distDir)?.routes ?? []).map(({ route, files }) => ({
    pattern: route === 'index' ? [] : routeSegments(route),
    files,
  }));

  return {
    linksFor(url) {
      const parts = url.pathname.split('/').filter(Boolean);
      const route = routes.find((candidate) => matches(candidate.pattern, parts));
      // Data first: it comes from the API, the slowest of the sources, and the page waits for it.
      const links = firstRequestUrls(routeFirstQueries(url.pathname, url.searchParams, now())).map(
        (request) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(request)}">`,
      );
      for (const file of route?.files ?? []) links.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
      return links.join('\n    ');
    },
  };
}

/**
 * The URL (path and query, on this origin) each query's function asks for first. The function
 * runs with `fetch` swapped for a recorder that never answers, and is then aborted; nothing is
 * sent. The swap is synchronous (the app's client calls `fetch` before its first await), so no
 * other request handler can see it.
 */
export function firstRequestUrls(queries: readonly FirstQuery[]): string[] {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  for (const query of queries) {
    if (typeof query.queryFn !== 'function') continue;
    const controller = new AbortController();
    let asked: string | undefined;
    globalThis.fetch = ((input: RequestInfo | URL) => {
      asked ??= typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new Promise<Response>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
    }) as typeof fetch;
    try {
      const pending = (query.queryFn as (context: unknown) => unknown)({
        queryKey: query.queryKey,
        signal: controller.signal,
        pageParam: query.initialPageParam,
        meta: undefined,
      });
      if (pending instanceof Promise) pending.catch(() => {});
    } catch {
      // A query that cannot start from the address alone gives no hint.
    } finally {
      globalThis.fetch = realFetch;
      controller.abort();
    }
    if (asked !== undefined && asked.startsWith('/')) urls.push(asked);
  }
  return urls;
}

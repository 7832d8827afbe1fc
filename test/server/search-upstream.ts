import type { Sandbox } from '../../server/sandbox/app.ts';
import type { SearchService } from '../../server/search/service.ts';

/** The search tests' shared pieces: the sandbox as the data service, and a GET answered by a search service. */

export type Query = Record<string, string | number | undefined>;

const ORIGIN = 'http://search.internal';

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.size ? `?${params}` : '';
}

/** The sandbox as the data service: the key added as the proxy adds it. */
export function sandboxUpstream(sandbox: Sandbox) {
  return {
    api: (path: string, query: Query) =>
      sandbox.fetch(new Request(`${ORIGIN}/public/v3${path}${queryString(query)}`, { headers: { 'x-api-key': sandbox.apiKey, accept: 'application/json' } })),
    file: (url: string, signal: AbortSignal) => sandbox.fetch(new Request(url, { signal })),
  };
}

export async function getJson(service: SearchService, path: string): Promise<{ status: number; body: any }> {
  const response = await service.handle(new Request(`http://app.test${path}`));
  return { status: response.status, body: await response.json() };
}

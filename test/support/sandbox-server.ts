/**
 * MSW server backed by the embedded sandbox, for web and data-layer tests.
 *
 * Every request to `/public/v3/*` and `/sandbox-files/*` (on any origin) is handed to an
 * in-process sandbox, with the sandbox key added the way the proxy adds the real key in
 * production; so tests read the very data the demo shows, and fixtures never drift from it.
 * Error cases override a route per test with `server.use(...)` (reset after each test), or arm
 * the sandbox's own fault injection with `sandbox.faults.add(...)` (cleared after each test).
 *
 *   import { server, sandbox, useSandboxServer } from '../support/sandbox-server.ts';
 *   useSandboxServer();                       // listen / reset / close around the file's tests
 *   server.use(http.get(apiPath('/companies/:id'), () => HttpResponse.json({...}, { status: 404 })));
 *
 * The jsdom test environment has `location.origin` = http://localhost:3000; the app's client
 * resolves `/public/v3/...` against it, and the sandbox writes that origin into media URLs.
 */
import { http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { ManualClock } from '../../server/sandbox/clock.ts';

/** The sandbox clock: 2026-11-21T12:00:00Z, moved only by tests (`clock.advance(ms)`). */
export const SANDBOX_NOW = Date.parse('2026-11-21T12:00:00.000Z');
export const SANDBOX_SEED = 'web-tests';
export const SANDBOX_COMPANIES = 80;

/** The origin tests run on (jsdom's default `location.origin`). */
export const TEST_ORIGIN: string = globalThis.location?.origin && globalThis.location.origin !== 'null' ? globalThis.location.origin : 'http://localhost:3000';

export const clock = new ManualClock(SANDBOX_NOW);
export const sandbox: Sandbox = createSandbox({ seed: SANDBOX_SEED, companies: SANDBOX_COMPANIES, clock });

/** An MSW path matcher for an API path below /public/v3 on any origin, e.g. apiPath('/companies/:id'). */
export function apiPath(path: string): string {
  return `*/public/v3${path}`;
}

/** Hands a request to the sandbox, adding its key (as the proxy does) and dropping any client-sent key. */
export async function forwardToSandbox(request: Request): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  headers.set('x-api-key', sandbox.apiKey);
  // The signal lets the sandbox stop a `slow` fault when the client gives up.
  const forwarded = new Request(request.url, { method: request.method, headers, signal: request.signal });
  return sandbox.fetch(forwarded);
}

/** What the sandbox answers for an API path (a convenience for overrides that tamper with real data). */
export async function sandboxJson<T = unknown>(pathAndQuery: string): Promise<T> {
  const response = await forwardToSandbox(new Request(`${TEST_ORIGIN}/public/v3${pathAndQuery}`));
  if (!response.ok) throw new Error(`sandbox answered ${response.status} for ${pathAndQuery}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const sandboxHandlers: RequestHandler[] = [
  http.all('*/public/v3/*', ({ request }) => forwardToSandbox(request)),
  http.all('*/sandbox-files/*', ({ request }) => forwardToSandbox(request)),
];

export const server = setupServer(...sandboxHandlers);

/** Requests the server has seen since the last reset (URL strings), for asserting query strings. */
export const seenRequests: string[] = [];
server.events.on('request:start', ({ request }) => {
  seenRequests.push(request.url);
});

/** Registers listen / reset / close hooks for the current test file. Unhandled requests fail the test. */
export function useSandboxServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    sandbox.faults.clear();
    clock.set(SANDBOX_NOW);
    seenRequests.length = 0;
  });
  afterAll(() => server.close());
}

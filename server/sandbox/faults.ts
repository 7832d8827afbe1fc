import { errorResponse, plainErrorResponse } from './errors.ts';

/**
 * Fault injection, honoured only by the sandbox: a request can ask for a failure with the
 * `x-sandbox-fault` header or the `__fault` query parameter, and tests can arm rules that hit
 * matching requests (optionally a number of times) through /__sandbox/faults.
 *
 * Kinds: 401, 403, 404, 429 (with Retry-After), 500, 502, 503, slow (answers after a delay),
 * malformed (200 with a body that is not valid JSON), drop (the connection ends mid-body).
 */

export const FAULT_KINDS = ['401', '403', '404', '429', '500', '502', '503', 'slow', 'malformed', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** Which requests: the API, media files (playlists and MP3) or HLS segments only. */
  scope: 'api' | 'media' | 'segment';
  /** Only requests whose path contains this text. */
  match?: string;
  /** How many requests to hit; unlimited when absent. */
  times?: number;
  retryAfter?: number;
  delayMs?: number;
}

export interface FaultOptions {
  retryAfter?: number;
  delayMs?: number;
}

export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

export class FaultRegistry {
  private rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** The first rule that applies to this request, consuming one of its hits. */
  take(scope: FaultRule['scope'], path: string): FaultRule | undefined {
    const index = this.rules.findIndex(
      (rule) => (rule.scope === scope || (rule.scope === 'media' && scope === 'segment')) && (!rule.match || path.includes(rule.match)),
    );
    if (index < 0) return undefined;
    const rule = this.rules[index] as FaultRule;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule;
  }
}

/** Waits, unless the request is abandoned first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The response a fault produces, or undefined when the request should go on normally
 * (after a `slow` delay has been served).
 */
export async function applyFault(kind: FaultKind, options: FaultOptions, signal?: AbortSignal): Promise<Response | undefined> {
  switch (kind) {
    // The bodies the service sends for these: { statusCode, message: 'Unauthorized' | 'Forbidden' | 'Not Found' }.
    case '401':
    case '403':
    case '404':
      return plainErrorResponse(Number(kind) as 401 | 403 | 404);
    case '429': {
      const seconds = options.retryAfter ?? 2;
      return errorResponse(429, 'ThrottlerException: Too Many Requests', { 'retry-after': String(seconds) });
    }
    case '500':
    case '502':
    case '503':
      return errorResponse(Number(kind), `Upstream failure ${kind} (sandbox fault)`);
    case 'slow':
      await delay(options.delayMs ?? 20_000, signal);
      return undefined;
    case 'malformed':
      return new Response('{"data":[{"id":1,"name":"Trunc', {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    case 'drop': {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":['));
          setTimeout(() => controller.error(new Error('connection dropped (sandbox fault)')), 10);
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
    }
  }
}

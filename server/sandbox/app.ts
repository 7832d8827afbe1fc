import { Hono } from 'hono';
import { matchRoute, runRoute, type Contract } from './api.ts';
import { ManualClock, RunningClock, type Clock } from './clock.ts';
import { DEFAULTS, type SandboxDataset, type SandboxPlan } from './config.ts';
import { EDITED_TRANSCRIPT_TYPE, isAnnualReportType } from './data/catalog.ts';
import { generateDataset } from './data/generate.ts';
import { errorResponse, HttpError, httpErrorResponse, plainErrorResponse } from './errors.ts';
import { applyFault, FaultRegistry, isFaultKind, type FaultKind, type FaultRule } from './faults.ts';
import { serveFile } from './files.ts';
import { hostileAnswer } from './hostile.ts';
import { LiveSchedule, SLOT_SPACING } from './live.ts';
import { liveTranscriptPath } from './live-transcript.ts';
import { MediaLibrary } from './media/library.ts';
import { QueryReader } from './query.ts';
import type { Context } from './serialize.ts';
import { liveIdOf, Store } from './store.ts';

/**
 * The embedded sandbox: the whole Financial Events API v3 under /public/v3, its file host under
 * /sandbox-files, and test controls under /__sandbox. A fetch-style app that the standalone
 * server, the app's servers and the tests all mount.
 */

export interface SandboxOptions {
  seed?: string;
  /** Starting time of the sandbox clock (ms or ISO string); default: now. */
  now?: number | string;
  companies?: number;
  /** Speed of the sandbox clock relative to real time (0 freezes it). Default 1. */
  clockRate?: number;
  /** A clock to use instead (tests); overrides now and clockRate. */
  clock?: Clock;
  apiKey?: string;
  /** Origin used in media and document URLs; default: the request's (or X-Forwarded-*) origin. */
  publicUrl?: string;
  mediaDirectory?: string;
  /** `hostile`: every API answer rewritten into odd and dangerous values (see hostile.ts). Default `normal`. */
  dataset?: SandboxDataset;
  /**
   * `full` (default): the 13 endpoints of the contract and the five list endpoints the real service
   * has beyond it (/events, /live/audio, /documents, /event-types, /document-types). `strict`: the
   * 13 only; the five answer 404 like any unknown path, as an upstream that implements only the contract.
   */
  contract?: Contract;
  /**
   * What the key's plan includes. `full` (default): everything. `no-live-transcripts`: the live
   * lists with transcripts (/live, /live/{id}, /live/transcripts, /live/transcripts/{id}) answer
   * 403 `{"statusCode":403,"message":"Forbidden"}`, as the real service does for such a key.
   */
  plan?: SandboxPlan;
}

export interface Sandbox {
  fetch: (request: Request) => Promise<Response>;
  app: Hono;
  store: Store;
  clock: Clock;
  faults: FaultRegistry;
  media: MediaLibrary;
  schedule: LiveSchedule;
  apiKey: string;
  /** A few ids worth trying, at the current sandbox time. */
  sampleIds(): SampleIds;
}

export interface SampleIds {
  companyId: number;
  eventWithAudioAndTranscript?: { eventId: number; audioId: number; transcriptId: number };
  pdfDocumentId?: number;
  /** A call live now: its event's id, and its live-audio record's own id. */
  liveEventId?: number;
  liveId?: number;
  /** A call going live within minutes: its event's id, and its live-audio record's own id. */
  willBeLiveEventId?: number;
  willBeLiveId?: number;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const start = typeof options.now === 'string' ? Date.parse(options.now) : options.now;
  if (start !== undefined && Number.isNaN(start)) throw new Error(`invalid sandbox start time ${options.now}`);
  const clock =
    options.clock ?? (options.clockRate === 0 ? new ManualClock(start ?? Date.now()) : new RunningClock(start ?? Date.now(), options.clockRate ?? 1));
  const media = new MediaLibrary(options.mediaDirectory);
  const dataset = generateDataset({
    seed: options.seed ?? DEFAULTS.seed,
    companies: options.companies ?? DEFAULTS.companies,
    now: clock.now(),
    callCount: media.calls.length,
    callDurations: media.durations,
  });
  const schedule = new LiveSchedule(dataset, media.durations);
  const store = new Store(
    dataset,
    schedule,
    media.calls.map((call) => call.script.facts),
  );
  const faults = new FaultRegistry();
  const apiKey = options.apiKey ?? DEFAULTS.apiKey;

  const contextFor = (request: Request): Context => {
    const url = new URL(request.url);
    const forwardedHost = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const origin = options.publicUrl ?? (forwardedHost ? `${forwardedProto === 'https' ? 'https' : 'http'}://${forwardedHost}` : url.origin);
    return { origin, now: clock.now(), store, media };
  };

  const app = new Hono();
  // The service's own time on every answer (HTTP Date), so a client can tell how far its clock is
  // from the service's: with a fast sandbox clock, countdowns follow the sandbox, not the wall.
  app.use('*', async (c, next) => {
    await next();
    const date = new Date(clock.now()).toUTCString();
    try {
      c.res.headers.set('date', date);
    } catch {
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers: new Headers([...c.res.headers, ['date', date]]) });
    }
  });

  app.all('/public/v3/*', async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const path = url.pathname.slice('/public/v3'.length);
    const route = matchRoute(path, options.contract ?? 'full');
    if (!route) return errorResponse(404, `Cannot ${request.method} ${url.pathname}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, `Method ${request.method} is not allowed: the API is read-only (GET, HEAD)`, { allow: 'GET, HEAD' });
    }
    const key = request.headers.get('x-api-key');
    // The service says no more than this, whether the key is missing or wrong.
    if (!key || key !== apiKey) return plainErrorResponse(401);
    if (route.requires === 'liveTranscripts' && options.plan === 'no-live-transcripts') return plainErrorResponse(403);

    const requested = request.headers.get('x-sandbox-fault') ?? url.searchParams.get('__fault');
    const rule: Pick<FaultRule, 'kind' | 'retryAfter' | 'delayMs'> | undefined =
      requested && isFaultKind(requested)
        ? {
            kind: requested,
            retryAfter: numberParam(url.searchParams.get('__retryAfter') ?? request.headers.get('x-sandbox-retry-after')),
            delayMs: numberParam(url.searchParams.get('__delay') ?? request.headers.get('x-sandbox-delay')),
          }
        : faults.take('api', url.pathname);
    if (rule) {
      const response = await applyFault(rule.kind, rule, request.signal);
      if (response) return response;
    }

    try {
      const answer = runRoute(route, new QueryReader(url.searchParams), contextFor(request));
      const body = options.dataset === 'hostile' ? hostileAnswer(path, answer) : answer;
      return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error);
      console.error('sandbox: unexpected error', error);
      return errorResponse(500, 'Internal server error');
    }
  });

  app.all('/sandbox-files/*', async (c) => {
    const request = c.req.raw;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, `Method ${request.method} is not allowed`, { allow: 'GET, HEAD' });
    }
    const url = new URL(request.url);
    const path = url.pathname.slice('/sandbox-files'.length);
    const scope = /\.m4s$/.test(path) ? 'segment' : 'media';
    const requested = url.searchParams.get('__fault');
    const rule: Pick<FaultRule, 'kind' | 'retryAfter' | 'delayMs'> | undefined =
      requested && isFaultKind(requested) && scope === 'segment' ? { kind: requested as FaultKind } : faults.take(scope, url.pathname);
    if (rule) {
      const response = await applyFault(rule.kind, rule, request.signal);
      if (response) return response;
    }
    return serveFile({ path, method: request.method, headers: request.headers, query: url.searchParams }, contextFor(request));
  });

  // The controls change what every reader of this sandbox gets: only a request no page on another
  // origin can make may change them (see controlRequestProblem).
  app.use('/__sandbox/*', async (c, next) => {
    const refused = controlRequestProblem(c.req.raw, options.publicUrl);
    if (refused) return errorResponse(refused.status, refused.message);
    await next();
  });
  app.get('/__sandbox/faults', (c) => c.json({ rules: faults.list() }));
  app.post('/__sandbox/faults', async (c) => {
    let rule: unknown;
    try {
      rule = await c.req.json();
    } catch {
      return errorResponse(400, 'Send a JSON fault rule: { "kind": "500", "scope": "api", "match": "/audio", "times": 1 }');
    }
    const checked = checkRule(rule);
    if (typeof checked === 'string') return errorResponse(400, checked);
    faults.add(checked);
    return c.json({ rules: faults.list() }, 201);
  });
  app.delete('/__sandbox/faults', (c) => {
    faults.clear();
    return c.json({ rules: [] });
  });
  app.get('/__sandbox/info', (c) => {
    const ids = sampleIds();
    // The live call's transcript file (version 1.7), on the origin media URLs are written on.
    const liveTranscriptUrl = ids.liveId === undefined ? undefined : `${contextFor(c.req.raw).origin}${liveTranscriptPath(ids.liveId, '1.7')}`;
    return c.json({ now: new Date(clock.now()).toISOString(), ...ids, liveTranscriptUrl });
  });

  app.notFound((c) => errorResponse(404, `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`));

  function sampleIds(): SampleIds {
    const now = clock.now();
    const ids: SampleIds = { companyId: 1 };
    const { documents, transcriptIds, eventAudioId } = dataset;
    for (let i = transcriptIds.length - 1; i >= 0 && !ids.eventWithAudioAndTranscript; i--) {
      const transcriptId = transcriptIds[i] as number;
      const row = transcriptId - 1;
      if (documents.typeId[row] !== EDITED_TRANSCRIPT_TYPE) continue;
      const eventId = documents.eventId[row] as number;
      const audioId = eventAudioId[eventId - 1] as number;
      if (audioId) {
        ids.eventWithAudioAndTranscript = { eventId, audioId, transcriptId };
        ids.companyId = documents.companyId[row] as number;
      }
    }
    for (let row = documents.count - 1; row >= 0; row--) {
      if (isAnnualReportType(documents.typeId[row] as number)) {
        ids.pdfDocumentId = row + 1;
        break;
      }
    }
    const last = schedule.lastAnnouncedSlot(now);
    for (let k = 0; k <= last && (!ids.liveEventId || !ids.willBeLiveEventId); k++) {
      const state = schedule.status(k, now).state;
      // Samples whose calls run their whole course (no interruption or failed processing ahead).
      if (schedule.fate(k) !== 'ok') continue;
      if (state === 'live' && !ids.liveEventId) {
        ids.liveEventId = schedule.firstEventId + k;
        ids.liveId = liveIdOf(ids.liveEventId);
      }
      // Not the very next start (it may be a second away): two slots ahead at least, so whoever
      // follows it (the live journey, on a clock ten times as fast: 18 s) sees it before it starts.
      const lead = schedule.slotStart(k) - now;
      if (state === 'willBeLive' && !ids.willBeLiveEventId && lead >= 2 * SLOT_SPACING) {
        ids.willBeLiveEventId = schedule.firstEventId + k;
        ids.willBeLiveId = liveIdOf(ids.willBeLiveEventId);
      }
    }
    return ids;
  }

  return {
    fetch: async (request) => app.fetch(request),
    app,
    store,
    clock,
    faults,
    media,
    schedule,
    apiKey,
    sampleIds,
  };
}

/**
 * Why a request to the test controls is refused, or undefined. Reading (GET, HEAD) is open. A
 * change must be one a page on another origin cannot send: no `Origin` other than this sandbox's
 * own (the request's, or publicUrl), no `Sec-Fetch-Site` other than same-origin or none (typed or
 * sent by a tool), and a body declared `application/json` (a cross-origin page can only send that
 * after a CORS preflight, which the sandbox never grants; `text/plain` it can send freely).
 */
export function controlRequestProblem(request: Request, publicUrl?: string): { status: 403 | 415; message: string } | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && origin !== publicUrl) {
    return { status: 403, message: `The sandbox's test controls take changes only from their own origin, not from ${origin.slice(0, 100)}` };
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    return { status: 403, message: `The sandbox's test controls take changes only from their own origin (Sec-Fetch-Site: ${site.slice(0, 40)})` };
  }
  if (request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    return { status: 415, message: 'Send the fault rule as JSON with Content-Type: application/json' };
  }
  return undefined;
}

function numberParam(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

function checkRule(value: unknown): FaultRule | string {
  if (typeof value !== 'object' || value === null) return 'A fault rule must be a JSON object';
  const rule = value as Record<string, unknown>;
  if (typeof rule.kind !== 'string' || !isFaultKind(rule.kind)) return 'kind must be one of 401, 403, 404, 429, 500, 502, 503, slow, malformed, drop';
  const scope = rule.scope ?? 'api';
  if (scope !== 'api' && scope !== 'media' && scope !== 'segment') return 'scope must be api, media or segment';
  if (rule.match !== undefined && typeof rule.match !== 'string') return 'match must be a string';
  for (const key of ['times', 'retryAfter', 'delayMs'] as const) {
    if (rule[key] !== undefined && (typeof rule[key] !== 'number' || (rule[key] as number) < 0)) return `${key} must be a non-negative number`;
  }
  return {
    kind: rule.kind,
    scope,
    match: rule.match as string | undefined,
    times: rule.times as number | undefined,
    retryAfter: rule.retryAfter as number | undefined,
    delayMs: rule.delayMs as number | undefined,
  };
}

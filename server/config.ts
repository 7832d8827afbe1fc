import { existsSync } from 'node:fs';
import { parseFileHosts, plainOrigin } from './files.ts';
import { readSandboxConfig, type SandboxConfig } from './sandbox/config.ts';
import { readSearchConfig, type SearchConfig } from './search/config.ts';

/**
 * The Node side's settings, read from the environment once at start-up. Every problem is reported
 * at once, in one thrown Error, with what to fix.
 *
 * Data source: the real service when BOTH `API_KEY` and `API_BASE_URL` are set, else the embedded
 * sandbox. The key stays in this process: it is never `VITE_`-prefixed (Vite would bundle it into
 * the browser) and it is hidden from `console.log(config)` / `JSON.stringify(config)`.
 */

export interface UpstreamConfig {
  /** Origin plus any path prefix, without a trailing slash and without `/public/v3`. */
  readonly baseUrl: string;
  /** Non-enumerable: absent from JSON.stringify and util.inspect. */
  readonly apiKey: string;
}

interface CommonConfig {
  port: number;
  host: string;
  proxyTimeoutMs: number;
  logRequests: boolean;
  sandbox: SandboxConfig;
  /** FILE_HOSTS: origins whose files the same-origin file route (/files) may fetch. */
  fileHosts: string[];
  /** Transcript search (server/search/config.ts). */
  search: SearchConfig;
  /**
   * PUBLIC_BASE_URL: the origin visitors reach the app at (https://desk.example.com), without a
   * trailing slash. Links in what the server keeps and hands to others (the calendar feed's event
   * links) are made from it, never from a request's Host. Undefined when not set.
   */
  publicBaseUrl?: string;
}

export type ServerConfig =
  (CommonConfig & { dataSource: 'sandbox'; upstream?: undefined }) | (CommonConfig & { dataSource: 'upstream'; upstream: UpstreamConfig });

export const SERVER_DEFAULTS = { port: 8080, host: '127.0.0.1', proxyTimeoutMs: 15_000 } as const;

type Env = Record<string, string | undefined>;

export function readServerConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = [];

  const apiKey = env.API_KEY?.trim() || undefined;
  const rawBase = env.API_BASE_URL?.trim() || undefined;
  if (apiKey && !rawBase) {
    problems.push(
      'API_KEY is set but API_BASE_URL is missing: set both to use the real service (e.g. API_BASE_URL=https://api.example.com), or neither to use the embedded sandbox',
    );
  }
  if (rawBase && !apiKey) {
    problems.push('API_BASE_URL is set but API_KEY is missing: set both to use the real service, or neither to use the embedded sandbox');
  }
  if (apiKey && !/^[\x21-\x7e]+$/.test(apiKey)) {
    problems.push('API_KEY must be printable ASCII without spaces (it is sent as the x-api-key header)');
  }
  let baseUrl: string | undefined;
  if (rawBase) {
    const normalised = normaliseBaseUrl(rawBase);
    if (typeof normalised === 'string') baseUrl = normalised;
    else problems.push(normalised.problem);
  }

  for (const name of Object.keys(env)) {
    if (!name.startsWith('VITE_')) continue;
    const value = env[name];
    if (/KEY|SECRET|TOKEN|PASSWORD/i.test(name) || (apiKey && value?.includes(apiKey))) {
      problems.push(`${name}: never give a secret a VITE_ prefix, Vite bundles VITE_ variables into the browser code. Use API_KEY instead`);
    }
  }

  const port = integer(env.PORT, SERVER_DEFAULTS.port, 0, 65_535, 'PORT must be a port number from 0 to 65535', problems);
  const proxyTimeoutMs = integer(
    env.PROXY_TIMEOUT_MS,
    SERVER_DEFAULTS.proxyTimeoutMs,
    1,
    600_000,
    'PROXY_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000',
    problems,
  );
  const host = env.HOST?.trim() || SERVER_DEFAULTS.host;

  const logSetting = env.LOG_REQUESTS?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(logSetting)) problems.push(`LOG_REQUESTS must be 1 or 0, got "${env.LOG_REQUESTS}"`);
  const logRequests = logSetting === '1' || logSetting === 'true';

  const fileHosts = parseFileHosts(env.FILE_HOSTS);
  problems.push(...fileHosts.problems);

  const search = readSearchConfig(env, Boolean(apiKey && baseUrl), problems);

  const publicBaseUrl = readPublicBaseUrl(env.PUBLIC_BASE_URL, problems);

  let sandbox: SandboxConfig | undefined;
  try {
    sandbox = readSandboxConfig(env);
  } catch (error) {
    problems.push(...(error as Error).message.split('\n- ').slice(1));
  }

  if (problems.length > 0 || !sandbox) {
    throw new Error(`Invalid server settings:\n- ${problems.join('\n- ')}`);
  }
  const common: CommonConfig = { port, host, proxyTimeoutMs, logRequests, sandbox, fileHosts: fileHosts.origins, search, publicBaseUrl };
  if (apiKey && baseUrl) return { ...common, dataSource: 'upstream', upstream: upstreamConfig(baseUrl, apiKey) };
  return { ...common, dataSource: 'sandbox' };
}

/** `https://host`, `https://host/`, `https://host/public/v3/` and `https://host/prefix` all work. */
export function normaliseBaseUrl(raw: string): string | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `API_BASE_URL must be an absolute http(s) URL such as https://api.example.com, got "${raw}"` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { problem: `API_BASE_URL must use https: (or http:), got "${url.protocol}"` };
  }
  if (url.username || url.password) return { problem: 'API_BASE_URL must not contain a user name or password: the key goes in API_KEY' };
  if (url.search || url.hash) return { problem: 'API_BASE_URL must not have a query string or fragment' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/public\/v3$/, '');
  return `${url.origin}${path}`;
}

/** `https://desk.example.com` or `https://desk.example.com/`: an http(s) origin, nothing after it. */
function readPublicBaseUrl(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const origin = plainOrigin(value);
  if (!origin) {
    problems.push(
      `PUBLIC_BASE_URL must be the origin visitors open the app at, such as https://desk.example.com (no path, query or user name), got "${value}"`,
    );
    return undefined;
  }
  return origin;
}

function upstreamConfig(baseUrl: string, apiKey: string): UpstreamConfig {
  const upstream = { baseUrl } as UpstreamConfig;
  Object.defineProperty(upstream, 'apiKey', { value: apiKey, enumerable: false });
  return upstream;
}

function integer(raw: string | undefined, fallback: number, min: number, max: number, message: string, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${message}, got "${raw}"`);
    return fallback;
  }
  return value;
}

/**
 * Loads `.env` (if present) into process.env with Node's own loader; variables already set in the
 * environment win. Only the entry points call this (npm start, the Vite plugin), never tests.
 */
export function loadDotEnv(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}

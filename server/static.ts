import { realpathSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';

/**
 * The built app (dist/) for `npm start`: files by exact path, the SPA fallback to index.html for
 * page navigations, long-lived caching for hashed assets and revalidation for everything else.
 * Compressible files are sent as the build compressed them (server/precompress.ts), or compressed
 * once at the best level and kept in memory.
 *
 * A path can never leave the dist directory: it is decoded, resolved and checked against the
 * (real) root, and symlinks that point outside are refused.
 */

export interface StaticOptions {
  root: string;
  /** Paths never answered with index.html (they belong to other handlers, or are assets). */
  reservedPrefixes?: string[];
  /** `<link>` tags to add to the page's `<head>` for this address (server/route-hints.ts). */
  headLinks?: (url: URL) => string;
}

export type StaticHandler = (request: Request) => Promise<Response | undefined>;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.ttf', '.otf', '.wasm', '.ico']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const MIN_COMPRESS_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface Cached {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function createStaticHandler(options: StaticOptions): StaticHandler {
  const root = realpathSync(resolve(options.root));
  const reserved = options.reservedPrefixes ?? [];
  const cache = new Map<string, Cached>();

  return async function serveStatic(request: Request): Promise<Response | undefined> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const pathname = new URL(request.url).pathname;

    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    // `..` never; dot-files and dot-directories (the build's .vite/manifest.json) are not for browsers.
    if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((part) => part === '..' || part.startsWith('.'))) return undefined;

    const relative = decoded === '/' ? '/index.html' : decoded;
    const file = resolveInside(root, relative);
    const stats = file ? statFile(file) : undefined;
    if (file && stats) {
      if (relative === '/index.html') return sendPage(request, file, stats);
      const immutable = relative.startsWith('/assets/');
      return send(request, file, stats, immutable ? IMMUTABLE : REVALIDATE);
    }

    // SPA fallback: page navigations (text/html) to extension-less paths get the app shell.
    const accept = request.headers.get('accept') ?? '';
    const isReserved = reserved.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
    if (!isReserved && extname(decoded) === '' && /\btext\/html\b/i.test(accept)) {
      const index = resolveInside(root, '/index.html');
      const indexStats = index ? statFile(index) : undefined;
      if (index && indexStats) return sendPage(request, index, indexStats);
    }
    return undefined;
  };

  async function send(request: Request, file: string, stats: Stats, cacheControl: string): Promise<Response> {
    const extension = extname(file).toLowerCase();
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = new Headers({
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      etag,
      'last-modified': new Date(stats.mtimeMs).toUTCString(),
    });
    const compressible = COMPRESSIBLE.has(extension) && stats.size >= MIN_COMPRESS_BYTES;
    if (compressible) headers.set('vary', 'Accept-Encoding');

    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      return new Response(null, { status: 304, headers });
    }

    const entry = await load(file, stats);
    let body = entry.raw;
    const encoding = compressible ? pickEncoding(request.headers.get('accept-encoding')) : undefined;
    if (encoding === 'br') {
      entry.br ??= await readBeside(file, '.br', stats);
      entry.br ??= await brotliAsync(entry.raw, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
      });
      body = entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= await readBeside(file, '.gz', stats);
      entry.gzip ??= await gzipAsync(entry.raw, { level: 9 });
      body = entry.gzip;
    }
    if (encoding) headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : (body as unknown as BodyInit), { status: 200, headers });
  }

  /** index.html with this address's preload hints; small, so compressed per request at a fast level. */
  async function sendPage(request: Request, file: string, stats: Stats): Promise<Response> {
    const links = options.headLinks?.(new URL(request.url)) ?? '';
    if (!links) return send(request, file, stats, REVALIDATE);
    const entry = await load(file, stats);
    const html = Buffer.from(entry.raw.toString('utf8').replace('</head>', `  ${links}\n  </head>`));
    const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    const headers = new Headers({ 'content-type': CONTENT_TYPES['.html']!, 'cache-control': REVALIDATE, etag, vary: 'Accept-Encoding' });
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
    const encoding = pickEncoding(request.headers.get('accept-encoding'));
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(html, { level: 6 })
          : html;
    if (encoding) headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : (body as unknown as BodyInit), { status: 200, headers });
  }

  async function load(file: string, stats: Stats): Promise<Cached> {
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const entry: Cached = { mtimeMs: stats.mtimeMs, size: stats.size, raw: await readFile(file) };
    cache.set(file, entry);
    return entry;
  }
}

/**
 * The build's own compressed copy of a file (server/precompress.ts), when it is there and not
 * older than the file; otherwise the server compresses it itself.
 */
async function readBeside(file: string, suffix: '.br' | '.gz', stats: Stats): Promise<Buffer | undefined> {
  const copy = statFile(`${file}${suffix}`);
  if (!copy || copy.mtimeMs < stats.mtimeMs) return undefined;
  try {
    return await readFile(`${file}${suffix}`);
  } catch {
    return undefined;
  }
}

/** The absolute file for a URL path, or undefined if it would be outside root (also via symlinks). */
export function resolveInside(root: string, urlPath: string): string | undefined {
  const candidate = resolve(root, `.${urlPath}`);
  if (!isInside(root, candidate)) return undefined;
  try {
    const real = realpathSync(candidate);
    return isInside(root, real) ? real : undefined;
  } catch {
    return undefined;
  }
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function statFile(file: string): Stats | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** br when accepted, else gzip, else nothing (q=0 means refused). */
export function pickEncoding(header: string | null): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

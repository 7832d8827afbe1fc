import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each page of the built app downloads before it shows anything, read from the build's
 * manifest (dist/.vite/manifest.json) and the files themselves, gzipped at level 9. Deterministic:
 * the same build gives the same numbers, so a test keeps the budget and `npm run bench` prints it.
 *
 * - frame: the entry and its imports, which index.html loads on every page (the header, the
 *   router, the route table);
 * - first paint: the frame plus the route's loading view (its skeleton), what the page needs to
 *   paint its first frame;
 * - first screen: the frame plus everything the route's own chunks import (page, loader, error
 *   views), what the page needs to show its content. The server preloads it with the HTML.
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  /** `/companies/$companyId` */
  route: string;
  firstPaint: number;
  firstScreen: number;
  /** The route's files beyond the frame, largest first, with their gzipped bytes. */
  files: { file: string; gzip: number }[];
}

export interface BuildSizes {
  frame: number;
  frameFiles: { file: string; gzip: number }[];
  routes: RouteSize[];
}

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=(.+)$/;

export function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** `companies/$companyId` → `/companies/$companyId`; `index` → `/`. */
export function routePath(file: string): string {
  const path = file
    .split('/')
    .filter((part) => part !== 'index')
    .join('/');
  return `/${path}`;
}

export function buildSizes(distDir: string): BuildSizes {
  const manifest = readManifest(distDir);
  const gzipped = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength;
      gzipped.set(file, size);
    }
    return size;
  };
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const entryFiles = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const frame = [...entryFiles].reduce((sum, file) => sum + gz(file), 0);

  const byRoute = new Map<string, { all: string[]; pending: string[] }>();
  for (const key of Object.keys(manifest)) {
    const match = ROUTE_KEY.exec(key);
    if (!match || match[1] === '__root') continue;
    const entry = byRoute.get(match[1]!) ?? { all: [], pending: [] };
    entry.all.push(key);
    if (match[2] === 'pendingComponent') entry.pending.push(key);
    byRoute.set(match[1]!, entry);
  }
  const beyondFrame = (keys: string[]) => [...closure(keys)].filter((file) => !entryFiles.has(file));
  const routes = [...byRoute]
    .map(([file, keys]) => {
      const pending = beyondFrame(keys.pending);
      const all = beyondFrame(keys.all);
      return {
        route: routePath(file),
        firstPaint: frame + pending.reduce((sum, f) => sum + gz(f), 0),
        firstScreen: frame + all.reduce((sum, f) => sum + gz(f), 0),
        files: all.map((f) => ({ file: f, gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return { frame, frameFiles: [...entryFiles].map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip), routes };
}

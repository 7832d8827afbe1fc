import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build's chunk manifest (`dist/.vite/manifest.json`, written by `vite build`), read the one
 * way the app needs it: which files every page loads (the entry and its imports) and which files
 * each route's own chunks bring beyond those. The server's preload hints (route-hints.ts) and the
 * first-download sizes (scripts/route-sizes.ts: the budget test and the bench) both use it.
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteChunks {
  /** The route's file below src/routes without `.tsx`: `companies/$companyId`, `index`. */
  route: string;
  /** Every file its chunks need beyond the frame (page, loader, error and loading views). */
  files: string[];
  /** The files its loading view needs beyond the frame. */
  pendingFiles: string[];
}

export interface BuildManifest {
  /** The files index.html loads on every page. */
  frameFiles: string[];
  routes: RouteChunks[];
}

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=(.+)$/;

export const manifestPath = (distDir: string) => join(distDir, '.vite', 'manifest.json');

/** The manifest of the build in `distDir`; undefined when there is none (a dev server, an old build). */
export function readBuildManifest(distDir: string): BuildManifest | undefined {
  const file = manifestPath(distDir);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const frame = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const byRoute = new Map<string, { all: string[]; pending: string[] }>();
  for (const key of Object.keys(manifest)) {
    const match = ROUTE_KEY.exec(key);
    if (!match || match[1] === '__root') continue;
    const entry = byRoute.get(match[1]!) ?? { all: [], pending: [] };
    entry.all.push(key);
    if (match[2] === 'pendingComponent') entry.pending.push(key);
    byRoute.set(match[1]!, entry);
  }
  const beyondFrame = (keys: string[]) => [...closure(keys)].filter((file) => !frame.has(file));
  return {
    frameFiles: [...frame],
    routes: [...byRoute].map(([route, keys]) => ({ route, files: beyondFrame(keys.all), pendingFiles: beyondFrame(keys.pending) })),
  };
}

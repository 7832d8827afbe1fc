import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { manifestPath, readBuildManifest } from '../server/build-manifest.ts';

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

/** `companies/$companyId` → `/companies/$companyId`; `index` → `/`. */
export function routePath(file: string): string {
  const path = file
    .split('/')
    .filter((part) => part !== 'index')
    .join('/');
  return `/${path}`;
}

export function buildSizes(distDir: string): BuildSizes {
  const manifest = readBuildManifest(distDir);
  if (!manifest) throw new Error(`${manifestPath(distDir)} is missing: run \`npm run build\` first.`);
  const gzipped = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength;
      gzipped.set(file, size);
    }
    return size;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gz(file), 0);
  const frame = sum(manifest.frameFiles);
  const routes = manifest.routes
    .map(({ route, files, pendingFiles }) => ({
      route: routePath(route),
      firstPaint: frame + sum(pendingFiles),
      firstScreen: frame + sum(files),
      files: files.map((file) => ({ file, gzip: gz(file) })).sort((x, y) => y.gzip - x.gzip),
    }))
    .sort((x, y) => x.route.localeCompare(y.route));
  return { frame, frameFiles: manifest.frameFiles.map((file) => ({ file, gzip: gz(file) })).sort((x, y) => y.gzip - x.gzip), routes };
}

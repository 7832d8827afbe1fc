import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Connect, Plugin } from 'vite';

/**
 * Mounts the Node side (server/app.ts: API proxy, sandbox, /app-config.json, /healthz) inside
 * `vite` dev and `vite preview`, so that both use exactly the server `npm start` runs.
 * Everything else falls through to Vite. The app is imported only when a server starts, so
 * loading vite.config.ts stays light.
 *
 *   import { earningsDeskServer } from './server/dev-middleware.ts';
 *   plugins: [react(), tailwindcss(), earningsDeskServer()]
 */

export interface EarningsDeskServerOptions {
  /**
   * Load this `.env` file into process.env first (variables already set win). Default: `.env` in
   * Vite's envDir (or root). `false`: do not load any file (tests).
   */
  envFile?: string | false;
  /** The environment to read; default process.env (after loading envFile). */
  env?: Record<string, string | undefined>;
}

export const SERVER_PATH_PREFIXES = ['/public/v3/', '/sandbox-files/', '/__sandbox/', '/api/search/'];
export const SERVER_PATHS = ['/public/v3', '/app-config.json', '/healthz', '/files', '/api/calendar.ics', '/api/search'];

export function isServerPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return SERVER_PATHS.includes(path) || SERVER_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function earningsDeskServer(options: EarningsDeskServerOptions = {}): Plugin {
  let envDirectory = process.cwd();

  async function middleware(): Promise<Connect.NextHandleFunction> {
    const [{ createNodeListener, createServerApp }, { loadDotEnv, readServerConfig }] = await Promise.all([import('./app.ts'), import('./config.ts')]);
    if (options.envFile !== false) loadDotEnv(options.envFile ?? join(envDirectory, '.env'));
    let config;
    try {
      config = readServerConfig(options.env ?? process.env);
    } catch (error) {
      // Vite prints the message and refuses to start: no silent fallback to another data source.
      throw new Error(`earnings-desk: ${(error as Error).message}`);
    }
    const app = createServerApp(config);
    void app.search.start();
    const listener = createNodeListener(app, { overrideGlobalObjects: false });
    return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
      if (!isServerPath(req.url)) return next();
      listener(req, res).catch(next);
    };
  }

  return {
    name: 'earnings-desk-server',
    configResolved(config) {
      envDirectory = typeof config.envDir === 'string' ? config.envDir : config.root;
    },
    async configureServer(server) {
      server.middlewares.use(await middleware());
    },
    async configurePreviewServer(server) {
      server.middlewares.use(await middleware());
    },
  };
}

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServerApp, listenServerApp } from './app.ts';
import { loadDotEnv, readServerConfig, type ServerConfig } from './config.ts';

/** `npm start`: the built app (dist/) and the API proxy on PORT. Never prints the key. */

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function main() {
  const envFile = join(process.cwd(), '.env');
  try {
    loadDotEnv(envFile);
  } catch (error) {
    console.error(`Could not read ${envFile}: ${(error as Error).message}`);
    process.exit(1);
  }

  let config: ServerConfig;
  try {
    config = readServerConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const distDir = resolve(process.env.DIST_DIR?.trim() || join(projectRoot, 'dist'));
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`${join(distDir, 'index.html')} is missing: run npm run build first.`);
    process.exit(1);
  }

  const app = createServerApp(config, { distDir });
  const server = listenServerApp(app, config.port, config.host, (info) => {
    const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    const source =
      config.dataSource === 'upstream'
        ? `the real service at ${new URL(config.upstream.baseUrl).origin} (key from API_KEY)`
        : `the embedded sandbox (seed "${config.sandbox.seed}", ${config.sandbox.companies} companies)`;
    console.log(`Earnings Desk on http://${shownHost}:${info.port}  data: ${source}`);
    // The transcript index opens and starts reading once the app answers.
    void app.search.start();
  });
  server.on('error', (error) => {
    console.error(`Could not listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    // Requests in flight may finish (up to 5 s); idle keep-alive sockets would hold close() open
    // until the client drops them, so they are closed as they become idle.
    const force = setTimeout(() => process.exit(0), 5_000);
    force.unref();
    server.close(() => void app.search.close().finally(() => process.exit(0)));
    if ('closeIdleConnections' in server) {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 50).unref();
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main();

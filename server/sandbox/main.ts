import { serve } from '@hono/node-server';
import { createSandbox } from './app.ts';
import { DEFAULTS, readSandboxConfig } from './config.ts';

/** `npm run sandbox`: the sandbox on its own, as an API any client can try offline. */

function main() {
  let config;
  try {
    // `npm run sandbox -- --hostile` is the same as SANDBOX_DATASET=hostile.
    config = readSandboxConfig(process.argv.includes('--hostile') ? { ...process.env, SANDBOX_DATASET: 'hostile' } : process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const port = Number(process.env.PORT || DEFAULTS.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(1);
  }
  const host = process.env.HOST || '127.0.0.1';
  const started = performance.now();
  const sandbox = createSandbox({ ...config, clockRate: config.clockRate, now: config.now });
  const ready = performance.now() - started;

  const server = serve({ fetch: sandbox.fetch, port, hostname: host }, (info) => {
    const base = `http://${host}:${info.port}`;
    const ids = sandbox.sampleIds();
    const key = sandbox.apiKey;
    const lines = [
      `Sandbox API ready in ${ready.toFixed(0)} ms: ${sandbox.store.companies.length} companies, seed "${config.seed}", clock ${new Date(sandbox.clock.now()).toISOString()} at ${config.clockRate}x`,
      ...(config.dataset === 'hostile' ? ['Dataset: HOSTILE (unsafe URLs, markup, odd numbers and dates in every record; for testing clients)'] : []),
      ...(config.contract === 'strict'
        ? ['Contract: STRICT (the 13 contract endpoints only; /events, /live/audio, /documents, /event-types, /document-types answer 404)']
        : []),
      ...(config.plan === 'no-live-transcripts' ? ['Plan: NO LIVE TRANSCRIPTS (/live, /live/{id}, /live/transcripts, /live/transcripts/{id} answer 403)'] : []),
      `Base URL: ${base}/public/v3   (header  x-api-key: ${key})`,
      '',
      'Ids worth trying:',
      `  company           curl -H 'x-api-key: ${key}' ${base}/public/v3/companies/${ids.companyId}`,
    ];
    if (ids.eventWithAudioAndTranscript) {
      const { eventId, audioId, transcriptId } = ids.eventWithAudioAndTranscript;
      lines.push(`  event             ${base}/public/v3/events/${eventId}`);
      lines.push(`  its recording     ${base}/public/v3/audio/${audioId}?expand=event   chapters: /audio/${audioId}/chapters?levels=1,2`);
      lines.push(`  its transcript    ${base}/public/v3/documents/transcripts/${transcriptId}`);
    }
    if (ids.pdfDocumentId) lines.push(`  a PDF report      ${base}/public/v3/documents/${ids.pdfDocumentId}`);
    if (ids.liveId) {
      lines.push(`  live now          ${base}/public/v3/live/audio/${ids.liveId}`);
      lines.push(`  its transcript    ${base}/public/v3/live/transcripts/${ids.liveId}?transcriptVersion=1.7`);
    }
    if (ids.willBeLiveId) lines.push(`  going live soon   ${base}/public/v3/live/audio/${ids.willBeLiveId}`);
    lines.push('', `Fault injection: add header "x-sandbox-fault: 429" (or 401, 403, 404, 500, 502, 503, slow, malformed, drop).`);
    console.log(lines.join('\n'));
  });

  const stop = () => {
    server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();

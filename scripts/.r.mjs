// Usage: node /tmp/review13.mjs <base> <outdir> [filter]
import chromium from '@sparticuz/chromium';
import { chromium as pw } from 'playwright-core';
import { mkdirSync } from 'node:fs';
const [base = 'http://127.0.0.1:5501', out = '/tmp/review13', only] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await pw.launch({ executablePath: await chromium.executablePath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const info = await (await fetch(base + '/__sandbox/info')).json();
const e = info.eventWithAudioAndTranscript;
const routes = [
  ["home", "/"], ["calendar", "/calendar"], ["calendar-next", "/calendar?week=2026-11-23"],
  ['companies', '/companies'],
  ['company', `/companies/${info.companyId}`],
  ['company-404', '/companies/999999'],
  ['recordings', '/recordings'],
  ['recording', `/recordings/${e.audioId}`],
  ['transcripts', '/transcripts'],
  ['transcript', `/documents/${e.transcriptId}`],
  ['pdf', `/documents/${info.pdfDocumentId}`],
  ['event', `/events/${e.eventId}`],
  ['live', '/live'],
  ['live-status', `/live/${info.liveEventId}`],
];
for (const [name, path] of routes) {
  if (only && !name.includes(only)) continue;
  for (const width of (process.env.W ?? '390,1366').split(',').map(Number)) {
    for (const scheme of (process.env.S ?? 'light,dark').split(',')) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
      await page.goto(base + path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png`, fullPage: true });
      await page.close();
    }
  }
}
await browser.close();
console.log('done', out);

import chromium from '@sparticuz/chromium';
import { chromium as pw } from 'playwright-core';
const [base, path, out, width = '1366', height = '1000', scroll = '0'] = process.argv.slice(2);
const browser = await pw.launch({ executablePath: await chromium.executablePath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.goto(base + path);
await page.waitForTimeout(3000);
if (Number(scroll)) { await page.mouse.wheel(0, Number(scroll)); await page.waitForTimeout(1500); }
await page.screenshot({ path: out });
console.log('overflow', await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
await browser.close();

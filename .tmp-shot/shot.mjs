import chromium from '@sparticuz/chromium';
import { chromium as pw } from 'playwright-core';
const [,, path, width, ...scrolls] = process.argv;
const browser = await pw.launch({ executablePath: await chromium.executablePath(), args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto('http://127.0.0.1:4280' + path);
await page.waitForTimeout(2500);
for (const [i, y] of scrolls.entries()) {
  await page.evaluate((y) => window.scrollTo(0, Number(y)), y);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/wt8a-shots/v-${i}.png` });
}
console.log(await page.evaluate(() => document.scrollingElement.scrollHeight));
await browser.close();

import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Every route over the hostile dataset (SANDBOX_DATASET=hostile on E2E_PORT + 2): unsafe URLs in
 * every URL field, markup and script in every string, very long and right-to-left text, nulls,
 * unknown states and types, negative and huge numbers, dates at the edges. On every page: nothing
 * from the data runs, no link or media source has a scheme other than http(s), the page never
 * scrolls sideways at phone or desktop width, and axe finds nothing.
 */

const hostileOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173) + 2}`;
test.use({ baseURL: hostileOrigin });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface SampleIds {
  companyId: number;
  eventWithAudioAndTranscript: { eventId: number; audioId: number; transcriptId: number };
  pdfDocumentId: number;
  /** A call live now: its live-audio record's own id. */
  liveId: number;
}

/** A dialog opened by anything on the page (alert() is what the data's scripts would call). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** What must hold on every page, whatever the data said. */
async function expectHarmless(page: Page, dialogs: string[], where: string): Promise<void> {
  const findings = await page.evaluate(() => {
    const problems: string[] = [];
    if ((window as unknown as { __pwned?: unknown }).__pwned !== undefined) problems.push('window.__pwned was set by the data');
    const urlAttributes = ['href', 'src', 'srcset', 'poster', 'action', 'formaction', 'data', 'xlink:href'];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        // An inline handler can only come from markup in the data.
        if (attribute.startsWith('on')) problems.push(`<${element.localName} ${attribute}> present`);
        if (!urlAttributes.includes(attribute)) continue;
        const value = element.getAttribute(attribute) ?? '';
        let protocol: string;
        try {
          protocol = new URL(value, location.href).protocol;
        } catch {
          problems.push(`<${element.localName} ${attribute}="${value.slice(0, 60)}"> is not a URL`);
          continue;
        }
        if (protocol !== 'http:' && protocol !== 'https:') problems.push(`<${element.localName} ${attribute}="${value.slice(0, 60)}">`);
      }
    }
    // Media elements: what they actually load (a MediaSource blob of this origin is the player's own).
    for (const media of document.querySelectorAll<HTMLMediaElement>('audio, video')) {
      const source = media.currentSrc || media.src;
      if (source && !/^https?:/.test(source) && !source.startsWith(`blob:${location.origin}/`)) problems.push(`media source ${source.slice(0, 60)}`);
    }
    for (const script of document.querySelectorAll('script')) {
      const src = script.getAttribute('src');
      if (!src || new URL(src, location.href).origin !== location.origin) problems.push(`script element ${script.outerHTML.slice(0, 80)}`);
    }
    return problems;
  });
  expect(findings, `unsafe DOM on ${where}`).toEqual([]);
  expect(dialogs, `dialogs on ${where}`).toEqual([]);
}

/** No horizontal page scroll at phone and desktop width. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Set HOSTILE_SCREENSHOTS to a directory to look at each page as the test leaves it.
    if (process.env.HOSTILE_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.HOSTILE_SCREENSHOTS}/${where.replace(/[^a-z0-9]+/gi, '-')}-${size.width}.png`, fullPage: true });
    }
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth), {
        message: `sideways scroll on ${where} at ${size.width}px`,
      })
      .toBeLessThanOrEqual(0);
  }
}

async function checkPage(page: Page, dialogs: string[], where: string): Promise<void> {
  await expectHarmless(page, dialogs, where);
  await expectNoSidewaysScroll(page, where);
  await checkA11y(page, where);
  await expectHarmless(page, dialogs, where);
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/public/v3${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function samples(page: Page): Promise<SampleIds> {
  const response = await page.request.get('/__sandbox/info');
  return (await response.json()) as SampleIds;
}

test.describe.configure({ timeout: 90_000 });

test('companies: home, the list, a company with segments, over hostile data', async ({ page, expectConsoleError }) => {
  // Unknown event and document types answer 404; the page names them by id.
  expectConsoleError(/Failed to load resource: the server responded with a status of (404|400)/);
  const dialogs = watchDialogs(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Latest recordings, newest published first' }).getByRole('row')).toHaveCount(11);
  // One row per call: the latest ten transcripts are this many calls (a call's raw and edited share a row).
  const latest = (await (await page.request.get('/public/v3/documents/transcripts?limit=10&direction=desc')).json()).data as { eventId: number }[];
  const latestCalls = new Set(latest.map((doc) => doc.eventId)).size;
  await expect(page.getByRole('table', { name: 'Latest transcripts, newest published first' }).getByRole('row')).toHaveCount(latestCalls + 1);
  await checkPage(page, dialogs, 'home');

  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(5)).toBeVisible();
  // Markup in names is shown as text.
  await expect(page.getByText('<img src=x onerror="window.__pwned=1;alert(1)">', { exact: false }).first()).toBeVisible();
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 3000);
  await expect(page.getByRole('row').last()).toBeVisible();
  await checkPage(page, dialogs, 'companies');

  // A company with segments (every fourth company has none).
  let companyId = 0;
  for (let id = 1; id <= 12 && !companyId; id++) {
    if (id % 4 === 0) continue;
    const segments = await api<{ data: unknown[] }>(page, `/companies/${id}/segments?limit=1`);
    if (segments.data.length > 0) companyId = id;
  }
  expect(companyId).toBeGreaterThan(0);
  await page.goto(`/companies/${companyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /segments/i }).first()).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  // The backlink is javascript:, data: or the like: no link, and it says so.
  await expect(page.getByText('No usable link')).toBeVisible();
  await checkPage(page, dialogs, `company ${companyId}`);

  // A company without segments says so.
  await page.goto('/companies/4');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('This company has no reported segment figures.').first()).toBeVisible();
  await checkPage(page, dialogs, 'company 4');
});

test('recordings: the list and a recording whose audio URLs are unsafe, over hostile data', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of (404|400)/);
  const dialogs = watchDialogs(page);
  const ids = await samples(page);

  await page.goto('/recordings');
  await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible();
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await checkPage(page, dialogs, 'recordings');

  const { audioId } = ids.eventWithAudioAndTranscript;
  const audio = await api<{ data: { fileUrl: string | null; streamUrl: string | null } }>(page, `/audio/${audioId}?expand=event`);
  expect(`${audio.data.fileUrl} ${audio.data.streamUrl}`).not.toMatch(/^https?:\/\/[^@ ]+ https?:\/\/[^@ ]+$/);
  await page.goto(`/recordings/${audioId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // No download link for an unsafe MP3 address.
  await expect(page.getByRole('link', { name: /Download MP3/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Play recording' }).click();
  await expect(page.getByText('This recording has no audio address that can be played: only http and https links are opened.').first()).toBeVisible();
  await checkPage(page, dialogs, `recording ${audioId}`);

  // A few more recordings, for the other kinds of odd metadata and chapters.
  const list = await api<{ data: { id: number }[] }>(page, '/audio?limit=6&direction=desc');
  for (const { id } of list.data) {
    await page.goto(`/recordings/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Chapters/i })
        .or(page.getByText(/chapter/i))
        .first(),
    ).toBeVisible();
    await expectHarmless(page, dialogs, `recording ${id}`);
    await expectNoSidewaysScroll(page, `recording ${id}`);
  }
});

test('events, documents and transcripts over hostile data', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of (404|400)/);
  const dialogs = watchDialogs(page);
  const ids = await samples(page);

  await page.goto('/transcripts');
  await expect(page.getByRole('heading', { level: 1, name: 'Transcripts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transcripts, newest published first' }).getByRole('row').nth(1)).toBeVisible();
  await checkPage(page, dialogs, 'transcripts');

  const { eventId, transcriptId } = ids.eventWithAudioAndTranscript;
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About this event' })).toBeVisible();
  await checkPage(page, dialogs, `event ${eventId}`);

  // A PDF whose file URL is not http(s): no viewer, no link, a message.
  await page.goto(`/documents/${ids.pdfDocumentId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/only http and https/).first()).toBeVisible();
  await checkPage(page, dialogs, `document ${ids.pdfDocumentId}`);

  await page.goto(`/documents/${transcriptId}?kind=transcript`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/only http and https/).first()).toBeVisible();
  await checkPage(page, dialogs, `transcript ${transcriptId}`);
});

test('live audio, a live record with an unknown state or unsafe stream, and not-found, over hostile data', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of (404|400)/);
  const dialogs = watchDialogs(page);
  const ids = await samples(page);

  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible();
  await checkPage(page, dialogs, 'live');

  // Odd ids get a state no client knows; it is shown as it is.
  for (const id of [ids.liveId, ids.liveId + 1]) {
    const live = await api<{ data: { state: string; audio: string | null } }>(page, `/live/audio/${id}`);
    await page.goto(`/live/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-state]').first()).toBeVisible();
    if (id % 2 === 1) await expect(page.getByText(live.data.state, { exact: false }).first()).toBeVisible();
    if (live.data.state === 'live' && live.data.audio) await expect(page.getByText(/stream address is not a web link/)).toBeVisible();
    await checkPage(page, dialogs, `live ${id}`);
  }

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await checkPage(page, dialogs, 'not found');
});

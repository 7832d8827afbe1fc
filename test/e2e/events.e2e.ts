import { readFile } from 'node:fs/promises';
import { checkA11y, expect, test } from './fixtures.ts';

/** Open an event, open its transcript, find a phrase, play from a timestamp, export the transcript. */

interface Info {
  eventWithAudioAndTranscript: { eventId: number; audioId: number; transcriptId: number };
}

test('an event leads to its transcript: find a phrase, export it as text and Markdown, play from a time', async ({ page }) => {
  const info = (await (await page.request.get('/__sandbox/info')).json()) as Info;
  const { eventId, audioId, transcriptId } = info.eventWithAudioAndTranscript;
  const event = (await (await page.request.get(`/public/v3/events/${eventId}`)).json()).data as { title: string; date: string };
  const transcriptFile = (await (
    await page.request.get((await (await page.request.get(`/public/v3/documents/transcripts/${transcriptId}`)).json()).data.fileUrl)
  ).json()) as {
    speaker_mapping: { speaker_data: { name: string | null; role: string | null } }[];
    transcript: { paragraphs: { text: string; start: number }[] };
  };

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Capital Markets Day 2026' })).toBeVisible();
  const about = page.getByRole('region', { name: 'About this event' });
  await expect(about.locator('time')).toHaveAttribute('title', `${event.date.slice(0, 16).replace('T', ' ')} UTC`);
  await expect(about).toContainText('Capital markets day');
  await expect(page.getByRole('region', { name: 'Recording' }).getByRole('link', { name: 'Capital Markets Day 2026 · 3:49' })).toHaveAttribute(
    'href',
    `/recordings/${audioId}`,
  );
  await expect(page.getByRole('region', { name: 'Live status' })).toContainText('Ended: the recording is available');
  await checkA11y(page, 'event page');

  await page.getByRole('region', { name: 'Transcript' }).getByRole('link', { name: 'Transcript', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${transcriptId}\\?kind=transcript$`));
  const list = page.getByRole('list', { name: 'Transcript' });
  await expect(list.getByRole('listitem')).toHaveCount(transcriptFile.transcript.paragraphs.length);
  const ceo = transcriptFile.speaker_mapping.find((m) => m.speaker_data.role === 'Chief Executive Officer')!.speaker_data.name!;
  await expect(list.getByText(ceo, { exact: true }).first()).toBeVisible();

  // Find a phrase: the count is what the text holds; Enter steps to the next match.
  const phrase = 'gross margin';
  const expected = transcriptFile.transcript.paragraphs.reduce((n, p) => n + (p.text.toLowerCase().split(phrase).length - 1), 0);
  expect(expected).toBeGreaterThan(1);
  const find = page.getByRole('searchbox', { name: 'Find in transcript' });
  await find.fill(phrase);
  const count = page.getByRole('search', { name: 'Find in transcript' }).getByRole('status');
  await expect(count).toHaveText(`1 of ${expected}`);
  await find.press('Enter');
  await expect(count).toHaveText(`2 of ${expected}`);
  await expect(list.locator('mark[data-current]')).toHaveText(/gross margin/i);
  await expect(list.locator('mark[data-current]')).toBeInViewport();
  await checkA11y(page, 'transcript with matches');

  // Export as text and as Markdown: the files hold the speakers, times and words.
  const exportButton = page.locator('summary', { hasText: 'Export' });
  await exportButton.click();
  await checkA11y(page, 'transcript export open');
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .txt' }).click()]);
  expect(text.suggestedFilename()).toMatch(/ - Q\d \d{4} - Transcript\.txt$/);
  const textBody = await readFile((await text.path())!, 'utf8');
  expect(textBody.split('\n')[0]).toBe('Capital Markets Day 2026');
  expect(textBody).toContain('[0:00] Operator');
  expect(textBody).toContain(`] ${ceo} (Chief Executive Officer`);
  for (const paragraph of transcriptFile.transcript.paragraphs) expect(textBody).toContain(paragraph.text);

  await exportButton.click();
  await page.getByRole('combobox', { name: 'Format' }).selectOption('Markdown');
  const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .md' }).click()]);
  expect(markdown.suggestedFilename()).toMatch(/\.md$/);
  const markdownBody = await readFile((await markdown.path())!, 'utf8');
  expect(markdownBody.startsWith(`# Capital Markets Day 2026\n`)).toBe(true);
  expect(markdownBody).toMatch(new RegExp(`\\*\\*\\[\\d+:\\d\\d\\] ${ceo}\\*\\* _Chief Executive Officer`));

  // A time plays the call from that point: the recording page with ?t=.
  const third = transcriptFile.transcript.paragraphs[2]!;
  await list
    .getByRole('listitem')
    .nth(2)
    .getByRole('link', { name: /^Play from / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/recordings/${audioId}\\?t=${Math.floor(third.start)}$`));
});

test('an event still to come says when it starts and how long until then, and goes into a calendar', async ({ page }) => {
  const info = (await (await page.request.get('/__sandbox/info')).json()) as Info & { now: string; companyId: number };
  // The company's first event two days or more ahead of the sandbox's clock.
  const from = new Date(Date.parse(info.now) + 2 * 86_400_000).toISOString();
  const events = (await (await page.request.get(`/public/v3/events?companyIds=${info.companyId}&startDate=${from}&sortBy=date&limit=1`)).json()).data as {
    id: number;
    date: string;
  }[];
  const event = events[0]!;
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main time').first()).toHaveAttribute('datetime', event.date);
  await expect(page.getByText(/^Times in /)).toBeVisible();
  await expect(page.getByText(/^Starts in \d+ days?\b/)).toBeVisible();
  const add = page.getByRole('button', { name: /^Add to calendar: / });
  await expect(add).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcript' })).toHaveCount(0);
  await checkA11y(page, 'event still to come');
  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain(`DTSTART:${event.date.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);
});

test('an unknown event says so', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/);
  await page.goto('/events/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await checkA11y(page, 'event 404');
});

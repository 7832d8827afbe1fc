/**
 * /recordings and /transcripts: the event-type filter (the calendar's control; matched in the
 * browser, as neither list endpoint filters on the event's type), calls that link to their page,
 * and ▶ on a recording's row. Sandbox seed "web-tests": of the newest 50 recordings 42 are earnings
 * calls, of the newest 50 transcripts 38.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { player } from '../../src/lib/player/index.ts';
import { renderApp } from '../support/render-app.tsx';
import { seenRequests, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const requestsTo = (path: string) => seenRequests.filter((url) => new URL(url).pathname === `/public/v3${path}`).map((url) => new URL(url).searchParams);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const companyOf = (row: HTMLElement) => within(row).getAllByRole('link')[0]!.textContent;

describe('recordings by event type', () => {
  it('shows only the chosen family, says how many of those read match, and sends no filter the endpoint lacks', async () => {
    await renderApp('/recordings?types=earnings-call');
    const table = await screen.findByRole('table', { name: 'Recordings, newest published first' });
    await waitFor(() => expect(screen.getByText('42 of the 50 recordings read so far are of these event types.')).toBeInTheDocument());
    await waitFor(() => expect(bodyRows(table)).toHaveLength(42));
    // The capital markets day and the conferences among them are left out.
    expect(bodyRows(table).map(companyOf).slice(0, 10)).toEqual([
      'Lysorara Capital',
      'Elanova Metals',
      'Kalomont Industries',
      'Quineca',
      'Calaneon',
      'Haranent Semiconductor',
      'Loranton Medical',
      'Talomont',
      'Verelvale',
      expect.not.stringMatching(/^(Arcelia Studios|Bramane Foods|Dralard Power)$/),
    ]);
    for (const params of requestsTo('/audio')) expect(params.has('types')).toBe(false);
    expect(screen.getByRole('button', { name: 'Remove filter Event types: Earnings call' })).toBeInTheDocument();
  });

  it('reads on by itself while few rows match', async () => {
    await renderApp('/recordings?types=conference');
    const table = await screen.findByRole('table', { name: 'Recordings, newest published first' });
    // Few of the first 50 are conferences: more pages are read, up to ten.
    await waitFor(() => expect(requestsTo('/audio').length).toBeGreaterThan(1));
    expect(bodyRows(table).map(companyOf).slice(0, 2)).toEqual(['Bramane Foods', 'Dralard Power']);
    expect(screen.getByText(/of the \d+ recordings read so far are of these event types\./)).toBeInTheDocument();
  });

  it('is chosen in the filter form with the calendar’s event-type control, whose list closes on a choice', async () => {
    const { user, router } = await renderApp('/recordings');
    await screen.findByRole('table', { name: 'Recordings, newest published first' });
    await user.click(screen.getByText('Filters'));
    const types = await screen.findByRole('combobox', { name: 'Event types' });
    await user.type(types, 'earn');
    await user.click(await screen.findByRole('option', { name: 'Earnings call' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Earnings call' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ types: 'earnings-call' }));
  });

  it('plays a row’s call in the docked player with ▶', async () => {
    const { user } = await renderApp('/recordings');
    const table = await screen.findByRole('table', { name: 'Recordings, newest published first' });
    const first = bodyRows(table)[0]!;
    // The call opens its recording.
    expect((await within(first).findAllByRole('link', { name: 'Q3 2026 earnings call' }))[0]).toHaveAttribute('href', '/recordings/1077');
    const play = await within(first).findByRole('button', { name: 'Play Q3 2026 earnings call, Lysorara Capital' });
    await user.click(play);
    await waitFor(() => expect(player.getState().source).toMatchObject({ key: 'recording:1077', audioId: 1077, artist: 'Lysorara Capital' }));
  });
});

describe('transcripts by event type', () => {
  it('shows only the chosen family, and each call links to its event', async () => {
    await renderApp('/transcripts?types=earnings-call');
    const table = await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    await waitFor(() => expect(screen.getByText('38 of the 50 transcripts read so far are of these event types.')).toBeInTheDocument());
    const first = bodyRows(table)[0]!;
    expect(companyOf(first)).toBe('Elanova Metals');
    // The Call column's link, and on a phone the same link under the company.
    for (const call of within(first).getAllByRole('link', { name: 'Q3 2026 earnings call' })) expect(call).toHaveAttribute('href', '/events/1143');
    for (const params of requestsTo('/documents/transcripts')) expect(params.has('types')).toBe(false);
  });
});

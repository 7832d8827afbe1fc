/** The main navigation, the Recordings list with "Load more", and unknown addresses. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { sandboxJson, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

function dataRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

describe('main navigation', () => {
  it('links to Calendar, Companies, Recordings, Transcripts, Documents, Search calls, Live and My notes', async () => {
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Calendar',
      'Companies',
      'Recordings',
      'Transcripts',
      'Documents',
      'Search calls',
      'Live',
      'My notes',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/calendar',
      '/companies',
      '/recordings',
      '/transcripts',
      '/documents',
      '/search',
      '/live',
      '/notes',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(0);
  });

  it('follows "Recordings" to the recordings list, which loads more rows on request', async () => {
    type AudioPage = { data: unknown[]; pagination?: { nextCursor?: number | null } };
    const page1 = await sandboxJson<AudioPage>('/audio?limit=50&direction=desc&expand=event');
    const cursor = page1.pagination?.nextCursor;
    expect(cursor).toBeTruthy();
    const page2 = await sandboxJson<AudioPage>(`/audio?limit=50&direction=desc&expand=event&cursor=${cursor}`);
    expect(page2.data.length).toBeGreaterThan(0);
    const { user, router } = await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Recordings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Recordings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recordings');
    expect(within(nav).getByRole('link', { name: 'Recordings' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'Recordings, newest published first' });
    expect(dataRows(table)).toHaveLength(page1.data.length);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(dataRows(screen.getByRole('table', { name: 'Recordings, newest published first' }))).toHaveLength(page1.data.length + page2.data.length),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Page not found" for an unknown address, with a way back', async () => {
    const { user } = await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // The layout (navigation) stays.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeInTheDocument();
  });
});

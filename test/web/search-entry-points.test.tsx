/**
 * The ways into transcript search from elsewhere: the Ctrl/Cmd+K palette's "Search what was said
 * for “…”", and the search boxes on the company, event and recording pages. Each lands on /search with
 * what was typed and the page's filter (the search page itself is not part of these tests).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { sandbox, sandboxJson, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

async function openPalette(user: import('@testing-library/user-event').UserEvent) {
  await user.keyboard('{Control>}k{/Control}');
  // The palette's code loads on the first press.
  const dialog = await screen.findByRole('dialog', { name: 'Find a company' });
  // The dialog opens first; its contents join it on the next render.
  const input = await within(dialog).findByRole('combobox', { name: 'Search companies' });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

describe('command palette', () => {
  it('offers "Search what was said for “tariffs”" first and active (no company is named so); Enter opens the search', async () => {
    const { user, router } = await renderApp('/recordings');
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'tariffs');
    const listbox = await within(dialog).findByRole('listbox', { name: 'Matching companies' });
    const option = within(listbox).getByRole('option', { name: /Search what was said for “tariffs”/ });
    expect(within(listbox).getAllByRole('option')[0]).toBe(option);
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=tariffs'));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('opens the search for a phrase when the option is clicked', async () => {
    const { user, router } = await renderApp('/');
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'gross margin');
    await user.click(await within(dialog).findByRole('option', { name: /Search what was said for “gross margin”/ }));
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=gross+margin'));
  });

  it('offers nothing to search before anything is typed', async () => {
    const { user } = await renderApp('/');
    const { dialog } = await openPalette(user);
    expect(within(dialog).queryByRole('option', { name: /Search what was said/ })).not.toBeInTheDocument();
  });
});

describe('company page', () => {
  it('searches the company’s calls for what is typed, or opens its search to type there', async () => {
    const company = sandbox.store.companies[2]!;
    const { user, router } = await renderApp(`/companies/${company.id}`);
    const box = await screen.findByRole('search', { name: "Search this company's calls" });
    await user.type(within(box).getByRole('searchbox', { name: "Search this company's calls" }), 'tariffs{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe(`/search?q=tariffs&companyIds=${company.id}`));

    await router.navigate({ to: '/companies/$companyId', params: { companyId: company.id } });
    const again = await screen.findByRole('search', { name: "Search this company's calls" });
    await user.click(within(again).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.href).toBe(`/search?companyIds=${company.id}`));
  });

  it('names a query the syntax cannot read and stays on the page', async () => {
    const company = sandbox.store.companies[2]!;
    const { user, router } = await renderApp(`/companies/${company.id}`);
    const box = await screen.findByRole('search', { name: "Search this company's calls" });
    const input = within(box).getByRole('searchbox', { name: "Search this company's calls" });
    await user.type(input, '"gross margin{Enter}');
    expect(input).toHaveAccessibleDescription('A quotation mark is not closed: end the phrase with " or remove it.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe(`/companies/${company.id}`);
  });
});

describe('event and recording pages', () => {
  it('search this call', async () => {
    const audio = await sandboxJson<{ data: { id: number; eventId: number }[] }>('/audio?limit=1');
    const { id: audioId, eventId } = audio.data[0]!;

    const event = await renderApp(`/events/${eventId}`);
    const eventBox = await screen.findByRole('search', { name: 'Search this call' });
    await event.user.type(within(eventBox).getByRole('searchbox', { name: 'Search this call' }), 'guidance{Enter}');
    await waitFor(() => expect(event.router.state.location.href).toBe(`/search?q=guidance&eventIds=${eventId}`));
    event.unmount();

    const recording = await renderApp(`/recordings/${audioId}`);
    const recordingBox = await screen.findByRole('search', { name: 'Search this call' });
    await recording.user.type(within(recordingBox).getByRole('searchbox', { name: 'Search this call' }), '"free cash flow"{Enter}');
    await waitFor(() => expect(recording.router.state.location.href).toBe(`/search?q=%22%5C%22free+cash+flow%5C%22%22&eventIds=${eventId}`));
    // The router reads the words back as typed.
    expect(recording.router.state.location.search).toMatchObject({ q: '"free cash flow"', eventIds: eventId });
  });
});

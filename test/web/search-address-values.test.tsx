/**
 * /search with a `q` the router reads as JSON (a list, an object): searched as the text the link
 * wrote, never "Something went wrong" (it was `address.q?.trim is not a function`).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { useSearchServer } from '../support/search-server.ts';

useSandboxServer();
// One company's transcripts: enough for the page to answer.
useSearchServer([1]);

describe('/search with a q that reads as JSON', () => {
  it.each([
    ['/search?q=%5B1%5D', '[1]'],
    ['/search?q=%7B%22a%22%3A1%7D', '{"a":1}'],
  ])('%s is searched as %s', async (url, text) => {
    await renderApp(url);
    expect(await screen.findByRole('searchbox', { name: /search/i }, { timeout: 5000 })).toHaveValue(text);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});

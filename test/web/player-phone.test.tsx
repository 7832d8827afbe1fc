/** The docked player on a phone (390 px): one row (play/pause, the title, the time, bookmark), every control one tap away. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { renderApp } from '../support/render-app.tsx';
import { sandbox, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';
import { pretendScreenWidth } from '../support/screen-width.ts';

useSandboxServer();

let audioId: number;
beforeAll(() => {
  audioId = sandbox.sampleIds().eventWithAudioAndTranscript!.audioId;
});

const stage = usePlayerStage();
let restore: () => void;
beforeEach(() => {
  restore = pretendScreenWidth(390);
});
afterEach(() => restore());

describe('docked player on a phone', () => {
  it('is one row until "Player controls" opens every control, the focus staying on that button', async () => {
    const { user } = await renderApp(`/recordings/${audioId}`);
    await screen.findByRole('heading', { level: 1 });
    const dock = await screen.findByRole('region', { name: 'Player' });
    const media = new FakeMedia();
    stage.attach(media);

    // One row: play, the title (a link to the recording), the time, bookmark, and the way to the rest.
    expect(
      within(dock)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Play', 'Bookmark this moment', 'Player controls']);
    const links = within(dock).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/recordings/${audioId}`]);
    expect(links[0]).toHaveTextContent(/\w/);
    expect(dock).toHaveTextContent(/Elapsed 0:00 \/ of \d+:\d\d/);
    expect(within(dock).queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();

    await user.click(within(dock).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(media.paused).toBe(false));
    expect(within(dock).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    const more = within(dock).getByRole('button', { name: 'Player controls' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const less = within(dock).getByRole('button', { name: 'Player controls' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(less).toHaveFocus();
    for (const name of ['Back 15 seconds', 'Forward 30 seconds', 'Copy link at current time', 'Close player']) {
      expect(within(dock).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(dock).getByRole('slider', { name: 'Seek' })).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(within(dock).getByRole('button', { name: 'Player controls' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(dock).getByRole('button', { name: 'Player controls' })).toHaveFocus();
    expect(within(dock).queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();
  });
});

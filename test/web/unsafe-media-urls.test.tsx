/**
 * Safety rule: a URL from data is used as a link or a media source only when it is http: or https:.
 * A recording whose file and stream URLs are javascript: and data: URLs offers no download and
 * gives the player nothing to load; it says there is no audio it can play.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();

const stage = usePlayerStage();

describe('URLs from data', () => {
  it('a recording with javascript: and data: URLs has no download link and loads nothing into the player', async () => {
    const audioId = sandbox.sampleIds().eventWithAudioAndTranscript!.audioId;
    const real = await sandboxJson<{ data: Record<string, unknown> }>(`/audio/${audioId}?expand=event`);
    const hostile = { ...real.data, fileUrl: 'javascript:alert(1)//.mp3', streamUrl: 'data:application/vnd.apple.mpegurl;base64,I0VYVE0zVQ==' };
    server.use(http.get(apiPath('/audio/:id'), () => HttpResponse.json({ data: hostile })));

    await renderApp(`/recordings/${audioId}`);
    const media = new FakeMedia();
    stage.attach(media);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /Download MP3/ })).toBeNull();
    for (const link of screen.queryAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^(javascript|data):/i);

    // The dock appears once the record is read and the recording cued: give a loaded machine time.
    const dock = await screen.findByRole('region', { name: 'Player' });
    await userEvent.click(within(dock).getByRole('button', { name: 'Play' }));
    expect(await within(dock).findByRole('alert')).toHaveTextContent(/no audio address that can be played: only http and https links are opened/i);
    expect(media.sources).toEqual([]);
  });
});

/** A transcript's Export control: format, speakers and timestamps, and the file it downloads. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TranscriptExport } from '../../src/features/documents/transcript-export.tsx';
import { parseTranscript, type Transcript } from '../../src/lib/transcript/index.ts';
import { captureDownloads } from '../support/downloads.ts';

function read(json: unknown): Transcript {
  const result = parseTranscript(json);
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

const transcript = read({
  speaker_mapping: [{ speaker: 0, speaker_data: { name: 'Ana Ruiz', role: 'CEO', company: 'Acme' } }],
  transcript: {
    paragraphs: [
      { speaker: 0, text: 'Revenue rose.', start: 75.4, end: 78 },
      { speaker: 1, text: 'Margins < 40% & up?', start: 3725, end: 3727.25 },
    ],
  },
});
const heading = { title: 'Acme Q3 2026 Earnings Call', company: 'Acme' };

describe('transcript export', () => {
  const downloads = captureDownloads();

  async function open() {
    const user = userEvent.setup();
    render(<TranscriptExport transcript={transcript} heading={heading} fileStem="Acme - Q3 2026 - Transcript" />);
    await user.click(screen.getByText('Export'));
    return user;
  }

  it('downloads text with speakers and timestamps by default, and without them when unchecked', async () => {
    const user = await open();
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(
      within(format)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Text', 'Markdown', 'SRT captions', 'WebVTT captions']);
    expect(format).toHaveValue('text');
    const group = screen.getByRole('group', { name: 'Include' });
    expect(within(group).getByRole('checkbox', { name: 'Speakers' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Timestamps' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(downloads.saved.at(-1)!.name).toBe('Acme - Q3 2026 - Transcript.txt');
    expect(downloads.saved.at(-1)!.blob.type).toBe('text/plain;charset=utf-8');
    expect(await downloads.saved.at(-1)!.blob.text()).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\n[1:15] Ana Ruiz (CEO, Acme)\nRevenue rose.\n\n[1:02:05] Speaker 1\nMargins < 40% & up?\n',
    );

    await user.click(screen.getByText('Export'));
    await user.click(screen.getByRole('checkbox', { name: 'Timestamps' }));
    await user.click(screen.getByRole('checkbox', { name: 'Speakers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Markdown');
    await user.click(screen.getByRole('button', { name: 'Download .md' }));
    expect(downloads.saved.at(-1)!.name).toBe('Acme - Q3 2026 - Transcript.md');
    expect(downloads.saved.at(-1)!.blob.type).toBe('text/markdown;charset=utf-8');
    expect(await downloads.saved.at(-1)!.blob.text()).toBe('# Acme Q3 2026 Earnings Call\n\n- **Company:** Acme\n\nRevenue rose.\n\nMargins \\< 40% & up?\n');
  });

  it('captions: Timestamps is checked, cannot be changed and says why; SRT and WebVTT download under their names and types', async () => {
    const user = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Timestamps' }));
    expect(screen.getByRole('checkbox', { name: 'Timestamps' })).not.toBeChecked();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'SRT captions');
    const timestamps = screen.getByRole('checkbox', { name: 'Timestamps' });
    expect(timestamps).toBeDisabled();
    expect(timestamps).toBeChecked();
    expect(screen.getByRole('group', { name: 'Include' })).toHaveAccessibleDescription('Captions always carry their times.');
    expect(screen.getByRole('checkbox', { name: 'Speakers' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Download .srt' }));
    expect(downloads.saved.at(-1)!.name).toBe('Acme - Q3 2026 - Transcript.srt');
    expect(downloads.saved.at(-1)!.blob.type).toBe('application/x-subrip;charset=utf-8');
    expect(await downloads.saved.at(-1)!.blob.text()).toBe(
      '1\r\n00:01:15,400 --> 00:01:18,000\r\nAna Ruiz: Revenue rose.\r\n\r\n2\r\n01:02:05,000 --> 01:02:07,250\r\nSpeaker 1: Margins < 40% & up?\r\n',
    );

    await user.click(screen.getByText('Export'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'WebVTT captions');
    await user.click(screen.getByRole('button', { name: 'Download .vtt' }));
    expect(downloads.saved.at(-1)!.name).toBe('Acme - Q3 2026 - Transcript.vtt');
    expect(downloads.saved.at(-1)!.blob.type).toBe('text/vtt;charset=utf-8');
    expect(await downloads.saved.at(-1)!.blob.text()).toBe(
      'WEBVTT\n\nNOTE\nAcme Q3 2026 Earnings Call\nCompany: Acme\n\n00:01:15.400 --> 00:01:18.000\n<v Ana Ruiz>Revenue rose.\n\n01:02:05.000 --> 01:02:07.250\n<v Speaker 1>Margins &lt; 40% &amp; up?\n',
    );

    // Back to text, the choice made for it returns.
    await user.click(screen.getByText('Export'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Text');
    expect(screen.getByRole('checkbox', { name: 'Timestamps' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Timestamps' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Include' })).not.toHaveAccessibleDescription();
  });

  it('works from the keyboard: Tab reaches every control, Escape closes it and returns the focus', async () => {
    const user = userEvent.setup();
    render(<TranscriptExport transcript={transcript} heading={heading} fileStem="Call" />);
    const summary = screen.getByText('Export').closest('summary')!;
    const details = summary.closest('details')!;
    await user.tab();
    expect(summary).toHaveFocus();
    // Browsers open a <summary> on Enter or Space; the test's keyboard does not, so it clicks.
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Speakers' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Speakers' })).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Timestamps' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();

    await user.click(summary);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(downloads.saved.at(-1)!.name).toBe('Call.txt');
    expect(await downloads.saved.at(-1)!.blob.text()).toBe(
      'Acme Q3 2026 Earnings Call\nCompany: Acme\n\n[1:15]\nRevenue rose.\n\n[1:02:05]\nMargins < 40% & up?\n',
    );
    // A download closes the panel and gives the focus back to the button.
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();

    // A click elsewhere puts the panel away.
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.click(document.body);
    expect(details.open).toBe(false);
  });
});

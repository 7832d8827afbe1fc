import { useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { Select } from '../../components/ui/select.tsx';
import { saveText } from '../../lib/download.ts';
import { exportTranscript, TRANSCRIPT_EXPORTS, type Transcript, type TranscriptExportFormat, type TranscriptHeading } from '../../lib/transcript/index.ts';
import { useDismiss } from '../../components/use-dismiss.ts';
import { sideWithRoom } from '../../components/popover-side.ts';

/**
 * A transcript's "Export": one button in a toolbar that opens a small panel to pick the format
 * (text, Markdown, SRT or WebVTT captions), whether speakers and timestamps go in, and download.
 * A closed panel keeps a sticky toolbar one row high on a phone. Escape closes it and gives the
 * focus back to the button, so does a download, and a click elsewhere closes it. Captions are
 * timed by nature, so for them Timestamps stays checked, cannot be changed, and says why; the
 * choice made for text comes back when the format does.
 */
export function TranscriptExport({
  transcript,
  heading,
  fileStem,
}: {
  transcript: Transcript;
  heading: TranscriptHeading;
  /** File name without extension. */
  fileStem: string;
}) {
  const [format, setFormat] = useState<TranscriptExportFormat>('text');
  const [speakers, setSpeakers] = useState(true);
  const [timestamps, setTimestamps] = useState(true);
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'left' | 'right'>('right');
  const kind = TRANSCRIPT_EXPORTS.find((entry) => entry.format === format) ?? TRANSCRIPT_EXPORTS[0]!;

  const close = () => {
    if (details.current) details.current.open = false;
    summary.current?.focus();
  };
  const download = () => {
    saveText(exportTranscript(format, transcript, heading, { speakers, timestamps }), `${fileStem}.${kind.extension}`, kind.type);
    close();
  };

  // The panel lies over the transcript: Escape puts it away (the focus back on its button), and so does a click anywhere else.
  useDismiss(open, [details], (how) => {
    if (how === 'escape') close();
    else if (details.current) details.current.open = false;
  });

  return (
    <details
      ref={details}
      className="relative"
      onToggle={(event) => {
        if (event.currentTarget.open) setSide(sideWithRoom(summary.current));
        setOpen(event.currentTarget.open);
      }}
    >
      <summary ref={summary} className={`${buttonClass()} cursor-pointer list-none select-none [&::-webkit-details-marker]:hidden`}>
        Export
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      {/* On a phone the panel spans the screen under its button, wherever the button's row put it;
          on a wider screen it opens towards the side with room. */}
      <div
        className={`z-20 mt-1 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg max-sm:fixed max-sm:inset-x-2 sm:absolute sm:w-64 dark:border-slate-700 dark:bg-slate-900 ${side === 'left' ? 'sm:left-0' : 'sm:right-0'}`}
      >
        <Select label="Format" id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as TranscriptExportFormat)}>
          {TRANSCRIPT_EXPORTS.map((entry) => (
            <option key={entry.format} value={entry.format}>
              {entry.label}
            </option>
          ))}
        </Select>
        <CheckboxGroup
          legend="Include"
          name={`${id}-include`}
          options={[
            { value: 'speakers', label: 'Speakers' },
            { value: 'timestamps', label: 'Timestamps', disabled: kind.captions },
          ]}
          value={[...(speakers ? ['speakers'] : []), ...(timestamps || kind.captions ? ['timestamps'] : [])]}
          onChange={(values) => {
            setSpeakers(values.includes('speakers'));
            if (!kind.captions) setTimestamps(values.includes('timestamps'));
          }}
          hint={kind.captions ? 'Captions always carry their times.' : undefined}
        />
        <Button variant="primary" className="w-full" onClick={download}>
          Download .{kind.extension}
        </Button>
      </div>
    </details>
  );
}

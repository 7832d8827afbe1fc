import { useEffect, useState } from 'react';
import { copyToClipboard } from '../lib/clipboard.ts';
import { buttonClass } from './ui/button.tsx';

/** Copies text to the clipboard and says so; says what to do when the browser refuses. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => setState((await copyToClipboard(text)) ? 'copied' : 'failed');
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={label} className={buttonClass({ size: 'xs' })}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? `${text} copied` : state === 'failed' ? 'Copying was blocked by the browser; select the text and copy it.' : ''}
      </span>
    </>
  );
}

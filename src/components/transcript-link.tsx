import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { textLinkClass } from './ui/text-link.ts';

/** A link to a transcript's page (read through the transcript endpoint), as every list shows it. */
export function TranscriptLink({ id, children, className, label }: { id: number; children: ReactNode; className?: string; label?: string }) {
  return (
    <Link
      to="/documents/$documentId"
      params={{ documentId: id }}
      search={{ kind: 'transcript' }}
      className={className ?? textLinkClass({ strong: false })}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

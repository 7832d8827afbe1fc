/** Player icons: 20×20, currentColor, hidden from assistive technology (buttons carry the names). */
import type { ReactNode } from 'react';

function Icon({ children, className = 'h-5 w-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      {children}
    </svg>
  );
}

export const PlayIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M6 4.2v11.6a.8.8 0 0 0 1.2.7l9.3-5.8a.8.8 0 0 0 0-1.4L7.2 3.5A.8.8 0 0 0 6 4.2Z" />
  </Icon>
);
export const PauseIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <rect x="5" y="4" width="3.5" height="12" rx="0.8" />
    <rect x="11.5" y="4" width="3.5" height="12" rx="0.8" />
  </Icon>
);
export const BackIcon = () => (
  <Icon>
    <path d="M10 3.5a6.5 6.5 0 1 1-6.3 8.1.75.75 0 1 1 1.45-.37A5 5 0 1 0 10 5v1.7a.5.5 0 0 1-.8.4L6.3 4.8a.5.5 0 0 1 0-.8l2.9-2.3a.5.5 0 0 1 .8.4v1.4Z" />
  </Icon>
);
export const ForwardIcon = () => (
  <Icon>
    <path d="M10 3.5V2.1a.5.5 0 0 1 .8-.4l2.9 2.3a.5.5 0 0 1 0 .8l-2.9 2.3a.5.5 0 0 1-.8-.4V5a5 5 0 1 0 4.85 6.23.75.75 0 1 1 1.45.37A6.5 6.5 0 1 1 10 3.5Z" />
  </Icon>
);
export const PrevChapterIcon = () => (
  <Icon>
    <rect x="4" y="4.5" width="2" height="11" rx="0.6" />
    <path d="M16 5.3v9.4a.7.7 0 0 1-1.1.6L8.4 10.6a.7.7 0 0 1 0-1.2l6.5-4.7a.7.7 0 0 1 1.1.6Z" />
  </Icon>
);
export const NextChapterIcon = () => (
  <Icon>
    <rect x="14" y="4.5" width="2" height="11" rx="0.6" />
    <path d="M4 5.3v9.4a.7.7 0 0 0 1.1.6l6.5-4.7a.7.7 0 0 0 0-1.2L5.1 4.7a.7.7 0 0 0-1.1.6Z" />
  </Icon>
);
export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M9.3 3.7 5.6 7H3.5a.5.5 0 0 0-.5.5v5a.5.5 0 0 0 .5.5h2.1l3.7 3.3a.5.5 0 0 0 .8-.4V4.1a.5.5 0 0 0-.8-.4Z" />
    {muted ? (
      <path d="m12.5 7.5 5 5m0-5-5 5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" fill="none" />
    ) : (
      <path d="M13 7a4 4 0 0 1 0 6m2-8.5a7 7 0 0 1 0 11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" fill="none" />
    )}
  </Icon>
);
export const LinkIcon = () => (
  <Icon>
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.8.8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" fill="none" />
    <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.8-.8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" fill="none" />
  </Icon>
);
export const KeyboardIcon = () => (
  <Icon>
    <rect x="2" y="5" width="16" height="10" rx="1.5" stroke="currentColor" strokeWidth="1.4" fill="none" />
    <path d="M5 8h1.5M9 8h1.5M13 8h1.5M6 12h8" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="m5.5 5.5 9 9m0-9-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </Icon>
);
export const Spinner = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={`${className} animate-spin`}>
    <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.5" />
    <path d="M17 10a7 7 0 0 0-7-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);
export const BookmarkIcon = () => (
  <Icon>
    <path d="M5.5 2.5h9a1 1 0 0 1 1 1v13.2a.5.5 0 0 1-.8.4L10 13.6l-4.7 3.5a.5.5 0 0 1-.8-.4V3.5a1 1 0 0 1 1-1Zm.5 1.5v11.2l3.4-2.5a1 1 0 0 1 1.2 0l3.4 2.5V4H6Z" />
  </Icon>
);
/** Up: open more; down: put away. */
export const ChevronIcon = ({ up }: { up: boolean }) => (
  <Icon>
    <path d={up ? 'm5 12.5 5-5 5 5' : 'm5 7.5 5 5 5-5'} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" fill="none" />
  </Icon>
);

import { useLayoutEffect, useState } from 'react';

/** Whether a media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useLayoutEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, [query]);
  return matches;
}

/** A phone: below Tailwind's `sm` (40rem, 640 px), where the header's navigation and the player's controls no longer fit in a row. */
export const PHONE_QUERY = '(width < 40rem)';

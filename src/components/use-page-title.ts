import { useEffect } from 'react';

export const APP_NAME = 'Earnings Desk';

/**
 * The browser tab's title for a page, what it shows first: "Ulemont — Q3 2026 earnings call ·
 * Earnings Desk". Parts not known yet (undefined, empty) are left out; no parts is the app's name.
 */
export function pageTitle(...parts: (string | null | undefined | false)[]): string {
  const shown = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim());
  return shown.length === 0 ? APP_NAME : `${shown.join(' — ')} · ${APP_NAME}`;
}

/**
 * Names the tab after what the page shows, so tabs, history and bookmarks tell pages apart. Every
 * page sets its own (a page that did not would keep the one before), the loading, not-found and
 * error pages included.
 */
export function usePageTitle(...parts: (string | null | undefined | false)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

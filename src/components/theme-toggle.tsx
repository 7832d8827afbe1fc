import { useEffect, useState } from 'react';
import { applyTheme, readThemeChoice, saveThemeChoice, systemPrefersDark, type ThemeChoice } from '../lib/theme';
import { buttonClass } from './ui/button.tsx';

/** One button: dark on or off. Until pressed, the theme follows the system (and keeps following it). */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice());
  const [systemDark, setSystemDark] = useState(() => systemPrefersDark());

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => {
      setSystemDark(query.matches);
      if (readThemeChoice() === 'system') applyTheme('system');
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const dark = choice === 'dark' || (choice === 'system' && systemDark);
  const toggle = () => {
    const next: ThemeChoice = dark ? 'light' : 'dark';
    // Choosing what the system already shows hands control back to the system.
    const stored: ThemeChoice = (next === 'dark') === systemDark ? 'system' : next;
    saveThemeChoice(stored);
    setChoice(stored);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className={buttonClass({ variant: 'quiet', size: 'compact' })}
    >
      {dark ? (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M16 12.9A7 7 0 1 1 7.1 4a5.5 5.5 0 0 0 8.9 8.9Z" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <circle cx="10" cy="10" r="3.5" />
          <path
            d="M10 1.5v2M10 16.5v2M1.5 10h2M16.5 10h2M4 4l1.4 1.4M14.6 14.6 16 16M4 16l1.4-1.4M14.6 5.4 16 4"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
      )}
    </button>
  );
}

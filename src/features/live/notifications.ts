import { createElement, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { announce } from './announce.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * Browser notifications, only after the analyst asks for them (the button asks the browser's
 * permission). Shown whatever the tab's visibility: a call going live matters most when the
 * analyst is elsewhere.
 */

export interface NotificationOptIn {
  /** True once asked for and allowed: notify now. */
  enabled: boolean;
  /** The button that asks (or turns notifications off); null where the browser cannot or will not. */
  control: ReactNode;
  /** What happened after the last click, in words. */
  message: string | null;
}

/**
 * Whether the analyst asked for one kind of notification, shared by every control and watcher of
 * that kind in the tab (the alert tray's button and the Watched terms panel's are one choice).
 */
export interface OptInChoice {
  get(): boolean;
  set(wanted: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createOptInChoice(): OptInChoice {
  let wanted = false;
  const listeners = new Set<() => void>();
  return {
    get: () => wanted,
    set(next) {
      wanted = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const NO_CHOICE: OptInChoice = { get: () => false, set: () => {}, subscribe: () => () => {} };

/** Whether notifications of this choice are to be shown now: asked for, and the browser allows them. */
export function useOptInEnabled(choice: OptInChoice): boolean {
  const wanted = useSyncExternalStore(choice.subscribe, choice.get, choice.get);
  return wanted && typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** The opt-in flow every notification on the live pages uses (`choice`: shared by the controls of one kind). */
export function useNotificationOptIn({ ask: askLabel, granted, choice }: { ask: string; granted: string; choice?: OptInChoice }): NotificationOptIn {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'denied'));
  // Without a shared choice, this control's own.
  const [own, setOwn] = useState(false);
  const shared = useSyncExternalStore((choice ?? NO_CHOICE).subscribe, (choice ?? NO_CHOICE).get, (choice ?? NO_CHOICE).get);
  const wanted = choice ? shared : own;
  const setWanted = choice ? choice.set : setOwn;
  const [message, setMessage] = useState<string | null>(null);

  if (!supported) return { enabled: false, control: null, message: null };

  const ask = async () => {
    try {
      const result = permission === 'granted' ? 'granted' : await Notification.requestPermission();
      setPermission(result);
      if (result === 'granted') {
        setWanted(true);
        setMessage(granted);
      } else {
        setMessage('Notifications are blocked for this site; the page still shows each change.');
      }
    } catch {
      setMessage('This browser did not allow notifications; the page still shows each change.');
    }
  };

  const control = wanted
    ? createElement(
        'button',
        {
          type: 'button',
          onClick: () => {
            setWanted(false);
            setMessage('Notifications turned off.');
          },
          className: buttonClass(),
        },
        'Stop notifications',
      )
    : permission === 'denied'
      ? null
      : createElement('button', { type: 'button', onClick: () => void ask(), className: buttonClass() }, askLabel);
  return { enabled: wanted && permission === 'granted', control, message };
}

/**
 * Shows a notification; false where the browser refuses (some allow them only from a service
 * worker). `onClick`: what a click on it does, after bringing this tab to the front.
 */
export function showNotification(title: string, options: NotificationOptions, onClick?: () => void): boolean {
  try {
    const notification = new Notification(title, options);
    if (onClick) {
      notification.onclick = () => {
        window.focus();
        notification.close();
        onClick();
      };
    }
    return true;
  } catch {
    return false;
  }
}

/** One record's changes of state (the live status page). */
export function useStateNotifications(state: string | undefined, who: string, title: string): { control: ReactNode; message: string | null } {
  const { enabled, control, message } = useNotificationOptIn({
    ask: 'Notify me of changes',
    granted: 'You will get a notification when the state changes, while this page stays open.',
  });
  const previous = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (state === undefined) return;
    const before = previous.current;
    previous.current = state;
    if (!enabled || before === undefined || before === state) return;
    // If refused, the on-page status still says it.
    showNotification(announce(state, who), { body: title, tag: `live-${title}` });
  }, [state, enabled, who, title]);

  return { control, message };
}

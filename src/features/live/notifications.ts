import { createElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { announce } from './announce.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * Browser notifications for state changes, only after the analyst asks for them (the button asks
 * the browser's permission). Shown whatever the tab's visibility: a call going live matters most
 * when the analyst is elsewhere.
 */
export function useStateNotifications(state: string | undefined, who: string, title: string): { control: ReactNode; message: string | null } {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'denied'));
  const [wanted, setWanted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const previous = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (state === undefined) return;
    const before = previous.current;
    previous.current = state;
    if (!wanted || permission !== 'granted' || before === undefined || before === state) return;
    try {
      new Notification(announce(state, who), { body: title, tag: `live-${title}` });
    } catch {
      // Some browsers only allow notifications from a service worker: the on-page status still says it.
    }
  }, [state, wanted, permission, who, title]);

  if (!supported) return { control: null, message: null };

  const ask = async () => {
    try {
      const result = permission === 'granted' ? 'granted' : await Notification.requestPermission();
      setPermission(result);
      if (result === 'granted') {
        setWanted(true);
        setMessage('You will get a notification when the state changes, while this page stays open.');
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
      : createElement(
          'button',
          {
            type: 'button',
            onClick: () => void ask(),
            className: buttonClass(),
          },
          'Notify me of changes',
        );
  return { control, message };
}

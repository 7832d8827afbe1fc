import { PLAYBACK_RATES, SKIP_BACK, SKIP_FORWARD, type Player } from '../../lib/player/index.ts';

/** Keyboard shortcuts of the player, and the rules that keep them out of the reader's way. */

export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['Space', 'K'], does: 'Play or pause' },
  { keys: ['J', '←'], does: `Back ${SKIP_BACK} seconds` },
  { keys: ['L', '→'], does: `Forward ${SKIP_FORWARD} seconds` },
  { keys: ['Shift + ←'], does: 'Previous chapter' },
  { keys: ['Shift + →'], does: 'Next chapter' },
  { keys: ['<'], does: 'Slower' },
  { keys: ['>'], does: 'Faster' },
  { keys: ['M'], does: 'Mute or unmute' },
  { keys: ['B'], does: 'Bookmark this moment (then type a note, or keep listening)' },
  { keys: ['[', ']'], does: 'Previous or next question (a recording page’s Q&A)' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** The Q&A's keys: read by the recording page's Q&A list, not by the player. */
export const QUESTION_KEYS = { previous: '[', next: ']' } as const;

export type ShortcutAction = 'toggle' | 'back' | 'forward' | 'previousChapter' | 'nextChapter' | 'slower' | 'faster' | 'mute' | 'bookmark' | 'help';

/** True when keys typed here belong to a field (text inputs, text areas, selects, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Controls that act on Space or Enter themselves (pressing Space on a focused button must not also toggle). */
function activatesOnSpace(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="option"]') !== null;
}

export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented'>,
): ShortcutAction | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  // A slider keeps its own keys (arrows, Home, End, Page keys, Space); letters and symbols still work there.
  const onSlider = event.target instanceof HTMLInputElement && event.target.type === 'range';
  if (onSlider && (event.key.startsWith('Arrow') || ['Home', 'End', 'PageUp', 'PageDown', ' '].includes(event.key))) return undefined;
  if (!onSlider && isTypingTarget(event.target)) return undefined;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return activatesOnSpace(event.target) ? undefined : 'toggle';
    case 'k':
    case 'K':
      return 'toggle';
    case 'j':
    case 'J':
      return 'back';
    case 'l':
    case 'L':
      return 'forward';
    case 'ArrowLeft':
      return event.shiftKey ? 'previousChapter' : 'back';
    case 'ArrowRight':
      return event.shiftKey ? 'nextChapter' : 'forward';
    case '<':
      return 'slower';
    case '>':
      return 'faster';
    case 'm':
    case 'M':
      return 'mute';
    case 'b':
    case 'B':
      return 'bookmark';
    case '?':
      return 'help';
    default:
      return undefined;
  }
}

/** The next speed up or down the list (0.5× to 3×). */
export function stepRate(rate: number, direction: 1 | -1): number {
  if (direction > 0) return PLAYBACK_RATES.find((r) => r > rate + 1e-9) ?? PLAYBACK_RATES[PLAYBACK_RATES.length - 1]!;
  return [...PLAYBACK_RATES].reverse().find((r) => r < rate - 1e-9) ?? PLAYBACK_RATES[0]!;
}

export function runShortcut(action: ShortcutAction, player: Player, page: { showHelp: () => void; bookmark: () => void }): void {
  const { rate } = player.getState();
  switch (action) {
    case 'toggle':
      return player.toggle();
    case 'back':
      return player.skip(-SKIP_BACK);
    case 'forward':
      return player.skip(SKIP_FORWARD);
    case 'previousChapter':
      return player.previousChapter();
    case 'nextChapter':
      return player.nextChapter();
    case 'slower':
      return player.setRate(stepRate(rate, -1));
    case 'faster':
      return player.setRate(stepRate(rate, 1));
    case 'mute':
      return player.toggleMute();
    case 'bookmark':
      return page.bookmark();
    case 'help':
      return page.showHelp();
  }
}

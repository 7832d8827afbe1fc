/**
 * The edge of its button a popover lines up with, so that it opens towards the side of the screen
 * with room: a button in the left half of the screen gets a panel that runs rightwards from its left
 * edge ('left'), one in the right half a panel that runs leftwards from its right edge ('right').
 * Read when the popover opens: where a button sits depends on how its row wrapped.
 */
export function sideWithRoom(anchor: Element | null | undefined): 'left' | 'right' {
  const box = anchor?.getBoundingClientRect();
  return box && box.left + box.width / 2 < window.innerWidth / 2 ? 'left' : 'right';
}

import type { LiveListFilters } from '../../api/live.ts';
import { LIVE_STATES, type LiveAudio } from '../../api/schemas.ts';

/**
 * The live board's three groups from one `/live/audio` read: calls live now, calls starting in the
 * next hours, calls that ended lately (processing, recording available, or failed).
 */

export type BoardGroup = 'live' | 'soon' | 'ended';

/** How far the board looks ahead (Starting soon) and back (Just ended). */
export const BOARD_HOURS = 2;
/** The window moves in steps this long, so the query (and its cache entry) stays the same meanwhile. */
const WINDOW_STEP = 15 * 60_000;
const HOUR = 3_600_000;

/** Every state the board shows: the nine the service is known to use (one list, in the schemas). */
export const BOARD_STATES = LIVE_STATES;

/**
 * The one query of the board: every call scheduled from BOARD_HOURS before to BOARD_HOURS after
 * now, on a window that moves every quarter hour (its end is a step further so no upcoming call
 * drops out between two steps).
 */
export function boardFilters(now: number): LiveListFilters {
  const anchor = Math.floor(now / WINDOW_STEP) * WINDOW_STEP;
  return {
    states: BOARD_STATES,
    startDate: new Date(anchor - BOARD_HOURS * HOUR).toISOString(),
    endDate: new Date(anchor + BOARD_HOURS * HOUR + WINDOW_STEP).toISOString(),
  };
}

export function boardGroup(state: string): BoardGroup {
  if (state === 'live') return 'live';
  if (state === 'notLive' || state === 'willBeLive') return 'soon';
  // Processing, available, the failures, and a state the app does not know yet (shown as it is).
  return 'ended';
}

function time(record: LiveAudio): number {
  const value = record.date ? Date.parse(record.date) : NaN;
  return Number.isFinite(value) ? value : Infinity;
}

/**
 * The records in their groups: live now by start (earliest first), starting soon soonest first,
 * just ended latest first.
 */
export function groupBoard(records: readonly LiveAudio[]): Record<BoardGroup, LiveAudio[]> {
  const groups: Record<BoardGroup, LiveAudio[]> = { live: [], soon: [], ended: [] };
  for (const record of records) groups[boardGroup(record.state)].push(record);
  const ascending = (a: LiveAudio, b: LiveAudio) => time(a) - time(b) || a.id - b.id;
  groups.live.sort(ascending);
  groups.soon.sort(ascending);
  groups.ended.sort((a, b) => ascending(b, a));
  return groups;
}

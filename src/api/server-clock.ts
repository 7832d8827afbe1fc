/**
 * The data service's clock, as seen through the HTTP Date header of its answers. Countdowns to a
 * call compare its scheduled start with the service's "now", so a reader whose computer clock is
 * off (or the sandbox's fast clock) still sees the right time left. Resolution: one second.
 */

let offsetMs = 0;
let observed = false;
const listeners = new Set<() => void>();

/** Calls `listener` when the service's clock is first seen, or is seen to differ by more than 5 s. */
export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an answer of the service has told its time yet. */
export function serverClockKnown(): boolean {
  return observed;
}

/** Notes the Date header of an answer that just arrived. */
export function noteServerDate(header: string | null, localNow: number = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (!Number.isFinite(server)) return;
  // The header is truncated to the second: the true time is up to a second later.
  const next = server + 500 - localNow;
  const changed = !observed || Math.abs(next - offsetMs) > 5_000;
  offsetMs = next;
  observed = true;
  if (changed) for (const listener of listeners) listener();
}

/** The service's current time (epoch ms): the local clock until an answer has been seen. */
export function serverNow(localNow: number = Date.now()): number {
  return localNow + (observed ? offsetMs : 0);
}

/** Forgets what was seen (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
  observed = false;
}

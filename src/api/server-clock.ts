/**
 * The data service's clock, as seen through the HTTP Date header of its answers. Countdowns to a
 * call compare its scheduled start with the service's "now", so a reader whose computer clock is
 * off (or the sandbox's fast clock) still sees the right time left. Resolution: one second.
 */

let offsetMs = 0;
let observed = false;

/** Notes the Date header of an answer that just arrived. */
export function noteServerDate(header: string | null, localNow: number = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (!Number.isFinite(server)) return;
  // The header is truncated to the second: the true time is up to a second later.
  offsetMs = server + 500 - localNow;
  observed = true;
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

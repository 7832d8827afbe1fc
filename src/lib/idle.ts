/** Runs `task` once the page has loaded and the browser is idle: after the first route, never competing with it. */
export function whenIdleAfterLoad(task: () => void, timeout = 4_000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    idle = globalThis.requestIdleCallback ? globalThis.requestIdleCallback(task, { timeout }) : (setTimeout(task, 1_500) as unknown as number);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') schedule();
  else globalThis.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    globalThis.removeEventListener?.('load', schedule);
    if (idle === undefined) return;
    if (globalThis.cancelIdleCallback) globalThis.cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

/**
 * Runs `work` once the browser has nothing better to do (after the first paint and its scripts), or
 * after `timeoutMs` at the latest; where requestIdleCallback is missing (Safari), after a short delay.
 * Returns a cancel function, for a component's effect cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Aggregate figures served again for a short while instead of being computed at every request.
 *
 * Some pages sum a whole organisation's records (the trainer dashboard, the analytics): thousands
 * of rows per request, whatever the indexes, where a list reads a page of them. Their figures are
 * kept per scope for `freshForMs` and labelled with the time they were computed, the way the
 * browser already keeps them (the SPEC's query cache is stale after 5 minutes). Concurrent
 * requests for the same scope share one computation; a failed one is not kept, so the next request
 * computes again.
 *
 * Each server process keeps its own: the bound is one computation per scope and period per process.
 * Who may read a scope is checked before asking, at every request: the key is the scope, never the
 * person.
 */
export function createRecentFigures<T>(options: { freshForMs: number; maxScopes: number; now: () => Date }) {
  const kept = new Map<string, { at: number; figures: Promise<T> }>();

  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const at = options.now().getTime();
    const entry = kept.get(key);
    // A clock set back (tests, a corrected server clock) makes an entry from the future: computed again.
    if (entry && at >= entry.at && at - entry.at < options.freshForMs) return entry.figures;
    const figures = compute();
    kept.delete(key);
    kept.set(key, { at, figures });
    figures.catch(() => {
      if (kept.get(key)?.figures === figures) kept.delete(key);
    });
    // The oldest scope goes first: Map keeps insertion order, and a scope is inserted again when computed.
    for (const oldest of kept.keys()) {
      if (kept.size <= options.maxScopes) break;
      kept.delete(oldest);
    }
    return figures;
  };
}

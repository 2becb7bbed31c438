/**
 * Aggregate figures served again for a short while instead of being computed at every request.
 *
 * Some pages sum a whole organisation's records (the trainer dashboard, the analytics): thousands
 * of rows per request, whatever the indexes, where a list reads a page of them. Their figures are
 * kept per scope (an organisation) and variant (a period, a formation) for `freshForMs`, and
 * labelled with the time they were computed. Concurrent requests for the same figures share one
 * computation; a failed one is not kept, so the next request computes again. `forget(scope)` drops
 * a scope's figures, so that whoever changed it sees the change at once.
 *
 * Each server process keeps its own: the bound is one computation per figures per process. Who may
 * read a scope is checked before asking, at every request: the key is the scope, never the person.
 */
export function createRecentFigures<T>(options: { freshForMs: number; maxKept: number; now: () => Date }) {
  const kept = new Map<string, { scope: string; at: number; figures: Promise<T> }>();

  return {
    read(scope: string, variant: string, compute: () => Promise<T>): Promise<T> {
      const key = JSON.stringify([scope, variant]);
      const at = options.now().getTime();
      const entry = kept.get(key);
      // A clock set back (tests, a corrected server clock) makes an entry from the future: computed again.
      if (entry && at >= entry.at && at - entry.at < options.freshForMs) return entry.figures;
      const figures = compute();
      kept.delete(key);
      kept.set(key, { scope, at, figures });
      figures.catch(() => {
        if (kept.get(key)?.figures === figures) kept.delete(key);
      });
      // The oldest go first: Map keeps insertion order, and figures are inserted again when computed.
      for (const oldest of kept.keys()) {
        if (kept.size <= options.maxKept) break;
        kept.delete(oldest);
      }
      return figures;
    },

    forget(scope: string) {
      for (const [key, entry] of kept) if (entry.scope === scope) kept.delete(key);
    },
  };
}

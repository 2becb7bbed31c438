import type { Rolldown } from 'vite';

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/**
 * issue 12: whether a module is part of the first load, which the entry reaches through static
 * imports alone (dynamic imports load later). Computed once per chunking pass: the bundler hands
 * the same context to every call of a pass.
 */
export function createFirstLoadTest(entry: string): (moduleId: string, graph: ModuleGraph) => boolean {
  const reachedByPass = new WeakMap<ModuleGraph, Set<string>>();
  return (moduleId, graph) => {
    let reached = reachedByPass.get(graph);
    if (!reached) {
      reached = new Set();
      const pending = [entry];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
      }
      reachedByPass.set(graph, reached);
    }
    return reached.has(moduleId);
  };
}

import path from 'node:path';
import type { Rolldown } from 'vite';

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/**
 * Index modules that re-export many modules, of which an importer loads only those holding what it
 * names: lucide-react's index re-exports each of its icons from a module of its own, and
 * @cursus/contracts's each domain's values and schemas (build/pure-contracts.ts). Following all of
 * an index's imports would put every icon and schema in the first load.
 */
const INDEXES: Record<string, RegExp> = {
  'lucide-react': /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  '@cursus/contracts': /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/,
};
const RE_EXPORT = /\bexport\s*(?:\{([^}]*)\}|\*(?:\s*as\s+([\w$]+))?)\s*from\s*["']([^"']+)["']/g;

/** `A, B as C` (an import or export list): each entry's [name before `as`, name after it]. */
function specifiers(list: string): [string, string][] {
  return list.split(',').flatMap((entry): [string, string][] => {
    const [name, alias] = entry.trim().split(/\s+as\s+/);
    return name ? [[name, alias ?? name]] : [];
  });
}

/** The names a module imports from `specifier`, or undefined when it imports it otherwise, or not visibly. */
function namedImports(code: string, specifier: string): string[] | undefined {
  const quoted = `["']${specifier.replace(/[/@-]/g, '\\$&')}["']`;
  const named = [...code.matchAll(new RegExp(`\\bimport\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))];
  const all = code.match(new RegExp(`\\bfrom\\s*${quoted}`, 'g')) ?? [];
  if (named.length === 0 || named.length !== all.length) return undefined;
  return named.flatMap(([, list = '']) => specifiers(list).map(([name]) => name));
}

/** A re-exported namespace (`export * as messageRoutes from`): an importer may read a few of its members. */
const NAMESPACE = Symbol('namespace');
type Declaring = string | { [NAMESPACE]: string };

/**
 * The module that declares `name`, found through the re-exports (`export { a as b } from`,
 * `export * from`, `export * as name from`) of `moduleId`; `default` is the module itself. Undefined
 * when none declares it.
 */
function findDeclaring(moduleId: string, name: string, graph: ModuleGraph, depth = 0): Declaring | undefined {
  const module = graph.getModuleInfo(moduleId);
  if (!module || depth > 8) return undefined;
  for (const [, list, namespace, from = ''] of module.code?.matchAll(RE_EXPORT) ?? []) {
    const target = path.resolve(path.dirname(moduleId.replace(/\?.*$/, '')), from);
    if (namespace !== undefined) {
      if (namespace === name) return { [NAMESPACE]: target };
      continue;
    }
    if (list === undefined) {
      const exports = graph.getModuleInfo(target)?.exports ?? [];
      if (exports.includes(name) || exports.includes('*')) {
        const found = findDeclaring(target, name, graph, depth + 1);
        if (found) return found;
      }
      continue;
    }
    const exported = specifiers(list).find(([, alias]) => alias === name);
    if (exported)
      return exported[0] === 'default' ? target : findDeclaring(target, exported[0], graph, depth + 1);
  }
  return module.exports.includes(name) ? moduleId : undefined;
}

/**
 * The members `code` reads of the namespace it imports as `name` (`messageRoutes.unreadCount`), or
 * undefined when it uses the namespace otherwise (passes it whole, say).
 */
function readMembers(code: string, name: string): string[] | undefined {
  const body = code.replace(/\bimport\s*\{[^}]*\}\s*from\s*["'][^"']+["']/g, '');
  const uses = [
    ...body.matchAll(
      new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])(\\s*\\.\\s*([\\w$]+))?`, 'g'),
    ),
  ];
  if (uses.some(([, , member]) => member === undefined)) return undefined;
  return [...new Set(uses.map(([, , member = '']) => member))];
}

/**
 * The modules `importer` loads of an index: those declaring the names it imports, and of a namespace
 * only the members it reads; the whole index when it imports it in another way (a namespace, say) or
 * names something the search cannot find.
 */
function followIndex(importer: string, indexId: string, graph: ModuleGraph): string[] {
  const specifier = Object.keys(INDEXES).find((name) => INDEXES[name]?.test(indexId));
  const code = graph.getModuleInfo(importer)?.code ?? '';
  const names = specifier ? namedImports(code, specifier) : undefined;
  const declaring = names?.flatMap((name): (string | undefined)[] => {
    const found = findDeclaring(indexId, name, graph);
    if (typeof found !== 'object') return [found];
    const members = readMembers(code, name);
    if (!members) return [found[NAMESPACE]];
    return members.map((member) => {
      const declared = findDeclaring(found[NAMESPACE], member, graph);
      return typeof declared === 'string' ? declared : undefined;
    });
  });
  return declaring?.every((id) => id !== undefined) ? declaring : [indexId];
}

interface Walk {
  /** Stops the walk: it then reaches nothing. */
  isOutside?: (moduleId: string) => boolean;
  /** Reached, but what it imports is not followed. */
  isLeaf?: (moduleId: string) => boolean;
}

/**
 * The modules `entries` reach through static imports alone (dynamic imports load later), or
 * undefined as soon as one of them is outside.
 */
function reachStatically(
  entries: readonly string[],
  graph: ModuleGraph,
  { isOutside = () => false, isLeaf = () => false }: Walk = {},
): Set<string> | undefined {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    if (isOutside(id)) return undefined;
    reached.add(id);
    if (isLeaf(id)) continue;
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      const isIndex = Object.values(INDEXES).some((index) => index.test(imported));
      pending.push(...(isIndex ? followIndex(id, imported, graph) : [imported]));
    }
  }
  return reached;
}

/**
 * issue 12: whether a module is part of what the given modules load with them: the first load from
 * the entry, or a screen's load from the entry and its page. Computed once per chunking pass: the
 * bundler hands the same context to every call of a pass.
 */
export function createFirstLoadTest(
  entries: readonly string[],
): (moduleId: string, graph: ModuleGraph) => boolean {
  const reachedByPass = new WeakMap<ModuleGraph, Set<string>>();
  return (moduleId, graph) => {
    let reached = reachedByPass.get(graph);
    if (!reached) {
      reached = reachStatically(entries, graph) ?? new Set();
      reachedByPass.set(graph, reached);
    }
    return reached.has(moduleId);
  };
}

/**
 * Whether a module, with all it imports statically, uses no library but those `isAllowed` accepts
 * and no lazily loaded module (itself included): a chunk of such modules then imports no other
 * library's chunk, nor a chunk that could import it back.
 */
export function usesOnlyLibraries(
  moduleId: string,
  graph: ModuleGraph,
  isAllowed: (libraryModuleId: string) => boolean,
): boolean {
  const isOutside = (id: string) =>
    (/[\\/]node_modules[\\/]/.test(id) && !isAllowed(id)) ||
    (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  return reachStatically([moduleId], graph, { isOutside, isLeaf: isAllowed }) !== undefined;
}

import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { createFirstLoadTest } from './first-load';

/** A module graph: each module's static and dynamic imports. */
function graph(modules: Record<string, { imports?: string[]; dynamicImports?: string[] }>) {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    getModuleInfo(id: string) {
      reads += 1;
      const module = modules[id];
      return module
        ? ({
            importedIds: module.imports ?? [],
            dynamicallyImportedIds: module.dynamicImports ?? [],
          } as unknown as Rolldown.ModuleInfo)
        : null;
    },
  };
}

describe('first load', () => {
  const modules = graph({
    main: { imports: ['react', 'router'], dynamicImports: ['page'] },
    router: { imports: ['react'] },
    page: { imports: ['query-infinite', 'react'] },
  });

  it('holds what the entry imports statically, directly or not', () => {
    const isInFirstLoad = createFirstLoadTest('main');
    expect(['main', 'react', 'router'].map((id) => isInFirstLoad(id, modules))).toEqual([true, true, true]);
  });

  it('leaves out what only a lazily loaded module imports', () => {
    const isInFirstLoad = createFirstLoadTest('main');
    expect(isInFirstLoad('page', modules)).toBe(false);
    expect(isInFirstLoad('query-infinite', modules)).toBe(false);
  });

  it('walks the graph once per chunking pass', () => {
    const isInFirstLoad = createFirstLoadTest('main');
    isInFirstLoad('react', modules);
    const reads = modules.reads;
    isInFirstLoad('page', modules);
    expect(modules.reads).toBe(reads);
  });
});

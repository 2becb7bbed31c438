import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { createFirstLoadTest, usesOnlyLibraries } from './first-load';

interface TestModule {
  imports?: string[];
  dynamicImports?: string[];
  dynamicImporters?: string[];
  code?: string;
  exports?: string[];
}

/** A module graph: each module's static and dynamic imports. */
function graph(modules: Record<string, TestModule>) {
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
            dynamicImporters: module.dynamicImporters ?? [],
            code: module.code ?? '',
            exports: module.exports ?? [],
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
    const isInFirstLoad = createFirstLoadTest(['main']);
    expect(['main', 'react', 'router'].map((id) => isInFirstLoad(id, modules))).toEqual([true, true, true]);
  });

  it('leaves out what only a lazily loaded module imports', () => {
    const isInFirstLoad = createFirstLoadTest(['main']);
    expect(isInFirstLoad('page', modules)).toBe(false);
    expect(isInFirstLoad('query-infinite', modules)).toBe(false);
  });

  it('walks the graph once per chunking pass', () => {
    const isInFirstLoad = createFirstLoadTest(['main']);
    isInFirstLoad('react', modules);
    const reads = modules.reads;
    isInFirstLoad('page', modules);
    expect(modules.reads).toBe(reads);
  });

  it('takes from lucide-react only the icons a module names', () => {
    const index = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';
    const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
    const lucide = graph({
      main: { imports: ['page', index] },
      page: { imports: [index], code: 'import { X, Award as Medal } from "lucide-react";' },
      [index]: {
        imports: [icon('x'), icon('award'), icon('bell')],
        code: [
          "export { default as X, default as XIcon } from './icons/x.mjs';",
          "export { default as Award, default as LucideAward } from './icons/award.mjs';",
          "export { default as Bell } from './icons/bell.mjs';",
        ].join('\n'),
      },
    });
    const isInPageLoad = createFirstLoadTest(['page']);
    expect([icon('x'), icon('award'), icon('bell')].map((id) => isInPageLoad(id, lucide))).toEqual([
      true,
      true,
      false,
    ]);
    // main names nothing: it loads the whole index, as a namespace import would.
    const isInFirstLoad = createFirstLoadTest(['main']);
    expect(isInFirstLoad(icon('bell'), lucide)).toBe(true);
  });

  it('takes from @cursus/contracts only the parts that declare what a module names', () => {
    const index = '/repo/packages/contracts/src/index.ts';
    const roles = '/repo/packages/contracts/src/roles.ts';
    const contracts = graph({
      page: { imports: [index], code: 'import { ROLES } from "@cursus/contracts";' },
      [index]: { imports: [roles], code: 'export * from "./roles.ts";', exports: ['*'] },
      [roles]: {
        imports: [`${roles}?contracts-values`, `${roles}?contracts-schema=RoleSchema`],
        code: [
          "export { ROLES } from './roles.ts?contracts-values';",
          "export { RoleSchema } from './roles.ts?contracts-schema=RoleSchema';",
        ].join('\n'),
        exports: ['ROLES', 'RoleSchema'],
      },
      [`${roles}?contracts-values`]: { exports: ['ROLES'] },
      [`${roles}?contracts-schema=RoleSchema`]: { imports: ['zod'], exports: ['RoleSchema'] },
    });
    const isInPageLoad = createFirstLoadTest(['page']);
    expect(isInPageLoad(`${roles}?contracts-values`, contracts)).toBe(true);
    expect(isInPageLoad(`${roles}?contracts-schema=RoleSchema`, contracts)).toBe(false);
    expect(isInPageLoad('zod', contracts)).toBe(false);
  });

  it('takes of a contracts route table only the routes a module reads, or all when it passes the table', () => {
    const index = '/repo/packages/contracts/src/index.ts';
    const messages = '/repo/packages/contracts/src/messages.ts';
    const table = `${messages}?contracts-routes=messageRoutes`;
    const route = (name: string) => `${messages}?contracts-route=messageRoutes.${name}`;
    const contracts = graph({
      badge: {
        imports: [index],
        code: 'import { messageRoutes } from "@cursus/contracts";\ncallApi(messageRoutes.unreadCount);',
      },
      page: {
        imports: [index],
        code: 'import { messageRoutes } from "@cursus/contracts";\nlist(messageRoutes);',
      },
      [index]: { imports: [messages], code: 'export * from "./messages.ts";', exports: ['*'] },
      [messages]: {
        imports: [table],
        code: "export * as messageRoutes from './messages.ts?contracts-routes=messageRoutes';",
        exports: ['messageRoutes'],
      },
      [table]: {
        imports: [route('unreadCount'), route('send')],
        code: [
          "export { default as unreadCount } from './messages.ts?contracts-route=messageRoutes.unreadCount';",
          "export { default as send } from './messages.ts?contracts-route=messageRoutes.send';",
        ].join('\n'),
        exports: ['unreadCount', 'send'],
      },
      [route('unreadCount')]: { exports: ['default'] },
      [route('send')]: { exports: ['default'] },
    });
    const isInBadgeLoad = createFirstLoadTest(['badge']);
    expect(isInBadgeLoad(route('unreadCount'), contracts)).toBe(true);
    expect(isInBadgeLoad(route('send'), contracts)).toBe(false);
    expect(createFirstLoadTest(['page'])(route('send'), contracts)).toBe(true);
  });
});

describe('modules that use only some libraries', () => {
  const modules = graph({
    card: { imports: ['/n/node_modules/react/index.js'] },
    chart: { imports: ['card', '/n/node_modules/recharts/index.js'] },
    editor: { dynamicImporters: ['page'] },
    toolbar: { imports: ['card', 'editor'] },
  });
  const isReact = (id: string) => id.includes('/node_modules/react/');

  it('accepts a module whose imports stay within the allowed libraries', () => {
    expect(usesOnlyLibraries('card', modules, isReact)).toBe(true);
  });

  it('refuses one that reaches another library, or a lazily loaded module', () => {
    expect(usesOnlyLibraries('chart', modules, isReact)).toBe(false);
    expect(usesOnlyLibraries('toolbar', modules, isReact)).toBe(false);
    expect(usesOnlyLibraries('editor', modules, isReact)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { findContractsParts, splitContractsModule } from './pure-contracts';

const OTHER_MODULE = `import { z } from 'zod';
export const OTHER = { student: '/s' } as const;
export const PageSchema = z.object({ page: z.number() });
export const otherRoutes = { get: { path: '/o', response: PageSchema } } as const satisfies Record<string, unknown>;
export type Page = z.infer<typeof PageSchema>;
`;

const ROLES_MODULE = `import { z } from 'zod';
import { OTHER, PageSchema, otherRoutes } from './other.ts';
export const ROLES = ['student', 'trainer'];
export const RoleSchema = z.enum(ROLES);
const helper = (max) => z.string().max(max);
const LIMIT = 3;
export const NameSchema = helper(LIMIT).optional();
export const ListQuerySchema = PageSchema.extend({});
export function homeOf(role) { return OTHER[role]; }
export const roleRoutes = { names: { path: '/x', body: NameSchema }, list: { path: '/y', query: ListQuerySchema, other: otherRoutes.get } };
`;

describe('splitContractsModule (issue 12)', () => {
  const findPart = findContractsParts(
    new Map([
      ['roles.ts', ROLES_MODULE],
      ['other.ts', OTHER_MODULE],
    ]),
  );
  const split = splitContractsModule(ROLES_MODULE, '/repo/packages/contracts/src/roles.ts', findPart);
  const part = (query: string) => split?.parts.get(query) ?? '';

  it('keeps what does not reach zod in a part without zod', () => {
    expect(part('?contracts-values')).not.toContain('zod');
    expect(part('?contracts-values')).toContain("export const ROLES = ['student', 'trainer'];");
    expect(part('?contracts-values')).toContain('export function homeOf(role)');
    // Kept to the module, yet needed by a schema: exported to the schemas.
    expect(part('?contracts-values')).toContain('export { LIMIT };');
    expect(part('?contracts-values')).toContain("import { OTHER } from './other.ts?contracts-values';");
  });

  it('gives each schema a module of its own, with its calls marked pure and only what it uses', () => {
    expect(part('?contracts-schema=RoleSchema')).toBe(
      [
        "import { z } from 'zod';",
        "import { ROLES } from './roles.ts?contracts-values';",
        'export const RoleSchema = /*#__PURE__*/ z.enum(ROLES);',
      ].join('\n'),
    );
    expect(part('?contracts-schema=helper')).toContain('export { helper };');
    expect(part('?contracts-schema=NameSchema')).toContain(
      "import { helper } from './roles.ts?contracts-schema=helper';",
    );
    expect(part('?contracts-schema=NameSchema')).not.toContain('RoleSchema');
  });

  it("counts as a schema what another module's schema builds, and imports it from that schema's module", () => {
    expect(part('?contracts-values')).not.toContain('ListQuerySchema');
    expect(part('?contracts-schema=ListQuerySchema')).toBe(
      [
        "import { PageSchema } from './other.ts?contracts-schema=PageSchema';",
        'export const ListQuerySchema = /*#__PURE__*/ PageSchema.extend({});',
      ].join('\n'),
    );
  });

  it('makes a route table a namespace of one module per route, which loads that route schemas only', () => {
    expect(part('?contracts-routes=roleRoutes')).toBe(
      [
        "export { default as names } from './roles.ts?contracts-route=roleRoutes.names';",
        "export { default as list } from './roles.ts?contracts-route=roleRoutes.list';",
      ].join('\n'),
    );
    expect(part('?contracts-route=roleRoutes.names')).toBe(
      [
        "import { NameSchema } from './roles.ts?contracts-schema=NameSchema';",
        "export default { path: '/x', body: NameSchema };",
      ].join('\n'),
    );
    expect(part('?contracts-route=roleRoutes.list')).toContain(
      "import * as otherRoutes from './other.ts?contracts-routes=otherRoutes';",
    );
  });

  it('re-exports exactly what the module exported', () => {
    expect(split?.facade).toBe(
      [
        "export { ROLES, homeOf } from './roles.ts?contracts-values';",
        "export { RoleSchema } from './roles.ts?contracts-schema=RoleSchema';",
        "export { NameSchema } from './roles.ts?contracts-schema=NameSchema';",
        "export { ListQuerySchema } from './roles.ts?contracts-schema=ListQuerySchema';",
        "export * as roleRoutes from './roles.ts?contracts-routes=roleRoutes';",
      ].join('\n'),
    );
  });

  it('leaves alone a module that does something at its top level, or has nothing to split', () => {
    expect(splitContractsModule(`${ROLES_MODULE}registry.add(RoleSchema);\n`, '/x/roles.ts')).toBeNull();
    expect(splitContractsModule("export * from './roles.ts';\n", '/x/index.ts')).toBeNull();
    expect(splitContractsModule('export const A = 1;\n', '/x/a.ts')).toBeNull();
  });
});

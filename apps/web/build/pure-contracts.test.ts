import { describe, expect, it } from 'vitest';
import { splitContractsModule } from './pure-contracts';

const ROLES_MODULE = `import { z } from 'zod';
import { OTHER } from './other.ts';
export const ROLES = ['student', 'trainer'];
export const RoleSchema = z.enum(ROLES);
const helper = (max) => z.string().max(max);
const LIMIT = 3;
export const NameSchema = helper(LIMIT).optional();
export function homeOf(role) { return OTHER[role]; }
export const ROUTES = { names: { path: '/x', body: NameSchema } };
`;

describe('splitContractsModule (issue 12)', () => {
  const split = splitContractsModule(ROLES_MODULE, '/repo/packages/contracts/src/roles.ts');

  it('keeps what does not reach zod in a part without zod', () => {
    expect(split?.values).not.toContain('zod');
    expect(split?.values).toContain("export const ROLES = ['student', 'trainer'];");
    expect(split?.values).toContain('export function homeOf(role)');
    // Kept to the module, yet needed by a schema: exported to the other part.
    expect(split?.values).toContain('export { LIMIT };');
  });

  it('moves every declaration that reaches zod, directly or not, with its calls marked pure', () => {
    expect(split?.schemas).toContain("import { z } from 'zod';");
    expect(split?.schemas).toContain("import { ROLES, LIMIT, homeOf } from './roles.ts?contracts-values';");
    expect(split?.schemas).toContain('export const RoleSchema = /*#__PURE__*/ z.enum(ROLES);');
    expect(split?.schemas).toContain('const helper = (max) => z.string().max(max);');
    expect(split?.schemas).toContain('/*#__PURE__*/ /*#__PURE__*/ helper(LIMIT).optional()');
    expect(split?.schemas).toContain('export const ROUTES');
  });

  it('re-exports exactly what the module exported', () => {
    expect(split?.facade).toBe(
      [
        "export { ROLES, homeOf } from './roles.ts?contracts-values';",
        "export { RoleSchema, NameSchema, ROUTES } from './roles.ts?contracts-schemas';",
      ].join('\n'),
    );
  });

  it('leaves alone a module that does something at its top level, or has nothing to split', () => {
    expect(splitContractsModule(`${ROLES_MODULE}registry.add(RoleSchema);\n`, '/x/roles.ts')).toBeNull();
    expect(splitContractsModule("export * from './roles.ts';\n", '/x/index.ts')).toBeNull();
    expect(splitContractsModule('export const A = 1;\n', '/x/a.ts')).toBeNull();
  });
});

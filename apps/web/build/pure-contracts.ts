/**
 * issue 12: keeps zod out of the screens that only need the constants of @cursus/contracts.
 *
 * A contracts module defines its constants and its zod schemas side by side (roles.ts: `ROLES` and
 * `RoleSchema`). The bundler places a module in one chunk whole, so once a lazy screen used
 * `RoleSchema`, the first load, which reads `ROLES`, carried the schema and all of zod with it. For
 * the web build only, each contracts module is therefore cut in two:
 * - its values: every top-level declaration that does not reach zod, directly or through another
 *   declaration of the module;
 * - its schemas: the rest, which import the values they use from the first part;
 * and the module itself re-exports both. Nothing is rewritten, only moved, and a module with anything
 * but imports and declarations at its top level is left as it is. The schema part's calls are marked
 * `#__PURE__` (they build schemas and register nothing), so a schema no screen reads is dropped.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';

const CONTRACTS_SOURCE = /\/packages\/contracts\/src\/[\w-]+\.ts$/;
const VALUES = '?contracts-values';
const SCHEMAS = '?contracts-schemas';
const PURE = '/*#__PURE__*/ ';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  return Object.entries(node)
    .filter(([key]) => key !== 'type' && key !== 'start' && key !== 'end')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter(isNode);
}

/** Every identifier in `node`, property names included: too many only ever keeps more together. */
function identifiers(node: Node, into = new Set<string>()): Set<string> {
  if (node.type === 'Identifier') into.add(node.name as string);
  for (const child of children(node)) identifiers(child, into);
  return into;
}

/** The start of every call and `new` in `node`, outside function bodies (which run when called). */
function callStarts(node: Node, into: number[]): number[] {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return into;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') into.push(node.start);
  for (const child of children(node)) callStarts(child, into);
  return into;
}

interface Declaration {
  /** The statement's source, `export` keyword included. */
  source: string;
  names: string[];
  exported: boolean;
  refs: Set<string>;
  /** Where its top-level calls start, relative to `source`. */
  calls: number[];
}

/** The module's top-level declarations, or null when it holds anything else but imports. */
function readDeclarations(code: string): { imports: Node[]; declarations: Declaration[] } | null {
  const imports: Node[] = [];
  const declarations: Declaration[] = [];
  for (const statement of parseAst(code).body as unknown as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      imports.push(statement);
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? statement.declaration : statement;
    if (!isNode(declaration)) return null;
    let names: string[];
    let calls: number[] = [];
    if (declaration.type === 'VariableDeclaration') {
      const declarators = declaration.declarations as Node[];
      if (!declarators.every((declarator) => isNode(declarator.id) && declarator.id.type === 'Identifier'))
        return null;
      names = declarators.map((declarator) => (declarator.id as Node).name as string);
      calls = declarators.flatMap((declarator) =>
        isNode(declarator.init) ? callStarts(declarator.init, []) : [],
      );
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      if (!isNode(declaration.id)) return null;
      names = [declaration.id.name as string];
    } else {
      return null;
    }
    declarations.push({
      source: code.slice(statement.start, statement.end),
      names,
      exported,
      refs: identifiers(declaration),
      calls: calls.map((start) => start - statement.start),
    });
  }
  return { imports, declarations };
}

function markPure({ source, calls }: Declaration): string {
  let marked = source;
  for (const start of [...calls].sort((left, right) => right - left)) {
    marked = `${marked.slice(0, start)}${PURE}${marked.slice(start)}`;
  }
  return marked;
}

export interface SplitModule {
  facade: string;
  values: string;
  schemas: string;
}

/** The three modules `id` becomes, or null when it has nothing to split. */
export function splitContractsModule(code: string, id: string): SplitModule | null {
  const module = readDeclarations(code);
  if (!module) return null;
  const zod = module.imports.filter((node) => (node.source as Node).value === 'zod');
  const tainted = new Set(
    zod.flatMap((node) =>
      (node.specifiers as Node[]).map((specifier) => (specifier.local as Node).name as string),
    ),
  );
  let grew = true;
  while (grew) {
    grew = false;
    for (const declaration of module.declarations) {
      if (declaration.names.some((name) => tainted.has(name))) continue;
      if ([...declaration.refs].some((name) => tainted.has(name))) {
        for (const name of declaration.names) tainted.add(name);
        grew = true;
      }
    }
  }
  const isSchema = (declaration: Declaration) => declaration.names.some((name) => tainted.has(name));
  const values = module.declarations.filter((declaration) => !isSchema(declaration));
  const schemas = module.declarations.filter(isSchema);
  if (values.length === 0 || schemas.length === 0) return null;

  const file = path.basename(id);
  const otherImports = module.imports
    .filter((node) => !zod.includes(node))
    .map((node) => code.slice(node.start, node.end));
  const valueNames = values.flatMap((declaration) => declaration.names);
  const localValueNames = values.filter((declaration) => !declaration.exported).flatMap((d) => d.names);
  const exportedNames = (part: Declaration[]) =>
    part.filter((declaration) => declaration.exported).flatMap((declaration) => declaration.names);
  return {
    facade: [
      `export { ${exportedNames(values).join(', ')} } from './${file}${VALUES}';`,
      `export { ${exportedNames(schemas).join(', ')} } from './${file}${SCHEMAS}';`,
    ].join('\n'),
    values: [
      ...otherImports,
      ...values.map((declaration) => declaration.source),
      // The schema part may use a value the module keeps to itself.
      ...(localValueNames.length > 0 ? [`export { ${localValueNames.join(', ')} };`] : []),
    ].join('\n'),
    schemas: [
      ...module.imports.map((node) => code.slice(node.start, node.end)),
      `import { ${valueNames.join(', ')} } from './${file}${VALUES}';`,
      ...schemas.map(markPure),
    ].join('\n'),
  };
}

export function pureContracts(): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'cursus:pure-contracts',
    apply: 'build',
    resolveId: {
      filter: { id: /\?contracts-(values|schemas)$/ },
      handler(source, importer) {
        if (!importer) return null;
        return path.resolve(path.dirname(importer.replace(/\?.*$/, '')), source);
      },
    },
    load: {
      filter: { id: /\?contracts-(values|schemas)$/ },
      handler(id) {
        return parts.get(id) ?? null;
      },
    },
    transform: {
      filter: { id: CONTRACTS_SOURCE },
      handler(code, id) {
        const split = splitContractsModule(code, id);
        if (!split) return null;
        parts.set(`${id}${VALUES}`, split.values);
        parts.set(`${id}${SCHEMAS}`, split.schemas);
        return { code: split.facade, map: null };
      },
    },
  };
}

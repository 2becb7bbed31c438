/**
 * issue 12: keeps zod out of the screens that only need the constants of @cursus/contracts, and
 * builds on a screen's load only the schemas that screen reads.
 *
 * A contracts module defines its constants and its zod schemas side by side (roles.ts: `ROLES` and
 * `RoleSchema`). The bundler places a module in one chunk whole, and evaluates it whole: once a lazy
 * screen used `RoleSchema`, the first load, which reads `ROLES`, carried the schema and all of zod
 * with it; and a frame reading one route of `messageRoutes` built every messages schema any page
 * reads (zod 4 builds a schema slowly: about 230 ms of Mon Suivi's first load at 4x CPU slowdown).
 * For the web build only, each contracts module is therefore cut up:
 * - its values: every top-level declaration that does not reach zod, directly, through another
 *   declaration of the module or through another contracts module's schema;
 * - each other declaration, a module of its own, importing what it uses;
 * - each route table (`export const xRoutes = { name: {...} }`), a namespace of one module per route,
 *   so that `messageRoutes.unreadCount` reaches that route's schemas only;
 * and the module itself re-exports them all. Nothing is rewritten, only moved, and a module with
 * anything but imports and declarations at its top level is left as it is. The schema parts' calls
 * are marked `#__PURE__` (they build schemas and register nothing), so a schema no screen reads is
 * dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';

const CONTRACTS_SOURCE = /\/packages\/contracts\/src\/[\w-]+\.ts$/;
const PART = /\?contracts-(values|schema=[\w$]+|routes=[\w$]+|route=[\w$]+\.[\w$]+)$/;
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

/** A piece of source with what it references and where its top-level calls start, relative to it. */
interface Code {
  source: string;
  refs: Set<string>;
  calls: number[];
}

function readCode(code: string, node: Node): Code {
  return {
    source: code.slice(node.start, node.end),
    refs: identifiers(node),
    calls: callStarts(node, []).map((start) => start - node.start),
  };
}

/** `source` is the whole statement's, `export` keyword included. */
interface Declaration extends Code {
  names: string[];
  exported: boolean;
  /** A route table's routes: an object literal of named entries, each a module of its own. */
  routes?: { name: string; value: Code }[];
}

/** `{ name: value, ... }` with plain names only: what a route table looks like. */
function readRoutes(code: string, node: Node): Declaration['routes'] {
  let init = node;
  // The TypeScript source's `{...} as const satisfies ...`, read before the build strips it.
  while ((init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') && isNode(init.expression))
    init = init.expression;
  if (init.type !== 'ObjectExpression') return undefined;
  const properties = init.properties as Node[];
  const isPlain = (property: Node) =>
    property.type === 'Property' &&
    property.kind === 'init' &&
    !property.computed &&
    !property.method &&
    !property.shorthand &&
    isNode(property.key) &&
    property.key.type === 'Identifier';
  if (properties.length === 0 || !properties.every(isPlain)) return undefined;
  return properties.map((property) => ({
    name: (property.key as Node).name as string,
    value: readCode(code, property.value as Node),
  }));
}

/** Type-only statements of the TypeScript source (the build hands over JavaScript, without them). */
function isTypeOnly(statement: Node): boolean {
  if (statement.type.startsWith('TS')) return true;
  if (statement.exportKind === 'type' || statement.importKind === 'type') return true;
  return isNode(statement.declaration) && statement.declaration.type.startsWith('TS');
}

interface ContractsModule {
  imports: Node[];
  declarations: Declaration[];
}

/** The module's top-level declarations, or null when it holds anything else but imports. */
function readModule(code: string, lang: 'js' | 'ts' = 'js'): ContractsModule | null {
  const imports: Node[] = [];
  const declarations: Declaration[] = [];
  for (const statement of parseAst(code, { lang }).body as unknown as Node[]) {
    if (lang === 'ts' && isTypeOnly(statement)) continue;
    if (statement.type === 'ImportDeclaration') {
      imports.push(statement);
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? statement.declaration : statement;
    if (!isNode(declaration)) return null;
    let names: string[];
    let calls: number[] = [];
    let routes: Declaration['routes'];
    if (declaration.type === 'VariableDeclaration') {
      const declarators = declaration.declarations as Node[];
      if (!declarators.every((declarator) => isNode(declarator.id) && declarator.id.type === 'Identifier'))
        return null;
      names = declarators.map((declarator) => (declarator.id as Node).name as string);
      calls = declarators.flatMap((declarator) =>
        isNode(declarator.init) ? callStarts(declarator.init, []) : [],
      );
      const [only] = declarators;
      if (exported && declarators.length === 1 && only && isNode(only.init))
        routes = readRoutes(code, only.init);
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
      routes,
    });
  }
  return { imports, declarations };
}

const VALUES = '?contracts-values';

/**
 * The part of the contracts module `source` ('./files.ts') that declares `name` (`?contracts-values`,
 * `?contracts-schema=Name`, `?contracts-routes=name`), or undefined when that module is not cut up.
 */
export type FindPart = (source: string, name: string) => string | undefined;

function importedName(specifier: Node): string {
  const imported = specifier.imported as Node;
  return (imported.name ?? imported.value) as string;
}

/** The names of the module's declarations that reach zod, directly or not. */
function findSchemaNames(module: ContractsModule, findPart: FindPart): Set<string> {
  const tainted = new Set(
    module.imports.flatMap((node) => {
      const source = (node.source as Node).value as string;
      return (node.specifiers as Node[])
        .filter(
          (specifier) =>
            source === 'zod' ||
            (specifier.type === 'ImportSpecifier' &&
              (findPart(source, importedName(specifier)) ?? VALUES) !== VALUES),
        )
        .map((specifier) => (specifier.local as Node).name as string);
    }),
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
  return tainted;
}

/** Which part of the module holds each exported name, or null when the module is not cut up. */
function mapParts(module: ContractsModule, tainted: Set<string>): Map<string, string> | null {
  const schemas = module.declarations.filter((declaration) => declaration.names.some((n) => tainted.has(n)));
  const values = module.declarations.length - schemas.length;
  if (schemas.length === 0 || (values === 0 && schemas.length === 1 && !schemas[0]?.routes)) return null;
  return new Map(
    module.declarations
      .filter((declaration) => declaration.exported)
      .flatMap((declaration) => {
        const [first] = declaration.names;
        const part = !schemas.includes(declaration)
          ? VALUES
          : declaration.routes
            ? `?contracts-routes=${first}`
            : `?contracts-schema=${first}`;
        return declaration.names.map((name): [string, string] => [name, part]);
      }),
  );
}

/**
 * For each contracts module (by file name), the part holding each of its exported names. Read from
 * all of them at once, as a schema may be built without naming zod: `PaginationQuerySchema.extend()`.
 */
export function findContractsParts(sources: Map<string, string>): FindPart {
  const modules = new Map<string, ContractsModule>();
  for (const [file, code] of sources) {
    const module = readModule(code, 'ts');
    if (module) modules.set(file, module);
  }
  const parts = new Map<string, Map<string, string> | null>();
  const findPart: FindPart = (source, name) => parts.get(path.basename(source))?.get(name);
  const schemaCount = (file: string) =>
    [...(parts.get(file)?.values() ?? [])].filter((part) => part !== VALUES).length;
  let grew = true;
  while (grew) {
    grew = false;
    for (const [file, module] of modules) {
      const before = schemaCount(file);
      parts.set(file, mapParts(module, findSchemaNames(module, findPart)));
      if (schemaCount(file) !== before) grew = true;
    }
  }
  return findPart;
}

function markPure({ source, calls }: Code): string {
  let marked = source;
  for (const start of [...calls].sort((left, right) => right - left)) {
    marked = `${marked.slice(0, start)}${PURE}${marked.slice(start)}`;
  }
  return marked;
}

/**
 * `import` statements for what `refs` names of the module's own imports; what comes from another
 * contracts module is imported from the part declaring it, so a part loads no other of that module.
 */
function keptImports(code: string, imports: Node[], refs: Set<string>, findPart: FindPart): string[] {
  return imports.flatMap((node) => {
    const used = (node.specifiers as Node[]).filter((specifier) =>
      refs.has((specifier.local as Node).name as string),
    );
    if (used.length === 0) return [];
    const source = (node.source as Node).value as string;
    const from = code.slice((node.source as Node).start, (node.source as Node).end);
    const local = (specifier: Node) => (specifier.local as Node).name as string;
    const namespace = used.find((specifier) => specifier.type === 'ImportNamespaceSpecifier');
    if (namespace) return [`import * as ${local(namespace)} from ${from};`];
    const byPart = new Map<string, string[]>();
    const statements: string[] = [];
    for (const specifier of used) {
      const part =
        specifier.type === 'ImportSpecifier' ? findPart(source, importedName(specifier)) : undefined;
      const text = code.slice(specifier.start, specifier.end);
      if (part?.startsWith('?contracts-routes='))
        statements.push(`import * as ${local(specifier)} from '${source}${part}';`);
      else if (part) byPart.set(`'${source}${part}'`, [...(byPart.get(`'${source}${part}'`) ?? []), text]);
      else if (specifier.type === 'ImportDefaultSpecifier') statements.push(`import ${text} from ${from};`);
      else byPart.set(from, [...(byPart.get(from) ?? []), text]);
    }
    return [
      ...statements,
      ...[...byPart].map(([target, list]) => `import { ${list.join(', ')} } from ${target};`),
    ];
  });
}

export interface SplitModule {
  facade: string;
  /** Each part's code by the query that names it (`?contracts-values`, `?contracts-schema=Name`...). */
  parts: Map<string, string>;
}

/** The modules `id` becomes, or null when it has nothing to split. */
export function splitContractsModule(
  code: string,
  id: string,
  findPart: FindPart = () => undefined,
): SplitModule | null {
  const module = readModule(code);
  if (!module) return null;
  const tainted = findSchemaNames(module, findPart);
  const isSchema = (declaration: Declaration) => declaration.names.some((name) => tainted.has(name));
  const values = module.declarations.filter((declaration) => !isSchema(declaration));
  const schemas = module.declarations.filter(isSchema);
  if (schemas.length === 0 || (values.length === 0 && schemas.length === 1 && !schemas[0]?.routes))
    return null;

  const file = `./${path.basename(id)}`;
  const valuesQuery = VALUES;
  const valueNames = new Set(values.flatMap((declaration) => declaration.names));
  /** Each schema declaration's module, by every name it declares. */
  const queryOf = new Map(
    schemas.flatMap((declaration) => {
      const [first] = declaration.names;
      const query = declaration.routes ? `?contracts-routes=${first}` : `?contracts-schema=${first}`;
      return declaration.names.map((name): [string, string] => [name, query]);
    }),
  );
  const isTable = new Set(schemas.filter((declaration) => declaration.routes).flatMap((d) => d.names));

  /** What a part imports: the module's own imports, its values and its other schemas it names. */
  const importsOf = (refs: Set<string>, own: readonly string[]) => {
    const fromParts = new Map<string, string[]>();
    for (const name of refs) {
      if (own.includes(name)) continue;
      const query = valueNames.has(name) ? valuesQuery : queryOf.get(name);
      if (query && !isTable.has(name)) fromParts.set(query, [...(fromParts.get(query) ?? []), name]);
    }
    return [
      ...keptImports(code, module.imports, refs, findPart),
      ...[...fromParts].map(([query, names]) => `import { ${names.join(', ')} } from '${file}${query}';`),
      ...[...refs]
        .filter((name) => isTable.has(name) && !own.includes(name))
        .map((name) => `import * as ${name} from '${file}${queryOf.get(name)}';`),
    ];
  };

  const parts = new Map<string, string>();
  if (values.length > 0) {
    // A schema part may use a value the module keeps to itself.
    const local = values.filter((declaration) => !declaration.exported).flatMap((d) => d.names);
    parts.set(
      valuesQuery,
      [
        ...keptImports(
          code,
          module.imports,
          new Set(values.flatMap((declaration) => [...declaration.refs])),
          findPart,
        ),
        ...values.map((declaration) => declaration.source),
        ...(local.length > 0 ? [`export { ${local.join(', ')} };`] : []),
      ].join('\n'),
    );
  }
  const facade: string[] = [];
  const exportedValues = values.filter((declaration) => declaration.exported).flatMap((d) => d.names);
  if (exportedValues.length > 0)
    facade.push(`export { ${exportedValues.join(', ')} } from '${file}${valuesQuery}';`);
  for (const declaration of schemas) {
    const [first = ''] = declaration.names;
    const query = queryOf.get(first) ?? '';
    if (declaration.routes) {
      const routeQuery = (route: string) => `?contracts-route=${first}.${route}`;
      for (const route of declaration.routes) {
        parts.set(
          routeQuery(route.name),
          [...importsOf(route.value.refs, []), `export default ${markPure(route.value)};`].join('\n'),
        );
      }
      parts.set(
        query,
        declaration.routes
          .map((route) => `export { default as ${route.name} } from '${file}${routeQuery(route.name)}';`)
          .join('\n'),
      );
      facade.push(`export * as ${first} from '${file}${query}';`);
      continue;
    }
    parts.set(
      query,
      [
        ...importsOf(declaration.refs, declaration.names),
        markPure(declaration),
        ...(declaration.exported ? [] : [`export { ${declaration.names.join(', ')} };`]),
      ].join('\n'),
    );
    if (declaration.exported)
      facade.push(`export { ${declaration.names.join(', ')} } from '${file}${query}';`);
  }
  return { facade: facade.join('\n'), parts };
}

export function pureContracts(): Plugin {
  const parts = new Map<string, string>();
  let findPart: FindPart = () => undefined;
  return {
    name: 'cursus:pure-contracts',
    apply: 'build',
    buildStart() {
      const folder = fileURLToPath(new URL('../../../packages/contracts/src', import.meta.url));
      const files = readdirSync(folder).filter((name) =>
        CONTRACTS_SOURCE.test(`/packages/contracts/src/${name}`),
      );
      findPart = findContractsParts(
        new Map(files.map((name) => [name, readFileSync(path.join(folder, name), 'utf8')])),
      );
    },
    resolveId: {
      filter: { id: PART },
      handler(source, importer) {
        if (!importer) return null;
        return path.resolve(path.dirname(importer.replace(/\?.*$/, '')), source);
      },
    },
    load: {
      filter: { id: PART },
      async handler(id) {
        // A part of another module may be imported before that module itself is cut up.
        if (!parts.has(id)) await this.load({ id: id.replace(/\?.*$/, '') });
        return parts.get(id) ?? null;
      },
    },
    transform: {
      filter: { id: CONTRACTS_SOURCE },
      handler(code, id) {
        const split = splitContractsModule(code, id, findPart);
        if (!split) return null;
        for (const [query, part] of split.parts) parts.set(`${id}${query}`, part);
        return { code: split.facade, map: null };
      },
    },
  };
}

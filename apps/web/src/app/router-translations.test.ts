import { describe, expect, it } from 'vitest';
import { START_NAMESPACES } from '@/lib/i18n';
import { resources } from '@/locales/resources';

/**
 * Each route loads the translation namespaces its screens read with its code (router.tsx), so a
 * page never renders a raw key. These checks read the sources: every namespace a route module (with
 * everything it imports) names must be loaded at start, or listed on that route.
 */
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const NAMESPACES = new Set(Object.keys(resources.fr));
const START = new Set<string>(START_NAMESPACES);
const ROUTER = '/src/app/router.tsx';

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = new URL(specifier, `file://${from}`).pathname;
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => candidate in SOURCES,
  );
}

function read(file: string): string {
  const text = SOURCES[file];
  if (text === undefined) throw new Error(`no source ${file}`);
  return text;
}

/** The files a module imports for their values (type-only imports bring no text). */
function staticImports(file: string): string[] {
  const imports = read(file).matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gms);
  return [...imports].flatMap(([, specifier = '']) => resolve(file, specifier) ?? []);
}

/** Namespaces a file names: useTranslation('x'), useTranslation(['x', 'y']), 'x:key', getFixedT(null, 'x'). */
function namespacesNamed(file: string): string[] {
  // Comments name keys to explain them (`navigation:screens.<key>`) without reading them.
  const text = read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...[...text.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap(([, args = '']) =>
      [...args.matchAll(/'(\w+)'/g)].map(([, name]) => name),
    ),
    ...[...text.matchAll(/['`](\w+):[\w$]/g)].map(([, name]) => name),
    ...[...text.matchAll(/getFixedT\([^,]*,\s*'(\w+)'/g)].map(([, name]) => name),
  ];
  return found.filter((name): name is string => name !== undefined && NAMESPACES.has(name));
}

/** Every namespace the module and what it imports (transitively) name, with one file naming each. */
function namespacesUsed(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const namespace of namespacesNamed(file)) if (!used.has(namespace)) used.set(namespace, file);
    pending.push(...staticImports(file));
  }
  return used;
}

/** Namespaces used but neither loaded at start nor listed, each with a file that names it. */
function unlisted(entry: string, listed: Iterable<string>): string[] {
  const allowed = new Set([...START, ...listed]);
  return [...namespacesUsed(entry)]
    .filter(([namespace]) => !allowed.has(namespace))
    .map(([namespace, file]) => `${namespace} (${file})`);
}

/** The route tables: the public one and each space's, which the router adds as addresses need them. */
const TABLES = [
  ROUTER,
  '/src/app/student-space-routes.tsx',
  '/src/app/trainer-space-routes.tsx',
  '/src/app/admin-space-routes.tsx',
];
/** lazyPage, translations and the signed-in frame's loader. */
const HELPERS = '/src/app/lazy-route.tsx';

const constants = new Map(
  [...TABLES, HELPERS].flatMap((file) =>
    [...read(file).matchAll(/const (\w+) = \[([^\]]*)\] as const/g)].map(
      ([, name = '', list = '']) => [name, list] as const,
    ),
  ),
);
/** `['a', 'b']` or the name of a constant holding such a list. */
function parseList(text = ''): string[] {
  const list = constants.get(text.trim()) ?? text;
  return [...list.matchAll(/'(\w+)'/g)].map(([, name = '']) => name);
}

/** Loaded by each space's guard, so granted to every route and component of the spaces' tables. */
const SPACE = parseList('SPACE_NAMESPACES');
function grantedBy(table: string): string[] {
  return table === ROUTER ? [] : SPACE;
}

describe('route translations', () => {
  it("loads the spaces' namespaces with every top route of their tables", () => {
    for (const table of TABLES.slice(1)) {
      const text = read(table);
      const tops = [
        ...text.matchAll(
          /^ {4}\{\n\s*id: '[\w-]+',\n\s*element: <RequireRole[^>]*\/>,\n\s*lazy: (\w+\([^)]*\))/gm,
        ),
      ];
      // Top routes sit four spaces in, in the array the table's function returns.
      expect(tops.length, table).toBe([...text.matchAll(/^ {4}\{$/gm)].length);
      expect(tops.length, table).toBeGreaterThan(0);
      expect(tops.map(([, lazy]) => lazy)).toEqual(tops.map(() => 'translations(SPACE_NAMESPACES)'));
    }
    expect(SPACE).toContain('navigation');
  });

  const pages = TABLES.flatMap((table) =>
    [
      ...read(table).matchAll(
        /lazyPage\(\s*\(\) => import\('([^']+)'\)(?:,\s*(?:\[([^\]]*)\]|([A-Z_]+)))?(?:,\s*\{[^}]*\})?,?\s*\)/g,
      ),
    ].map(([, specifier = '', list, constant]) => ({ table, specifier, list: list ?? constant })),
  );

  it('declares every route module through lazyPage, with the namespaces it needs', () => {
    // The router's other dynamic imports are the spaces' tables, checked here as route modules are.
    const spaces = [...read(ROUTER).matchAll(/import\('(\.\/[\w-]+-space-routes)'\)/g)].map(
      ([, specifier = '']) => resolve(ROUTER, specifier),
    );
    expect(spaces).toEqual(TABLES.slice(1));
    const imports = TABLES.reduce(
      (count, table) => count + [...read(table).matchAll(/import\('/g)].length,
      0,
    );
    expect(pages.length + spaces.length).toBe(imports);
    expect(pages.length).toBeGreaterThan(20);
  });

  for (const { table, specifier, list } of pages) {
    it(`loads what ${specifier} reads`, () => {
      const file = resolve(table, specifier);
      expect(file, specifier).toBeDefined();
      expect(unlisted(file as string, [...parseList(list), ...grantedBy(table)])).toEqual([]);
    });
  }

  it('loads what the layouts and guards read with their route, and the shell at start', () => {
    // element: <RequireRole allow={['student']} />, lazy: translations(['auth'])
    const layouts = new Map<string, Set<string>>();
    for (const table of TABLES) {
      for (const [, component = '', list] of read(table).matchAll(
        /element: <(\w+)[^>]*\/>,\s*lazy: translations\(([^)]*)\)/g,
      )) {
        const listed = layouts.get(component) ?? new Set<string>();
        for (const namespace of parseList(list)) listed.add(namespace);
        layouts.set(component, listed);
      }
    }
    expect([...layouts.keys()]).toEqual(['RequireRole']);

    const problems = [...TABLES, HELPERS].flatMap((table) =>
      [...read(table).matchAll(/^import \{([^}]*)\} from '([^']+)'/gm)].flatMap(
        ([, names = '', specifier = '']) => {
          const file = resolve(table, specifier);
          if (!file || file === HELPERS || TABLES.includes(file)) return [];
          const listed = names
            .split(',')
            .flatMap((name) => [...(layouts.get(name.replace(/^\s*type\s+/, '').trim()) ?? [])])
            .concat(grantedBy(table));
          return unlisted(file, listed).map((problem) => `${table}: ${specifier}: ${problem}`);
        },
      ),
    );
    expect(problems).toEqual([]);
  });

  it('loads what the signed-in frame reads with it', () => {
    // signedInLayout() imports the frame and SIGNED_IN_LAYOUT_NAMESPACES together.
    const helpers = read(HELPERS);
    expect([...helpers.matchAll(/import\('/g)].length).toBe(1);
    expect(helpers).toMatch(
      /import\('\.\/signed-in-layout'\),\s*loadNamespaces\(SIGNED_IN_LAYOUT_NAMESPACES\)/,
    );
    const frame = resolve(HELPERS, './signed-in-layout');
    expect(frame).toBeDefined();
    expect(unlisted(frame as string, parseList('SIGNED_IN_LAYOUT_NAMESPACES'))).toEqual([]);
  });
});

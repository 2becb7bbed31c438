// Which way imports go (STYLE 3, docs/ARCHITECTURE.md): `npm run lint` fails on any of these.
// Tests may reach into what they test, so test files are exempt from the module boundaries (not from
// the other rules).
const TEST_FILE = '\\.(test|spec|check)\\.tsx?$';
const TABLES_FILE = '\\.tables\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes start-up order and test isolation depend on who imports first.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      from: {},
      // Vite's virtual modules (vite-plugin-pwa) exist only inside the bundler.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'contracts-import-only-zod',
      severity: 'error',
      comment: 'Both apps share the contracts, so the contracts depend on neither app and only on zod.',
      from: { path: '^packages/contracts/' },
      to: { pathNot: ['^packages/contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      comment: 'The web app and the server agree through packages/contracts only.',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^(apps/(web|server)|e2e|bench)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-module-through-its-entry',
      severity: 'error',
      comment:
        'A server module reaches another only through its public entry, <domain>.module.ts (services and types), never its tables, routes or internals.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: [TEST_FILE, TABLES_FILE] },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/([^/]+)/\\1\\.module\\.ts$'],
      },
    },
    {
      name: 'server-tables-reference-only-tables',
      severity: 'error',
      comment:
        "A table may name another module's table in a foreign key (the schema is one database), and nothing else of that module.",
      from: { path: `^apps/server/src/modules/([^/]+)/[^/]+${TABLES_FILE}` },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', `^apps/server/src/modules/[^/]+/[^/]+${TABLES_FILE}`],
      },
    },
    {
      name: 'server-infrastructure-below-modules',
      severity: 'error',
      comment:
        'lib, db, config and plugins are what modules build on, so they never import a module. db/schema.ts is the exception: it gathers every *.tables.ts for drizzle-kit and the database client.',
      from: {
        path: '^apps/server/src/(lib|db|config|plugins)/',
        pathNot: '^apps/server/src/db/schema\\.ts$',
      },
      to: { path: '^apps/server/src/(modules/|app\\.ts|main\\.ts|demo-seed\\.ts)' },
    },
    {
      name: 'web-feature-never-imports-another-feature',
      severity: 'error',
      comment: 'A route composes features; a feature that imports another one ties their releases together.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'Features are composed by the app layer (routes, layouts), never the other way round.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'components, hooks, lib and config are shared building blocks: they import neither features nor app.',
      from: { path: '^apps/web/src/(components|hooks|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count too: a type import from another module's internals is still coupling.
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    // The web app's `@/` alias. dependency-cruiser reads tsconfig paths only through the TypeScript
    // compiler API, which TypeScript 7 no longer has, so the alias is given as a resolve config.
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

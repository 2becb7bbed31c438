import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleBudgets } from './build/bundle-budgets';
import { createFirstLoadTest, usesOnlyLibraries } from './build/first-load';
import { localeSetChunk } from './build/locale-sets';
import { precompress } from './build/precompress';
import { pureContracts } from './build/pure-contracts';

/**
 * react-router's package exports name only its development build (dist/development), which checks
 * and words a warning on every render of the routes; dist/production is the same code without them.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

/** The build takes react-router's production build; the dev server keeps its warnings. */
function reactRouterProduction(): Plugin {
  return {
    name: 'cursus:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? REACT_ROUTER_PRODUCTION : null),
  };
}

/** The dark theme's --background (src/styles.css): the default theme, so the splash screen matches it. */
const DARK_BACKGROUND = '#020617';

/** The libraries every screen runs: the vendor chunk, for what of them the first screen needs. */
const VENDOR_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;

/** A file of this app by its path from here; it must exist (a renamed page would group nothing). */
function sourceFile(relativePath: string): string {
  const file = fileURLToPath(new URL(relativePath, import.meta.url));
  if (!existsSync(file)) throw new Error(`vite.config.ts names ${relativePath}, which does not exist`);
  return file;
}

const ENTRY = sourceFile('./src/main.tsx');
/** The sign-in page (bundle-budgets.json's first screen). */
const SIGN_IN_PAGE = sourceFile('./src/app/routes/auth/auth.tsx');

/** What of them the first screen runs (the entry's static imports): the rest goes with its screens. */
const isInFirstLoad = createFirstLoadTest([ENTRY]);
const isInSignInLoad = createFirstLoadTest([ENTRY, SIGN_IN_PAGE]);

/**
 * What every signed-in page loads around it: its frame (sidebar, notifications, help, time tracker)
 * and the query cache's provider (app/lazy-route.tsx). Not what the spaces' route tables import (the
 * role guard): in this chunk, the frame's modules ran as the table loaded, in the same task, and
 * Lighthouse's total blocking time on the two first screens went from about 60 to 300 ms.
 */
const isInSignedInFrame = createFirstLoadTest(
  ['./src/app/signed-in-layout.tsx', './src/app/query-provider.tsx'].map(sourceFile),
);

/**
 * The first screen of each space, where its people land after signing in (bundle-budgets.json
 * names both pages): what each loads beyond its frame, for the first-screen chunks below.
 */
const isInLearnerStart = createFirstLoadTest(
  // With what a learner's frame loads as it first renders (app/lazy-offline-completion-sync.tsx).
  [
    './src/app/routes/student/dashboard.tsx',
    './src/features/offline/components/offline-completion-sync.tsx',
  ].map(sourceFile),
);
const isInTrainerStart = createFirstLoadTest([sourceFile('./src/app/routes/trainer/dashboard.tsx')]);

/**
 * What the public pages and the sign-in screens load, with the calls of signing in: never with a
 * space's first screen, which people who are not signed in must not download.
 */
const PUBLIC_PAGE_FOLDERS = ['./src/app/routes/auth/', './src/app/routes/public/'];
const isInPublicPages = createFirstLoadTest([
  ...PUBLIC_PAGE_FOLDERS.flatMap((folder) =>
    readdirSync(sourceFile(folder))
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .map((file) => sourceFile(folder + file)),
  ),
  sourceFile('./src/features/auth/api/auth-calls.ts'),
]);

type ModuleTest = ReturnType<typeof createFirstLoadTest>;

/**
 * A chunk of the modules `isIn` accepts and `isOutside` does not, without their dependencies (each
 * taken as it is accepted), and without the lazily loaded ones, which stay chunks of their own.
 */
function staticGroup(name: string, isIn: ModuleTest, isOutside: ModuleTest) {
  return {
    name: (moduleId: string, context: Parameters<ModuleTest>[1]) =>
      isIn(moduleId, context) &&
      !isOutside(moduleId, context) &&
      !context.getModuleInfo(moduleId)?.dynamicImporters.length
        ? name
        : null,
    debugName: name,
    includeDependenciesRecursively: false,
  };
}

/** React's renderer and its scheduler: the larger of the two vendor chunks. */
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;

/** The libraries every signed-in page loads: the vendor chunk's, the icons, zod and TanStack Query. */
const SIGNED_IN_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|lucide-react|zod|@tanstack[\\/](query-core|react-query))[\\/]/;

/** A page of the route tables: a chunk of its own, which the budgets name (bundle-budgets.json). */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]/;

/** The app's shared code. */
const SHARED_CODE = /[\\/]src[\\/](components|lib|hooks)[\\/]/;

/** One lucide-react icon: a module of its own, about 0.5 KB. */
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** src/locales/en/courses.json, loaded by lib/i18n.ts as a chunk of its own. */
const LOCALE_FILE = /\/locales\/(\w+)\/([\w-]+)\.json$/;

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    react(),
    tailwindcss(),
    // issue 12: what the app reads of @cursus/contracts, not every schema beside it (and zod with them).
    pureContracts(),
    // SPEC 7: the app installs as a PWA, with its service worker at /sw.js. The PNG icons in public/
    // are committed renders of favicon.svg (rsvg-convert), so the build downloads and draws nothing.
    VitePWA({
      // SPEC 4: a new version waits until the user accepts the update toast (lib/service-worker.ts).
      registerType: 'prompt',
      // lib/service-worker.ts registers it: an injected inline script would break the CSP.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Cursus',
        short_name: 'Cursus',
        description:
          'Plateforme de formation pour les organismes de formation : formations, suivi des apprenants et conformité Qualiopi.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: DARK_BACKGROUND,
        background_color: DARK_BACKGROUND,
        categories: ['education', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every translation chunk of both languages (assets/locale-<lng>-<ns>-*.js,
        // a few kilobytes each), so the installed app opens any page and switches language offline.
        // The icons come from includeAssets and the manifest: listing them here would precache them twice.
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // The lesson editor (TipTap, about 130 kB gzipped) loads only when a trainer edits a lesson:
        // learners installing the app should not download it.
        globIgnores: ['**/rich-text-editor-*.js'],
        navigateFallback: 'index.html',
        // API answers and server pages (email links to /api/auth/..., /api/docs) always go to the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtimeCaching: the service worker never stores an API response.
        cleanupOutdatedCaches: true,
      },
    }),
    // issue 12: Brotli and gzip copies of the build for the server to send, then the size budgets.
    precompress(),
    bundleBudgets(fileURLToPath(new URL('./bundle-budgets.json', import.meta.url))),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    // The API sets same-site, http-only cookies: proxying keeps the SPA and the API on one origin in development.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each lazy module loads, for the budgets (build/bundle-size.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // issue 12. zod is for the screens that send or read schema-checked data: left to itself the
        // bundler merges it into a chunk of the first load. The vendor chunks hold the libraries every
        // screen runs, in two files rather than six (it changes less often than the app's own code),
        // but only the parts the first screen runs: the rest of them (use-sync-external-store's
        // selector) goes with the screens that use it. Two rather than one: react-dom is more than
        // half of it, and each file comes over a connection of its own, each in TCP slow start, side
        // by side (Lighthouse's first contentful paint on /auth 1.95 → 1.8 s).
        //
        // Lighthouse simulates a phone on a 1.6 Mbit/s link with 150 ms round trips and, over HTTP/1.1,
        // six requests at a time: beyond a few KB, a file costs a round trip whatever its size, and
        // Mon Suivi's first load was 78 requests (bench/results/first-load-2026-11-28.md). The
        // translation sets (build/locale-sets.ts) and the sign-in group below put what always loads
        // together in one file.
        codeSplitting: {
          groups: [
            {
              name: localeSetChunk,
              debugName: 'locale sets',
            },
            // What the sign-in screen loads beyond the first load (its form, fields, the public frame)
            // was ten files of 1 to 2 KB: one file. Signed-in pages use most of it too (labels, inputs).
            staticGroup('sign-in', isInSignInLoad, isInFirstLoad),
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            {
              name: (moduleId, context) =>
                VENDOR_LIBRARIES.test(moduleId) && isInFirstLoad(moduleId, context)
                  ? REACT_DOM.test(moduleId)
                    ? 'react-dom'
                    : 'vendor'
                  : null,
              debugName: 'vendor',
            },
            // TanStack Query loads with the query cache's provider (app/query-provider.tsx), which
            // every page but the sign-in screens loads: one chunk, the whole library.
            // After the vendor group: a group also takes what its modules import, and React is the vendor's.
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // Each icon shared by a different set of pages was a chunk of its own (about 30 on Mon Suivi,
            // a request each for a few hundred bytes): one chunk for every icon but the sign-in screen's,
            // which stay in its load (150 KB budget). Without their dependencies (lucide's icon factory,
            // React): the sign-in screen loads those and would load this chunk with them.
            {
              name: (moduleId, context) =>
                LUCIDE_ICON.test(moduleId) && !isInSignInLoad(moduleId, context) ? 'icons' : null,
              debugName: 'icons',
              includeDependenciesRecursively: false,
            },
            // The signed-in frame's modules were about 40 chunks of a few hundred bytes, one for each set
            // of pages sharing it: one chunk, as every signed-in page loads all of them. Not what the
            // sign-in screen loads too, nor their dependencies, for the same reason as the icons; nor
            // the lazily loaded modules, which stay chunks of their own (the budgets name them).
            staticGroup('signed-in', isInSignedInFrame, isInSignInLoad),
            // What each space's first screen loads beyond its frame was about 40 files of 1 or 2 KB on
            // Mon Suivi, a chunk per set of pages sharing a module: one chunk per first screen, and one
            // of what both load or what they share with public pages (which must not load a space's
            // code). Each is what a page reaches statically, so it imports no chunk that imports it
            // back; other pages load them for what they share (a trainer's page, the trainer's one).
            // Pages stay chunks of their own, named by the budgets.
            {
              name: (moduleId, context) => {
                if (
                  /[\\/]node_modules[\\/]/.test(moduleId) ||
                  isInSignInLoad(moduleId, context) ||
                  isInSignedInFrame(moduleId, context) ||
                  ROUTE_MODULE.test(moduleId)
                )
                  return null;
                const learner = isInLearnerStart(moduleId, context);
                const trainer = isInTrainerStart(moduleId, context);
                if ((learner && trainer) || ((learner || trainer) && isInPublicPages(moduleId, context)))
                  return 'first-screens';
                return learner ? 'learner-start' : trainer ? 'trainer-start' : null;
              },
              debugName: 'first screens',
              includeDependenciesRecursively: false,
            },
            // The rest of the shared code was a chunk per set of pages using it (8 on Mon Suivi): one
            // chunk. Only modules that use no library but those every signed-in page loads, nor any
            // lazily loaded module, so that a page loading it loads nothing heavier with it.
            {
              name: (moduleId, context) =>
                SHARED_CODE.test(moduleId) &&
                !isInSignInLoad(moduleId, context) &&
                usesOnlyLibraries(moduleId, context, (id) => SIGNED_IN_LIBRARIES.test(id))
                  ? 'shared'
                  : null,
              debugName: 'shared',
              includeDependenciesRecursively: false,
            },
          ],
        },
        // issue 12: V8's compile hint (Chrome 136+). A chunk is loaded when its screen opens and most of
        // what it holds runs then: compiled while it downloads, off the main thread, rather than one
        // function at a time as each is first called (Mon Suivi, unthrottled: 1,600 lazy compilations
        // on the main thread → 280, its main-thread time about 15 % less). After minification, which
        // would drop the comment.
        postBanner: '//# allFunctionsCalledOnLoad',
        // en/courses.json and fr/courses.json would both be "courses-<hash>.js": name the language.
        chunkFileNames: ({ facadeModuleId }) => {
          const locale = facadeModuleId ? LOCALE_FILE.exec(facadeModuleId) : null;
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});

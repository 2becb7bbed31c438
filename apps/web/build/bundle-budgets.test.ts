import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleBudgets, checkBudgets } from './bundle-budgets';
import { findImportCycles, KB, measureBundle } from './bundle-size';

// A build as Vite writes it: random bytes do not compress, so each file's gzipped size is its size.
const SIZES_KB: Record<string, number> = {
  'assets/index-a.js': 60,
  'assets/vendor-b.js': 30,
  'assets/auth-c.js': 20,
  'assets/form-d.js': 15,
  'assets/editor-e.js': 130,
  'assets/index-f.css': 5,
  'assets/locale-fr-start-g.js': 4,
};
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js'],
    css: ['assets/index-f.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  '_form-d.js': { file: 'assets/form-d.js', imports: ['_vendor-b.js'] },
  'src/app/routes/auth/auth.tsx': {
    file: 'assets/auth-c.js',
    isDynamicEntry: true,
    imports: ['_form-d.js', '_vendor-b.js'],
  },
  'src/app/routes/trainer/formation.tsx': {
    file: 'assets/editor-e.js',
    isDynamicEntry: true,
    imports: ['_form-d.js'],
  },
  // A translation set (build/locale-sets.ts): its JSON modules are no entries of their own.
  '_locale-fr-start-g.js': { file: 'assets/locale-fr-start-g.js', name: 'locale-fr-start' },
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'cursus-budgets-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  for (const [file, size] of Object.entries(SIZES_KB))
    writeFileSync(path.join(dist, file), randomBytes(size * KB));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-f.css">`,
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function budgets(firstScreenKB: number, routeKB: number): BundleBudgets {
  return {
    firstScreens: [
      { name: 'sign-in (/auth)', modules: ['src/app/routes/auth/auth.tsx'], maxGzipKB: firstScreenKB },
    ],
    lazyModules: [{ match: '^src/app/routes/', maxGzipKB: routeKB }],
  };
}

describe('bundle budgets (issue 12)', () => {
  it('counts a route as what it loads beyond the first load, shared chunks once', () => {
    const report = measureBundle(dist);
    const auth = report.lazyModules.find((lazy) => lazy.module === 'src/app/routes/auth/auth.tsx');
    // auth-c and form-d; vendor-b is preloaded by index.html already.
    expect(auth?.files.map((file) => file.href).sort()).toEqual(['assets/auth-c.js', 'assets/form-d.js']);
    expect(auth?.size.gzipped).toBeGreaterThan(35 * KB);
    expect(auth?.size.gzipped).toBeLessThan(36 * KB);
  });

  it('counts a translation set by its name, as a screen loads it', () => {
    const report = measureBundle(dist);
    const start = report.lazyModules.find((lazy) => lazy.module === 'locale-fr-start');
    expect(start?.files.map((file) => file.href)).toEqual(['assets/locale-fr-start-g.js']);
    const screen = {
      name: 'sign-in',
      modules: ['src/app/routes/auth/auth.tsx', 'locale-fr-start'],
      maxGzipKB: 128,
    };
    // 60 + 30 + 20 + 15 + 4 KB.
    expect(checkBudgets(report, { firstScreens: [screen], lazyModules: [] })).toEqual([
      expect.stringMatching(/^first screen "sign-in" loads 129\.\d KB/),
    ]);
  });

  it('passes a build within its budgets', () => {
    // The first screen: 60 + 30 + 20 + 15 KB; the editor route: 130 + 15 KB.
    expect(checkBudgets(measureBundle(dist), budgets(126, 146))).toEqual([]);
  });

  it('names the first screen over budget, its size, its budget and its heaviest files', () => {
    const problems = checkBudgets(measureBundle(dist), budgets(120, 146));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^first screen "sign-in \(\/auth\)" loads 125\.\d KB of JavaScript gzipped, over its budget of 120 KB \(largest: assets\/index-a\.js 60\.\d KB, assets\/vendor-b\.js 30\.\d KB/,
    );
  });

  it('counts the files of a first screen that has a budget for them, smallest named first', () => {
    const screen = { ...budgets(126, 146).firstScreens[0], maxFiles: 4 } as BundleBudgets['firstScreens'][0];
    // index-a, vendor-b, auth-c and form-d.
    expect(checkBudgets(measureBundle(dist), { firstScreens: [screen], lazyModules: [] })).toEqual([]);
    screen.maxFiles = 3;
    expect(checkBudgets(measureBundle(dist), { firstScreens: [screen], lazyModules: [] })).toEqual([
      expect.stringMatching(
        /^first screen "sign-in \(\/auth\)" loads 4 JavaScript files, over its budget of 3 \(the smallest: assets\/form-d\.js 15\.\d KB, assets\/auth-c\.js 20\.\d KB/,
      ),
    ]);
  });

  it('names each route over budget with what it loads', () => {
    const problems = checkBudgets(measureBundle(dist), budgets(126, 120));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^src\/app\/routes\/trainer\/formation\.tsx loads 145\.\d KB gzipped beyond the first load, over its budget of 120 KB \(largest: assets\/editor-e\.js 130\.\d KB, assets\/form-d\.js 15\.\d KB\)$/,
    );
  });

  it('leaves out what the modules a route always loads with load, and names them when it is over', () => {
    const withForm = budgets(126, 120);
    withForm.lazyModules[0] = {
      match: '^src/app/routes/trainer/',
      maxGzipKB: 131,
      besides: ['src/app/routes/auth/auth.tsx'],
    };
    // form-d comes with the auth route: the editor route is judged on its 130 KB alone.
    expect(checkBudgets(measureBundle(dist), withForm)).toEqual([]);
    withForm.lazyModules[0].maxGzipKB = 120;
    expect(checkBudgets(measureBundle(dist), withForm)).toEqual([
      expect.stringMatching(
        /^src\/app\/routes\/trainer\/formation\.tsx loads 130\.\d KB gzipped beyond the first load and src\/app\/routes\/auth\/auth\.tsx, over its budget of 120 KB \(largest: assets\/editor-e\.js 130\.\d KB\)$/,
      ),
    ]);
    withForm.lazyModules[0].besides = ['src/app/routes/missing.tsx'];
    expect(() => checkBudgets(measureBundle(dist), withForm)).toThrow(/missing\.tsx is not loaded lazily/);
  });

  it('finds chunks that import each other, and only those', () => {
    expect(measureBundle(dist).importCycles).toEqual([]);
    const looping = {
      ...MANIFEST,
      '_form-d.js': { file: 'assets/form-d.js', imports: ['_vendor-b.js', '_shared-g.js'] },
      '_shared-g.js': { file: 'assets/shared-g.js', imports: ['_form-d.js'] },
    };
    expect(findImportCycles(looping)).toEqual([
      ['assets/form-d.js', 'assets/shared-g.js', 'assets/form-d.js'],
    ]);
  });

  it('fails a build whose chunks import each other, naming the loop', () => {
    const report = measureBundle(dist);
    const looping = {
      ...report,
      importCycles: [['assets/form-d.js', 'assets/auth-c.js', 'assets/form-d.js']],
    };
    expect(checkBudgets(looping, budgets(200, 200))).toEqual([
      'chunks import each other (assets/form-d.js -> assets/auth-c.js -> assets/form-d.js): change the chunk groups of vite.config.ts',
    ]);
  });

  it('refuses a budget naming a module the build does not load lazily, rather than passing it', () => {
    const stale = budgets(200, 200);
    stale.firstScreens[0]?.modules.push('src/app/routes/auth/sign-in.tsx');
    expect(() => checkBudgets(measureBundle(dist), stale)).toThrow(/sign-in\.tsx is not loaded lazily/);
  });
});

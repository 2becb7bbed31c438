/**
 * issue 12: the build fails when the web app grows past the budgets kept in
 * apps/web/bundle-budgets.json, naming each file over and by how much (bench/README.md), and when
 * chunks import each other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuildWritten } from './after-build.ts';
import {
  type BundleReport,
  KB,
  type MeasuredFile,
  measureBundle,
  measureScreen,
  sumSizes,
} from './bundle-size.ts';

export interface BundleBudgets {
  /**
   * A screen as a first visit loads it: index.html's scripts plus the lazy modules it opens. Its
   * files too, when `maxFiles` is set: over HTTP/1.1 a browser asks for six at a time, and a file of
   * a few KB costs a round trip whatever its size (bench/results/first-load-2026-11-28.md).
   */
  firstScreens: { name: string; modules: string[]; maxGzipKB: number; maxFiles?: number }[];
  /**
   * What a lazy module adds to the first load, for every module whose source path matches, leaving out
   * what the `besides` modules load: those that always load with it (the query cache's provider comes
   * with every page but the sign-in screens).
   */
  lazyModules: { match: string; maxGzipKB: number; besides?: string[] }[];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * Five files, the heaviest first (what to look at when a size budget is exceeded) or the smallest
 * first (what a chunk group would best take in when there are too many).
 */
function describeFiles(files: readonly MeasuredFile[], order: 'heaviest' | 'smallest' = 'heaviest'): string {
  const sign = order === 'heaviest' ? -1 : 1;
  return [...files]
    .sort((left, right) => sign * (left.gzipped - right.gzipped))
    .slice(0, 5)
    .map((file) => `${file.href.replace(/^\//, '')} ${kb(file.gzipped)}`)
    .join(', ');
}

/** One sentence per budget exceeded; none when the build fits. */
export function checkBudgets(report: BundleReport, budgets: BundleBudgets): string[] {
  const problems = report.importCycles.map(
    (cycle) => `chunks import each other (${cycle.join(' -> ')}): change the chunk groups of vite.config.ts`,
  );
  for (const screen of budgets.firstScreens) {
    const files = measureScreen(report, screen.modules);
    const { gzipped } = sumSizes(files);
    if (gzipped > screen.maxGzipKB * KB) {
      problems.push(
        `first screen "${screen.name}" loads ${kb(gzipped)} of JavaScript gzipped, over its budget of ${screen.maxGzipKB} KB (largest: ${describeFiles(files)})`,
      );
    }
    if (screen.maxFiles !== undefined && files.length > screen.maxFiles) {
      problems.push(
        `first screen "${screen.name}" loads ${files.length} JavaScript files, over its budget of ${screen.maxFiles} (the smallest: ${describeFiles(files, 'smallest')}): change the chunk groups of vite.config.ts`,
      );
    }
  }
  for (const rule of budgets.lazyModules) {
    const alongside = new Set(
      (rule.besides ?? []).flatMap((module) => {
        const lazy = report.lazyModules.find((candidate) => candidate.module === module);
        if (!lazy) throw new Error(`${module} is not loaded lazily in this build (vite manifest)`);
        return lazy.files.map((file) => file.href);
      }),
    );
    for (const lazy of report.lazyModules) {
      if (!new RegExp(rule.match).test(lazy.module)) continue;
      const files = lazy.files.filter((file) => !alongside.has(file.href));
      const { gzipped } = sumSizes(files);
      if (gzipped <= rule.maxGzipKB * KB) continue;
      problems.push(
        `${lazy.module} loads ${kb(gzipped)} gzipped beyond the first load${alongside.size > 0 ? ` and ${rule.besides?.join(', ')}` : ''}, over its budget of ${rule.maxGzipKB} KB (largest: ${describeFiles(files)})`,
      );
    }
  }
  return problems;
}

export function readBudgets(file: string): BundleBudgets {
  return JSON.parse(readFileSync(file, 'utf8')) as BundleBudgets;
}

/** Checks the written build against the budgets once every plugin (the service worker's too) is done. */
export function bundleBudgets(budgetsFile: string): Plugin {
  return afterBuildWritten('cursus:bundle-budgets', (dist, root) => {
    const problems = checkBudgets(measureBundle(dist), readBudgets(budgetsFile));
    if (problems.length > 0) {
      throw new Error(
        `Bundle budgets exceeded (${path.relative(root, budgetsFile)}):\n- ${problems.join('\n- ')}`,
      );
    }
  });
}

/**
 * What the browser downloads (issues 10 and 12): the entry script of the built web app plus the
 * chunks index.html preloads and the stylesheets it links; each screen named in
 * apps/web/bundle-budgets.json (the first load plus the lazy modules it opens); and what each lazy
 * route module adds. Each file gzipped on its own (level 9), as a compressing server sends it.
 * Build first, then measure:
 *
 *   npm run build && npm run bench:entry-size [-- --dist apps/web/dist] [-- --json]
 *
 * The measuring and the budget check are the build's own (apps/web/build), so this report and a
 * failing build always agree.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBudgets, readBudgets } from '../../apps/web/build/bundle-budgets.ts';
import { KB, measureBundle, measureScreen, sumSizes } from '../../apps/web/build/bundle-size.ts';

const WEB = path.resolve(import.meta.dirname, '../../apps/web');
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(WEB, 'dist') },
    budgets: { type: 'string', default: path.join(WEB, 'bundle-budgets.json') },
    json: { type: 'boolean', default: false },
  },
});

const report = measureBundle(path.resolve(args.dist));
const budgets = readBudgets(args.budgets);
const scripts = sumSizes(report.firstLoad.filter((file) => file.kind !== 'stylesheet'));
const styles = sumSizes(report.firstLoad.filter((file) => file.kind === 'stylesheet'));
const screens = budgets.firstScreens.map((screen) => ({
  name: screen.name,
  budgetKB: screen.maxGzipKB,
  ...sumSizes(measureScreen(report, screen.modules)),
}));
const routes = report.lazyModules
  .filter((lazy) => lazy.module.startsWith('src/app/routes/'))
  .sort((left, right) => right.size.gzipped - left.size.gzipped);
const problems = checkBudgets(report, budgets);

const kib = (bytes: number) => (bytes / KB).toFixed(1);
if (args.json) {
  console.log(
    JSON.stringify(
      { dist: report.dist, files: report.firstLoad, scripts, styles, screens, routes, problems },
      null,
      2,
    ),
  );
} else {
  for (const row of report.firstLoad) {
    console.log(
      `${row.kind.padEnd(13)} ${kib(row.gzipped).padStart(7)} KB gz ${kib(row.bytes).padStart(8)} KB  ${row.href}`,
    );
  }
  console.log(
    `\nentry JS + modulepreload: ${kib(scripts.gzipped)} KB gzipped (${kib(scripts.bytes)} KB raw)`,
  );
  console.log(`stylesheets:              ${kib(styles.gzipped)} KB gzipped (${kib(styles.bytes)} KB raw)`);
  for (const screen of screens) {
    console.log(`screen ${screen.name}: ${kib(screen.gzipped)} KB gzipped JS (budget ${screen.budgetKB} KB)`);
  }
  console.log('\nlargest route modules, beyond the first load (gzipped):');
  for (const route of routes.slice(0, 8))
    console.log(`${kib(route.size.gzipped).padStart(7)} KB  ${route.module}`);
  console.log(problems.length === 0 ? '\nall budgets met' : `\nover budget:\n- ${problems.join('\n- ')}`);
}

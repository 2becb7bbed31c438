import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The boundary rules of .dependency-cruiser.cjs, run by `npm run lint`, against small trees that
// break them on purpose: a rule that cannot fail would protect nothing.
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const CONFIG_FILES = ['.dependency-cruiser.cjs', '.dependency-cruiser.resolve.cjs'];

let tree = '';
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

/** Writes `files` into a fresh tree with the project's rules and returns the rules it breaks. */
function brokenRules(files: Record<string, string>): string[] {
  tree = mkdtempSync(path.join(tmpdir(), 'cursus-boundaries-'));
  for (const name of CONFIG_FILES) copyFileSync(path.join(ROOT, name), path.join(tree, name));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), source);
  }
  const output = execFileSync(
    DEPCRUISE,
    ['.', '--output-type', 'json', '--config', '.dependency-cruiser.cjs'],
    { cwd: tree, encoding: 'utf8' },
  );
  const result = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

const exporting = (name: string) => `export const ${name} = 1;\n`;

describe('import boundaries', () => {
  it('refuses a web feature importing another feature', () => {
    expect(
      brokenRules({
        'apps/web/src/features/quizzes/api/get-quiz.ts': `import { a } from '@/features/courses/api/get-course.ts';\nexport const b = a;\n`,
        'apps/web/src/features/courses/api/get-course.ts': exporting('a'),
      }),
    ).toEqual(['web-feature-never-imports-another-feature']);
  });

  it('refuses shared web code importing a feature or the app', () => {
    expect(
      brokenRules({
        'apps/web/src/lib/helper.ts': `import { a } from '../features/courses/api/get-course.ts';\nimport { c } from '@/app/router.tsx';\nexport const b = a + c;\n`,
        'apps/web/src/features/courses/api/get-course.ts': exporting('a'),
        'apps/web/src/app/router.tsx': exporting('c'),
      }),
    ).toEqual(['web-shared-below-features']);
  });

  it("refuses a server module reaching another module's tables or internals", () => {
    expect(
      brokenRules({
        'apps/server/src/modules/courses/courses.service.ts': `import { a } from '../files/files.tables.ts';\nimport { c } from '../files/files.routes.ts';\nexport const b = a + c;\n`,
        'apps/server/src/modules/files/files.tables.ts': exporting('a'),
        'apps/server/src/modules/files/files.routes.ts': exporting('c'),
      }),
    ).toEqual(['server-module-through-its-entry']);
  });

  it("lets a module use another module's entry, and a table reference another table", () => {
    expect(
      brokenRules({
        'apps/server/src/modules/courses/courses.service.ts': `import { a } from '../files/files.module.ts';\nexport const b = a;\n`,
        'apps/server/src/modules/courses/courses.tables.ts': `import { c } from '../files/files.tables.ts';\nexport const d = c;\n`,
        'apps/server/src/modules/files/files.module.ts': exporting('a'),
        'apps/server/src/modules/files/files.tables.ts': exporting('c'),
      }),
    ).toEqual([]);
  });

  it('refuses server infrastructure importing a module', () => {
    expect(
      brokenRules({
        'apps/server/src/plugins/session.ts': `import { a } from '../modules/auth/auth.module.ts';\nexport const b = a;\n`,
        'apps/server/src/modules/auth/auth.module.ts': exporting('a'),
      }),
    ).toEqual(['server-infrastructure-below-modules']);
  });

  it('refuses contracts importing an app, and the apps importing each other', () => {
    expect(
      brokenRules({
        'packages/contracts/src/courses.ts': `import { a } from '../../../apps/server/src/lib/x.ts';\nexport const b = a;\n`,
        'apps/server/src/lib/x.ts': exporting('a'),
        'apps/web/src/lib/y.ts': `import { a } from '../../../server/src/lib/x.ts';\nexport const c = a;\n`,
      }),
    ).toEqual(['apps-never-import-each-other', 'contracts-import-only-zod']);
  });

  it('refuses an import cycle', () => {
    expect(
      brokenRules({
        'apps/server/src/lib/a.ts': `import { b } from './b.ts';\nexport const a = () => b;\n`,
        'apps/server/src/lib/b.ts': `import { a } from './a.ts';\nexport const b = () => a;\n`,
      }),
    ).toEqual(['no-circular']);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^import\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]/gm;

/** The app's own modules `file` loads through static imports, itself included (type imports left out). */
function staticImports(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (!specifier.startsWith('.') && !specifier.startsWith('@/')) continue;
    const base = specifier.startsWith('@/')
      ? path.join(SRC, specifier.slice(2))
      : path.resolve(path.dirname(file), specifier);
    const found = ['.ts', '.tsx', '/index.ts'].map((ext) => `${base}${ext}`).find(existsSync);
    if (found) staticImports(found, into);
  }
  return into;
}

describe('space route tables (issue 12)', () => {
  // The signed-in frame's chunk was evaluated with the student table in one long task, because the
  // lesson frame, imported by the table, shares modules with it.
  it.each(['student', 'trainer', 'admin'])(
    "the %s table loads none of the frames' modules with it",
    (space) => {
      const loaded = [...staticImports(path.join(SRC, 'app', `${space}-space-routes.tsx`))].map((file) =>
        path.relative(SRC, file),
      );
      expect(
        loaded.filter((file) => /^app\/(signed-in-layout|student-lesson-layout|lazy-(?!route\.))/.test(file)),
      ).toEqual([]);
    },
  );
});

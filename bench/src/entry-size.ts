/**
 * What the browser downloads before the first render (issue 10): the entry script of the built web
 * app plus the chunks index.html preloads (`<link rel="modulepreload">`), and the stylesheets it
 * links, each gzipped. Build first, then measure:
 *
 *   npm run build -w @cursus/web && npm run bench:entry-size [-- --dist apps/web/dist] [-- --json]
 *
 * The figure is the sum of each file gzipped on its own (level 9), which is what a server that
 * compresses its answers sends over the wire.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../../apps/web/dist') },
    json: { type: 'boolean', default: false },
  },
});

const dist = path.resolve(args.dist);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The value of `name` in one tag's attributes, quoted either way. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
}

const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const files: { kind: 'entry' | 'modulepreload' | 'stylesheet'; href: string }[] = [];
for (const tag of tags) {
  if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') {
    const src = attribute(tag, 'src');
    if (src) files.push({ kind: 'entry', href: src });
  } else if (tag.startsWith('<link')) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (href && rel === 'modulepreload') files.push({ kind: 'modulepreload', href });
    if (href && rel === 'stylesheet') files.push({ kind: 'stylesheet', href });
  }
}
if (!files.some((file) => file.kind === 'entry')) throw new Error(`no module script in ${dist}/index.html`);

const rows = files.map((file) => {
  const content = readFileSync(path.join(dist, file.href.replace(/^\//, '')));
  return { ...file, bytes: content.length, gzipped: gzipSync(content, { level: 9 }).length };
});

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (kinds: string[], key: 'bytes' | 'gzipped') =>
  rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row[key], 0);
const scripts = {
  bytes: sum(['entry', 'modulepreload'], 'bytes'),
  gzipped: sum(['entry', 'modulepreload'], 'gzipped'),
};
const styles = { bytes: sum(['stylesheet'], 'bytes'), gzipped: sum(['stylesheet'], 'gzipped') };

if (args.json) {
  console.log(JSON.stringify({ dist, files: rows, scripts, styles }, null, 2));
} else {
  for (const row of rows) {
    console.log(
      `${row.kind.padEnd(13)} ${kib(row.gzipped).padStart(7)} KB gz ${kib(row.bytes).padStart(8)} KB  ${row.href}`,
    );
  }
  console.log(
    `\nentry JS + modulepreload: ${kib(scripts.gzipped)} KB gzipped (${kib(scripts.bytes)} KB raw)`,
  );
  console.log(`stylesheets:              ${kib(styles.gzipped)} KB gzipped (${kib(styles.bytes)} KB raw)`);
}

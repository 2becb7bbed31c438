/**
 * What the browser downloads, read from a finished build (dist/index.html and Vite's
 * dist/.vite/manifest.json), each file gzipped on its own at level 9: what a server that compresses
 * its answers sends. Shared by the build's budget check (bundle-budgets.ts) and
 * `npm run bench:entry-size` (bench/src/entry-size.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface MeasuredFile {
  kind: 'entry' | 'modulepreload' | 'stylesheet' | 'lazy';
  href: string;
  bytes: number;
  gzipped: number;
}

export interface Sizes {
  bytes: number;
  gzipped: number;
}

/** One chunk of Vite's build manifest, keyed by its source path (`src/app/routes/auth/auth.tsx`). */
interface ManifestChunk {
  file: string;
  /** A chunk made by a group of vite.config.ts, keyed `_<file>`, is known by its group's name. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const KB = 1024;

function measureFile(dist: string, kind: MeasuredFile['kind'], href: string): MeasuredFile {
  const content = readFileSync(path.join(dist, href.replace(/^\//, '')));
  return { kind, href, bytes: content.length, gzipped: gzipSync(content, { level: 9 }).length };
}

export function sumSizes(files: readonly MeasuredFile[]): Sizes {
  return files.reduce(
    (total, file) => ({ bytes: total.bytes + file.bytes, gzipped: total.gzipped + file.gzipped }),
    {
      bytes: 0,
      gzipped: 0,
    },
  );
}

/** The value of `name` in one tag's attributes, quoted either way. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
}

/** The entry script, the chunks index.html preloads (`<link rel="modulepreload">`) and its stylesheets. */
export function measureFirstLoad(dist: string): MeasuredFile[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files: MeasuredFile[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') {
      const src = attribute(tag, 'src');
      if (src) files.push(measureFile(dist, 'entry', src));
    } else if (tag.startsWith('<link')) {
      const rel = attribute(tag, 'rel');
      const href = attribute(tag, 'href');
      if (href && (rel === 'modulepreload' || rel === 'stylesheet')) files.push(measureFile(dist, rel, href));
    }
  }
  if (!files.some((file) => file.kind === 'entry')) throw new Error(`no module script in ${dist}/index.html`);
  return files;
}

function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: the build must set build.manifest`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a module loads: its own chunk and, recursively, the chunks it imports statically. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of the build (vite manifest)`);
  if (!into.has(chunk.file)) {
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  }
  return into;
}

export interface LazyLoad {
  /** The module's source path, as the manifest names it. */
  module: string;
  /** What it downloads beyond the first load. */
  files: MeasuredFile[];
  size: Sizes;
}

export interface BundleReport {
  dist: string;
  /** index.html's entry, preloads and stylesheets. */
  firstLoad: MeasuredFile[];
  /** What opening one lazily loaded module downloads beyond the first load, for each of them. */
  lazyModules: LazyLoad[];
  /** Chunks that import each other statically, each loop as its files in import order, back to its first. */
  importCycles: string[][];
}

/**
 * Static imports that loop between chunks. Grouping modules into chunks (vite.config.ts) can make
 * two chunks import each other: a module may then run before one it imports has, and the page fails
 * with "Cannot access … before initialization" where no source file has a cycle.
 */
export function findImportCycles(manifest: Manifest): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string, path: string[]) => {
    state.set(key, 'visiting');
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(imported)), imported].map((chunk) => manifest[chunk]!.file));
      } else if (!state.has(imported)) visit(imported, [...path, imported]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  return cycles;
}

export function measureBundle(dist: string): BundleReport {
  const firstLoad = measureFirstLoad(dist);
  const manifest = readManifest(dist);
  const loaded = new Set(firstLoad.map((file) => file.href.replace(/^\//, '')));
  // Modules grouped into one chunk (the translation sets, vite.config.ts) are no entries of their
  // own: that chunk stands for them, under its group's name.
  const lazyModules = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry || (key.startsWith('_locale-') && chunk.name))
    .map(([key, chunk]) => {
      const files = [...staticClosure(manifest, key)]
        .filter((file) => !loaded.has(file))
        .map((file) => measureFile(dist, 'lazy', file));
      return { module: chunk.isDynamicEntry ? key : (chunk.name as string), files, size: sumSizes(files) };
    });
  return { dist, firstLoad, lazyModules, importCycles: findImportCycles(manifest) };
}

/** The first load plus what the given lazy modules add to it, each file counted once. */
export function measureScreen(report: BundleReport, modules: readonly string[]): MeasuredFile[] {
  const files = new Map(
    report.firstLoad
      .filter((file) => file.kind !== 'stylesheet')
      .map((file) => [file.href.replace(/^\//, ''), file]),
  );
  for (const module of modules) {
    const lazy = report.lazyModules.find((candidate) => candidate.module === module);
    if (!lazy) throw new Error(`${module} is not loaded lazily in this build (vite manifest)`);
    for (const file of lazy.files) files.set(file.href, file);
  }
  return [...files.values()];
}

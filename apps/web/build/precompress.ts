/**
 * issue 12: every text file of the build is written again beside itself as .br (Brotli, quality 11)
 * and .gz (gzip, level 9), once, at build time, where the time it takes costs nobody. The server
 * sends the one the browser accepts (@fastify/static `preCompressed`, apps/server/src/app.ts), so
 * no request pays for compressing a script.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuildWritten } from './after-build.ts';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below about one TCP segment compressing saves no round trip (the API's threshold too). */
const MIN_BYTES = 1024;

/** Every file under `dir`, hidden folders (Vite's .vite/manifest.json) left out. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Writes the .br and .gz of each text file in `dist` that compression makes smaller. */
export function precompressDirectory(dist: string): void {
  for (const file of listFiles(dist)) {
    if (!TEXT_FILE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}

/** Runs after every other plugin has written its files (vite-plugin-pwa's sw.js among them). */
export function precompress(): Plugin {
  return afterBuildWritten('cursus:precompress', (dist) => precompressDirectory(dist));
}

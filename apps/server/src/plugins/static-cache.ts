import path from 'node:path';
import type { FastifyReply } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Cache policy for the built SPA, as @fastify/static's `setHeaders`. Vite names every file under
 * assets/ after its content, so those are kept a year; everything else (index.html, sw.js, the
 * manifest, icons) is revalidated on each use, so a deployment shows at once and the browser finds a
 * new service worker (SPEC 4 update prompt).
 */
export function createStaticCacheHeaders(root: string) {
  const hashedAssets = path.join(path.resolve(root), 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string): void => {
    reply.header(
      'cache-control',
      path.resolve(filePath).startsWith(hashedAssets)
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : 'no-cache',
    );
  };
}

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below about one TCP segment, compressing saves no round trip and still costs CPU: small answers
 * (a heartbeat, the session, /api/health) go out as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON in all its forms (application/problem+json too). The plugin adds what mime-db calls
 * compressible (text/*, such as the connection-log CSV export); it drops octet-stream, which its
 * default list would compress. File downloads opt out on their route (files.routes.ts).
 */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * issue 12: API answers compressed above the threshold, Brotli when the browser accepts it, else
 * gzip. The web build's files are compressed once at build time instead (apps/web/build, served by
 * @fastify/static's preCompressed). Registered before the routes: the plugin attaches itself to each
 * route as it is declared.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: JSON_CONTENT_TYPE,
    // Quality 4 (of 11) compresses JSON nearly as well as gzip -9 for a fraction of the CPU: these
    // answers are compressed on every request, on a 2-core machine (issue 12 throughput goals).
    // Flushing after each write keeps a streamed answer (the CSV export, row by row) streaming:
    // without it the compressor holds rows back until its buffer fills or the stream ends.
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
    // Request bodies stay as sent: no client of ours compresses them, and inflating them would let
    // a small upload expand well past what the body limit means to allow.
    globalDecompression: false,
  });
}

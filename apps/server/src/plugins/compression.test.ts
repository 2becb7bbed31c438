import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.ts';

/** A JSON body comfortably above the threshold, and one well below it. */
const LARGE = {
  items: Array.from({ length: 100 }, (_, index) => ({ id: index, title: `Formation ${index}` })),
};
const SMALL = { status: 'ok' };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x20), Buffer.from('\n%%EOF\n')]);

/** Rows of the CSV export: the test writes the second one only once the first reached the client. */
let csv: PassThrough | undefined;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/large', async (_request, reply) => reply.header('cache-control', 'no-store').send(LARGE));
  app.get('/small', async () => SMALL);
  app.get('/problem', async (_request, reply) =>
    reply.type('application/problem+json').send(JSON.stringify(LARGE)),
  );
  app.get('/file.pdf', async (_request, reply) => reply.type('application/pdf').send(PDF));
  app.get('/download', async (_request, reply) => reply.type('application/octet-stream').send(PDF));
  app.get('/export.csv', async (_request, reply) => {
    const rows = new PassThrough();
    csv = rows;
    rows.write('date;apprenant\n');
    return reply.type('text/csv; charset=utf-8').send(rows);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  csv?.destroy();
  await app.close();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API JSON compression (issue 12)', () => {
  it('sends JSON above the threshold in Brotli when the browser accepts it, with Vary', async () => {
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const response = await get('/large', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(LARGE).length / 3);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(LARGE);
    // The route's own headers stay as it set them.
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('falls back to gzip, and to plain JSON for a client that accepts neither', async () => {
    const gzip = await get('/large', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(LARGE);
    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(LARGE);
  });

  it('compresses other JSON types too', async () => {
    expect((await get('/problem', 'br')).headers['content-encoding']).toBe('br');
  });

  it('leaves small answers alone: compressing them saves no round trip', async () => {
    const response = await get('/small', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(SMALL);
  });

  it('leaves binary types alone, octet-stream included', async () => {
    for (const url of ['/file.pdf', '/download']) {
      const response = await get(url, 'br, gzip');
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.rawPayload.equals(PDF), url).toBe(true);
    }
  });

  it('compresses the CSV export and lets it stream: the first row arrives before the last is written', async () => {
    const { port } = app.server.address() as AddressInfo;
    const received = await new Promise<{ encoding: string | undefined; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { port, host: '127.0.0.1', path: '/export.csv', headers: { 'accept-encoding': 'br' } },
        (response) => {
          let body = '';
          const rows = response.pipe(createBrotliDecompress());
          rows.setEncoding('utf8');
          rows.on('data', (chunk: string) => {
            body += chunk;
            // A compressor that waits for its buffer to fill would hold the first row until the
            // stream ends: this line would never run and the test would time out.
            if (body === 'date;apprenant\n') csv?.end('2026-01-05;Camille\n');
          });
          rows.on('end', () => resolve({ encoding: response.headers['content-encoding'], body }));
          rows.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(received).toEqual({ encoding: 'br', body: 'date;apprenant\n2026-01-05;Camille\n' });
  }, 5_000);
});

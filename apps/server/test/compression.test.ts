import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

// A stand-in for apps/web/dist as the build leaves it: each text file with its .br and .gz.
const INDEX_HTML = `<!doctype html><title>Cursus</title><div id="root"></div>${' '.repeat(2000)}`;
const SCRIPT = `console.log(${JSON.stringify('Cursus '.repeat(400))});`;
const TEXT_FILES: Record<string, string> = {
  'index.html': INDEX_HTML,
  'assets/index-C0MySMSZ.js': SCRIPT,
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

let webDist: string;
let testApp: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'cursus-web-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [name, content] of Object.entries(TEXT_FILES)) {
    await writeFile(path.join(webDist, name), content);
    await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(webDist, `${name}.gz`), gzipSync(content));
  }
  testApp = await createTestApp({ webDist });
});
afterAll(async () => {
  await testApp.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the web build, precompressed (issue 12)', () => {
  it('sends a script in Brotli or gzip as the browser accepts, with Vary and its usual headers', async () => {
    const url = '/assets/index-C0MySMSZ.js';
    const brotli = await get(url, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared cache must not hand this plain copy to a browser that accepts Brotli.
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the HTML shell of every page compressed, never cached, with its security headers', async () => {
    const page = await get('/auth', 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('API answers (issue 12)', () => {
  it('compresses a large JSON answer and keeps the API headers', async () => {
    const response = await get('/api/docs/json', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('sends a small one as it is', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('status');
  });
});

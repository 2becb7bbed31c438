import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

// A stand-in for apps/web/dist with the files `vite build` and vite-plugin-pwa emit.
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Cursus</title><div id="root"></div>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'workbox-2fbc6a65.js': 'define([], () => {});',
  'manifest.webmanifest': '{"name":"Cursus","start_url":"/","display":"standalone"}',
  'pwa-192x192.png': 'png',
  'assets/index-C0MySMSZ.js': 'console.log("app");',
  'assets/index-anN9j8Rl.css': 'body{}',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

let webDist: string;
let testApp: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'cursus-web-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [name, content] of Object.entries(FILES)) await writeFile(path.join(webDist, name), content);
  testApp = await createTestApp({ webDist });
});
afterAll(async () => {
  await testApp.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('the installable SPA (SPEC 7)', () => {
  it('serves /sw.js as JavaScript that the browser revalidates, so a new version is seen', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(FILES['sw.js']);
  });

  it('serves the manifest with its own content type, revalidated', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register a same-origin worker and manifest, and nothing from elsewhere', async () => {
    const policy = String((await get('/')).headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('manifest-src')).toBe("'self'");
    expect(directives.get('script-src')).toMatch(/^'self'/);
    expect(directives.get('connect-src')).toBe("'self'");
  });

  it('keeps content-hashed assets a year, and the files named the same in every build revalidated', async () => {
    for (const url of ['/assets/index-C0MySMSZ.js', '/assets/index-anN9j8Rl.css']) {
      expect((await get(url)).headers['cache-control'], url).toBe(IMMUTABLE);
    }
    for (const url of ['/workbox-2fbc6a65.js', '/pwa-192x192.png']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the build files only the headers that guard a file, and pages and the service worker all of them', async () => {
    for (const url of ['/assets/index-C0MySMSZ.js', '/assets/index-anN9j8Rl.css']) {
      const { headers } = await get(url);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // The page's policies govern what it loads: repeated on each file they were 1.3 KB of its headers.
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options']) {
        expect(headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The service worker's policy comes from its own scripts' answers, outside assets/.
    for (const url of ['/trainer/students', '/sw.js', '/workbox-2fbc6a65.js']) {
      const { headers } = await get(url);
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['permissions-policy'], url).toContain('geolocation=()');
    }
  });

  it('answers page paths with index.html, never cached, and unknown API paths with a JSON 404', async () => {
    const page = await get('/trainer/students');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(FILES['index.html']);

    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers a build file that is gone (an old chunk after a deploy) with a 404, not the page', async () => {
    const chunk = await get('/assets/route-0ld0ne.js');
    expect(chunk.statusCode).toBe(404);
    expect(chunk.headers['content-type']).toMatch(/^application\/json/);
  });
});

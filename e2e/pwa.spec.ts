import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { type OpenedPage, openPage, waitForHeading } from './support/pages';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let opened: OpenedPage;
const consoleErrors: string[] = [];

beforeAll(async () => {
  const [started, launched] = await Promise.allSettled([startServer(), launchBrowser()]);
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  if (launched.status === 'rejected') throw launched.reason;
  if (started.status === 'rejected') throw started.reason;
  opened = await openPage(browser, server.baseUrl);
  opened.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

afterAll(async () => {
  await opened?.context.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

// The tests share one page and run in order: install, then use offline.
describe('installable app (SPEC 7)', () => {
  it('registers /sw.js and activates it, with a manifest Chromium accepts for installing', async () => {
    const { page, context } = opened;
    await page.goto('/install');
    await waitForHeading(page, "Installer l'application");

    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, scriptURL: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${server.baseUrl}/`, scriptURL: `${server.baseUrl}/sw.js` });

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { name?: string; icons?: { src: string }[] };
    expect(parsed.name).toBe('Cursus');
    expect(parsed.icons).toHaveLength(3);
    for (const icon of parsed.icons ?? []) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
    }
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await cdp.detach();
    // Test contexts are incognito, where Chromium never installs; any other reason is ours to fix.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    expect(consoleErrors).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
  });

  it('keeps the start-up table check in the init cache (SPEC 3)', async () => {
    const cache = await opened.page.evaluate(() =>
      JSON.parse(localStorage.getItem('app-init-cache') ?? 'null'),
    );
    expect(cache).toMatchObject({ tablesChecked: true, version: expect.any(String) });
  });

  it('opens app pages offline from the precache, but never answers an API path from it', async () => {
    const { page, context } = opened;
    // A page loaded after activation is controlled by the worker.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    try {
      await page.goto('/privacy');
      await waitForHeading(page, 'Politique de confidentialité');
      await page.getByText('Mode hors ligne - Seules les formations téléchargées sont accessibles').waitFor();

      const api = await page.evaluate(async () => {
        try {
          return (await fetch('/api/health')).status;
        } catch {
          return 'network error';
        }
      });
      expect(api).toBe('network error');
      await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    } finally {
      await context.setOffline(false);
    }
  });
});

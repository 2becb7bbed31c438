import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';
import { type OpenedPage, waitForHeading } from './support/pages';

const journey = useJourney();
let opened: OpenedPage;
const consoleErrors: string[] = [];

beforeAll(async () => {
  opened = await journey.open({ serviceWorker: true });
  opened.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
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
    expect(worker).toEqual({
      scope: `${journey.server.baseUrl}/`,
      scriptURL: `${journey.server.baseUrl}/sw.js`,
    });

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${journey.server.baseUrl}/manifest.webmanifest`);
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

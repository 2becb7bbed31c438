import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser } from './browser';
import { type Credentials, type OpenedPage, openPage, type PageOptions } from './pages';
import { type DemoAccount, type DemoRole, type RunningServer, startServer } from './server';

/** A spec file's own server and browser, and the pages its journeys open in it. */
export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The accounts the demo seed wrote to demo-accounts.txt. */
  readonly demoAccounts: readonly DemoAccount[];
  /**
   * The n-th demo account of a role. Journeys use different accounts where they can, so the
   * per-email sign-in rate limit never decides a test's outcome.
   */
  demo(role: DemoRole, index?: number): Credentials;
  /** A fresh page (see `openPage`), closed once the file's tests are done. */
  open(options?: PageOptions): Promise<OpenedPage>;
}

/** Starts the server and the browser before the file's tests, and stops both after them. */
export function useJourney(): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let demoAccounts: DemoAccount[] = [];
  const openedPages: OpenedPage[] = [];

  beforeAll(async () => {
    // Start both at once: the server takes seconds to open its database. Keep whichever
    // started even if the other failed, so afterAll can still stop it.
    const [started, launched] = await Promise.allSettled([
      startServer({ seeded: inject('seededDemo'), bundle: inject('serverBundle') }),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (launched.status === 'rejected') throw launched.reason;
    if (started.status === 'rejected') throw started.reason;
    demoAccounts = await started.value.readDemoAccounts();
  });

  // CI runs a failed journey once more (vitest.config.ts), and the reporter prints nothing of an
  // attempt that the retry made good: its error goes to the log here, so the defect can be traced.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(({ task }) => {
      const errors = task.result?.errors?.map((error) => error.stack ?? error.message) ?? [];
      console.error(
        `journey attempt ${(task.result?.retryCount ?? 0) + 1} failed: ${task.name}\n${errors.join('\n')}`,
      );
    });
  });

  afterAll(async () => {
    // Side by side: neither needs the other any more, and the server's graceful stop takes seconds.
    await Promise.all([
      (async () => {
        for (const { context } of openedPages) await context.close().catch(() => {});
        await browser?.close();
      })(),
      server?.stop(),
    ]);
  });

  const running = () => {
    if (!server || !browser) throw new Error('the server and browser start in beforeAll');
    return { server, browser };
  };

  return {
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    get demoAccounts() {
      return demoAccounts;
    },
    demo(role, index = 0) {
      const account = demoAccounts.filter((candidate) => candidate.role === role)[index];
      if (!account) throw new Error(`demo-accounts.txt has no ${role} number ${index + 1}`);
      return account;
    },
    async open(options = {}) {
      const { server, browser } = running();
      const opened = await openPage(browser, server.baseUrl, options);
      openedPages.push(opened);
      return opened;
    },
  };
}

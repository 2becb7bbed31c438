import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type DemoAccount, seedDemo } from '../src/demo-seed.ts';
import { cookieHeader, createTestApp, signIn, type TestApp } from './helper.ts';

/**
 * One seeded demo organisation shared by every domain's demo checks (`seed-demo-*.check.ts`, run by
 * `test/demo-seed.test.ts`): seeding the whole demo costs seconds, so it is done once per run rather
 * than once per domain. The checks only read, so their order does not matter.
 */
export interface DemoWorld {
  readonly testApp: TestApp;
  readonly accounts: readonly DemoAccount[];
  /** The demo account whose address starts with `local@`, e.g. 'lea.martin'. */
  account(local: string): DemoAccount;
  /**
   * That person's session cookie, signed in once for the whole file: sign-ins are limited per IP
   * and every injected request comes from the same one.
   */
  cookieOf(local: string): Promise<string>;
  /** A GET of `url` as that person. */
  get(local: string, url: string): Promise<LightMyRequestResponse>;
}

export function useDemoWorld(): DemoWorld {
  let testApp: TestApp | undefined;
  let dataDir = '';
  let accounts: DemoAccount[] = [];
  const cookies = new Map<string, Promise<string>>();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-demo-'));
    // Stored files (attachments, documents, certificates) go under this DATA_DIR too.
    testApp = await createTestApp({ seedsDemo: true, env: { DATA_DIR: dataDir } });
    accounts = await seedDemo({ modules: testApp.modules, dataDir });
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = () => {
    if (!testApp) throw new Error('the demo world is seeded in beforeAll');
    return testApp;
  };
  const world: DemoWorld = {
    get testApp() {
      return ready();
    },
    get accounts() {
      return accounts;
    },
    account(local) {
      const found = accounts.find((candidate) => candidate.email.startsWith(`${local}@`));
      if (!found) throw new Error(`no demo account ${local}`);
      return found;
    },
    cookieOf(local) {
      let cookie = cookies.get(local);
      if (!cookie) {
        const person = world.account(local);
        cookie = signIn(ready().app, person.email, person.password).then((response) => {
          if (response.statusCode !== 200) throw new Error(`${local} could not sign in: ${response.body}`);
          return cookieHeader(response);
        });
        cookies.set(local, cookie);
      }
      return cookie;
    },
    async get(local, url) {
      return ready().app.inject({ method: 'GET', url, headers: { cookie: await world.cookieOf(local) } });
    },
  };
  return world;
}

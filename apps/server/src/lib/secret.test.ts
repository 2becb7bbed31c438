import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import { serverSecrets } from './secret.tables.ts';
import { resolveAuthSecret } from './secret.ts';

const dataDirs: string[] = [];
const newDataDir = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-secret-'));
  dataDirs.push(dataDir);
  return dataDir;
};
afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

describe('the auth secret', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => database.close());

  it('is AUTH_SECRET when set, and nothing is stored', async () => {
    const configured = 'configured-secret-configured-secret-0123';
    expect(await resolveAuthSecret({ configured, db: database.db, dataDir: newDataDir() })).toBe(configured);
    expect(await database.db.select().from(serverSecrets)).toEqual([]);
  });

  it('without AUTH_SECRET, is generated once and found by every instance, even starting together', async () => {
    const resolve = () =>
      resolveAuthSecret({ configured: undefined, db: database.db, dataDir: newDataDir() });
    const together = await Promise.all([resolve(), resolve(), resolve(), resolve()]);
    expect(new Set(together).size).toBe(1);
    expect(together[0]!.length).toBeGreaterThanOrEqual(32);
    // A later start, on another machine, finds the same one.
    expect(await resolve()).toBe(together[0]);
  });

  it('adopts the secret an earlier version generated into DATA_DIR, so sessions survive the upgrade', async () => {
    const dataDir = newDataDir();
    const earlier = 'earlier-generated-secret-in-data-dir-0123';
    writeFileSync(path.join(dataDir, 'auth-secret'), `${earlier}\n`);
    expect(await resolveAuthSecret({ configured: undefined, db: database.db, dataDir })).toBe(earlier);
    expect(await resolveAuthSecret({ configured: undefined, db: database.db, dataDir: newDataDir() })).toBe(
      earlier,
    );
  });
});

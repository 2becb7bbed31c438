import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabaseAndCopies, isOnPostgres } from './database';
import { type SeededDemo, seedDemoOnPostgres, startServer } from './server';
import { bundleServer } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo every spec file's server starts from (a copy of it). */
    seededDemo: SeededDemo;
    /** The server module each spec file's server runs (server-bundle.ts). */
    serverBundle: string;
  }
}

/**
 * Seeds the demo once; each spec file's server then starts on a copy of it, with the same demo
 * accounts, instead of creating and seeding a database of its own.
 * - Embedded engine: the server starts on an empty DATA_DIR, as a newcomer's first `npm start` does,
 *   and that directory is kept after a graceful stop.
 * - PostgreSQL (TEST_DATABASE_URL, as in CI): `npm run seed:demo`'s script fills a template database;
 *   each server gets a database created from it. The embedded first start still runs, beside it.
 */
export default async function setup(project: TestProject) {
  // The bundle is made while the demo is seeded; whichever was made is removed if the other failed.
  const started = await Promise.allSettled([bundleServer(), seedDemo()]);
  const [bundle, demo] = [fulfilledValue(started[0]), fulfilledValue(started[1])];
  const teardown = async () => {
    await bundle?.remove();
    await demo?.remove();
  };
  if (!bundle || !demo) {
    await teardown();
    throw started.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))[0];
  }
  project.provide('seededDemo', demo.seeded);
  project.provide('serverBundle', bundle.entry);
  return teardown;
}

function fulfilledValue<T>(result: PromiseSettledResult<T>): T | undefined {
  return result.status === 'fulfilled' ? result.value : undefined;
}

/** The demo as described above, and how to remove it once the run is over. */
async function seedDemo(): Promise<{ seeded: SeededDemo; remove: () => Promise<void> }> {
  if (isOnPostgres()) {
    const dataDir = await mkdtemp(join(tmpdir(), 'cursus-e2e-seed-'));
    const database = `cursus_e2e_${process.pid}_${Date.now().toString(36)}`;
    await createDatabase(database);
    // A newcomer's first `npm start` (embedded database, seeded on start) is still proven, alongside.
    await Promise.all([seedDemoOnPostgres(database, dataDir), startOnEmptyDataDir()]);
    return {
      seeded: { dataDir, database },
      remove: async () => {
        await dropDatabaseAndCopies(database);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = await startOnEmptyDataDir({ keepDataDir: true });
  return {
    seeded: { dataDir, database: null },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Starts the server on an empty DATA_DIR, waits for the demo accounts it seeds, and stops it. */
async function startOnEmptyDataDir(options: { keepDataDir?: boolean } = {}): Promise<string> {
  const server = await startServer();
  const accounts = await server.readDemoAccounts();
  if (!accounts.some((account) => account.role === 'trainer')) throw new Error('the demo has no trainer');
  await server.stop(options);
  return server.dataDir;
}

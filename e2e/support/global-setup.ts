import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR in which the server has created, migrated and seeded its embedded database. */
    seededDataDir: string;
  }
}

/**
 * Starts the server once on an empty DATA_DIR, as a newcomer's first `npm start` does, and keeps
 * that directory after a graceful stop: each spec file's server then starts on a copy of it, with
 * the same demo accounts, instead of creating and seeding a database of its own.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  await server.readDemoAccounts();
  await server.stop({ keepDataDir: true });
  project.provide('seededDataDir', server.dataDir);
  return async () => {
    await rm(server.dataDir, { recursive: true, force: true });
  };
}

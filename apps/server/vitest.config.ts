import { defineConfig } from 'vitest/config';

/**
 * With TEST_DATABASE_URL (CI), `npm test` runs every server suite on PostgreSQL, and on the embedded
 * engine only the files that reach what the two engines do differently: role switching per
 * statement and row-level security (tenancy, the time tracked), LISTEN/NOTIFY (notifications), the
 * jobs' handle (scheduler), the first start with its demo seed, shutdown, and the migration tested
 * on PGlite alone. The rest is the same SQL on both engines, and running it twice cost CI about
 * four minutes (see docs/ARCHITECTURE.md, Tests). Without TEST_DATABASE_URL every file runs on
 * PGlite, as a newcomer's `npm test` does.
 */
const ENGINE_FILES = [
  'test/tenancy.test.ts',
  'test/demo-seed.test.ts',
  'test/notifications-migration.test.ts',
  'test/shutdown.test.ts',
  'src/lib/scheduler.test.ts',
  'src/modules/notifications/notifications.routes.test.ts',
  'src/modules/time-tracking/time-tracking.routes.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include:
      process.env.SERVER_SUITES === 'engine-specific'
        ? ENGINE_FILES
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // A file's world (a copy of the migrated template, its app and accounts) is built in a hook: in
    // CI the engine-specific files build theirs on PGlite while the PostgreSQL run is at its busiest,
    // and four at once once took past 60 s.
    hookTimeout: 120_000,
    // A file spends much of its time waiting on its database and timers, so four files at once keep
    // two cores busy (vitest's default on a 2-core machine is one). Files share a worker's loaded
    // modules instead of importing Fastify, Drizzle and better-auth again each: the server keeps no
    // module-level state, and each file builds its own app on its own database.
    // Beside the PostgreSQL run (engine-specific, in CI), two: each PGlite holds its own database in
    // memory and CPU, and there are only seven files.
    maxWorkers: process.env.SERVER_SUITES === 'engine-specific' ? 2 : 4,
    isolate: false,
    // Projects with different worker counts run one after the other (vitest groups them).
    sequence: { groupOrder: 1 },
  },
});

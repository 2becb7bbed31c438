import { defineConfig } from 'vitest/config';

// Browser journeys: each spec file starts its own server and browser. On the embedded engine files
// run one after another (two embedded databases and two Chromiums at once are slow on a 2-core
// machine); on PostgreSQL (TEST_DATABASE_URL, as in CI) the database works in its own processes and
// two files run side by side. The demo is seeded once, in the global setup, and each server starts
// on a copy of it.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: onPostgres,
    maxWorkers: onPostgres ? 2 : 1,
    // A journey is many steps: the longest took 60 s in a CI run on a slow 2-core machine. What it
    // waits for has its own 30 s cap (support/pages.ts).
    testTimeout: 180_000,
    // expect.poll waits as long as any other wait of a journey (support/pages.ts): its own default,
    // one second, failed a journey while the machine was busy.
    expect: { poll: { timeout: 30_000 } },
    // In CI a journey that fails is run once more before the run fails: a shared 2-core machine
    // sometimes loses a race a person never would (two were fixed this way, see the git log). The
    // reporter marks such a test "(retry x1)": each one is a defect to fix, not a pass to keep.
    retry: process.env.CI ? 1 : 0,
    // Starting the server includes a fresh embedded database (initdb, migrations, demo seed).
    hookTimeout: 120_000,
  },
});

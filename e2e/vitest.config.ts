import { defineConfig } from 'vitest/config';

// Browser journeys: each spec file starts its own server and browser, so files run one after another
// (two embedded databases and two Chromiums at once are slow on a 2-core CI machine). The demo
// database is created once, in the global setup, and each server starts on a copy of it.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // Starting the server includes a fresh embedded database (initdb, migrations, demo seed).
    hookTimeout: 120_000,
  },
});

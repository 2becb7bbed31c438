import { defineConfig } from 'vitest/config';

// Unit, API and component suites; browser journeys run separately (e2e/vitest.config.ts). Each
// project sets its worker count: vitest's default on a 2-core machine is a single worker.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      // Checks of the project's own tooling (the import boundaries of `npm run lint`). Each test starts
      // dependency-cruiser: a second or two on a quiet machine, past the 5 s default when CI runs the
      // suites side by side on its two cores.
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          testTimeout: 30_000,
        },
      },
      // The dataset generator's shapes, on the embedded engine (a few seconds).
      {
        test: {
          name: 'bench',
          include: ['bench/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

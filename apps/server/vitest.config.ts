import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file spends much of its time waiting on its database and timers, so four files at once keep
    // two cores busy (vitest's default on a 2-core machine is one). Files share a worker's loaded
    // modules instead of importing Fastify, Drizzle and better-auth again each: the server keeps no
    // module-level state, and each file builds its own app on its own database.
    maxWorkers: 4,
    isolate: false,
    // Projects with different worker counts run one after the other (vitest groups them).
    sequence: { groupOrder: 1 },
  },
});

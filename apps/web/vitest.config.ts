import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Component tests are CPU-bound: one file per core (vitest's default here would be one in all).
    maxWorkers: 2,
    // The files of a worker share its modules and its happy-dom: isolating each file cost more than
    // its tests (setup 157 s, environment 102 s and imports 82 s for 111 s of tests, 257 s in all on a
    // quiet machine; 45 s without). What a test leaves behind is reset after each one in
    // setup-tests.ts; `npx vitest run --project web --sequence.shuffle --sequence.seed=N` with a few
    // seeds shows whether a file has come to depend on what another left.
    isolate: false,
    // A screen test renders a whole route (its lazy modules, the query layer, translations): on a
    // shared 2-core machine under load the first one of a file has taken over the 5 s default.
    testTimeout: 15_000,
  },
});

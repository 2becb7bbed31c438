import { defineConfig } from 'vitest/config';

// Unit, API and component suites; browser journeys run separately (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});

import { defineConfig } from 'vitest/config';

/** One test run for the whole monorepo; each workspace keeps its own vitest config. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
});

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** Where CI collects every runner's JSON report for its closing line (scripts/test-summary.ts). */
const resultsDir = process.env.TEST_RESULTS_DIR;

/** One test run for the whole monorepo; each workspace keeps its own vitest config. */
export default defineConfig({
  test: {
    reporters: resultsDir
      ? ['default', ['json', { outputFile: join(resultsDir, `vitest-${process.pid}.json`) }]]
      : ['default'],
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
    // Two workers a core: many files wait (on worker threads, child processes, timers) rather than
    // compute, so one a core left a 2-core machine half idle (whole run 17.3 min with 2 workers,
    // 9.7 min with 4, every test passing). Capped so a large machine does not start dozens of PGlites.
    maxWorkers: Math.min(8, availableParallelism() * 2),
  },
});

/**
 * One closing line for a CI run: the tests of every vitest and Playwright run that wrote a JSON
 * report into the folder(s) given, as `tests: N passed, N failed, N skipped`. CI services read a
 * run's last lines to tell a run that tested from one that did not; neither runner's own summary is
 * in the form they read. A Playwright test that passed on its retry counts as passed.
 *
 *   npx tsx scripts/test-summary.ts DIR [DIR…]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

export function countsOf(report: unknown): Counts {
  if (report && typeof report === 'object' && 'stats' in report) {
    const { stats } = report as PlaywrightReport;
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
    };
  }
  const vitest = report as VitestReport;
  return {
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  };
}

export function summarise(dirs: string[]): { line: string; reports: number } {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  let reports = 0;
  for (const dir of dirs) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
      const counts = countsOf(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
      reports += 1;
    }
  }
  return {
    line: `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`,
    reports,
  };
}

if (import.meta.filename === process.argv[1]) {
  const { line, reports } = summarise(process.argv.slice(2));
  console.log(line);
  // No report at all means no test ran: say so by the exit code too.
  if (reports === 0) process.exitCode = 1;
}

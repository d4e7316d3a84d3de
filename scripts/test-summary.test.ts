import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarise } from './test-summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('test summary', () => {
  it('adds vitest and Playwright reports into one closing line', () => {
    writeFileSync(
      join(dir, 'vitest-1.json'),
      JSON.stringify({ numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1 }),
    );
    writeFileSync(
      join(dir, 'playwright.json'),
      JSON.stringify({ stats: { expected: 5, unexpected: 2, flaky: 1, skipped: 3 } }),
    );
    writeFileSync(join(dir, 'notes.txt'), 'not a report');
    expect(summarise([dir])).toEqual({ line: 'tests: 16 passed, 3 failed, 6 skipped', reports: 2 });
  });

  it('fails when no runner wrote a report', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    let status = 0;
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'test-summary.ts'), empty],
        {
          stdio: 'pipe',
        },
      );
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(1);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run bench:smoke` on a package.json of stand-in benches (BENCH_SMOKE_PACKAGE): which scripts it
 * runs, that they see BENCH_SMOKE=1, and its exit status and report.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'agaton-bench-smoke-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exit = (code: number) => `node -e "process.exit(${code})"`;
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    scripts: {
      'bench:smoke-aware': `node -e "console.log('aware says hi'); process.exit(process.env.BENCH_SMOKE === '1' ? 0 : 2)"`,
      'bench:broken': `node -e "console.log('broken says hi'); process.exit(3)"`,
      'bench:hangs': 'node -e "setTimeout(() => {}, 60000)"',
      'bench:smoke': exit(4),
      'qa:fit': exit(5),
    },
  }),
);

async function smoke(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench-smoke.ts', ...args], {
      cwd: root,
      env: { ...process.env, BENCH_SMOKE_PACKAGE: join(dir, 'package.json'), ...env },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('bench:smoke', () => {
  it('runs every bench:* script but itself in smoke mode, ends one that hangs, fails when one fails', async () => {
    // Long enough for npm and node to start on a busy two-core CI machine (2 s was not, 2026-11-30).
    const { code, stdout } = await smoke([], { BENCH_SMOKE_TIMEOUT_SECONDS: '15' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ {2}bench:smoke-aware +\d+ s .* ok$/m);
    expect(stdout).toMatch(/^ {2}bench:broken +\d+ s .* FAILED \(exit 3\)$/m);
    expect(stdout).toMatch(/^ {2}bench:hangs +\d+ s .* FAILED \(no end after 15 s\)$/m);
    expect(stdout).toContain('3 benches in');
    expect(stdout).toContain('2 failed: bench:broken, bench:hangs');
    expect(stdout).not.toContain('exit 4');
    expect(stdout).not.toContain('qa:fit');
  });

  it('exits 0 when every bench it was asked for ran', async () => {
    const { code, stdout } = await smoke(['aware']);
    expect(code).toBe(0);
    expect(stdout).toContain('1 benches in');
    expect(stdout).toContain('all ran');
  });

  it('with BENCH_SMOKE_LOG_DIR keeps every output in a log and shows only the last lines of a failed bench', async () => {
    const logs = join(dir, 'logs');
    const { code, stdout } = await smoke(['aware', 'broken'], { BENCH_SMOKE_LOG_DIR: logs });
    expect(code).toBe(1);
    expect(stdout).not.toContain('aware says hi');
    expect(stdout).toMatch(/^ {3}\| broken says hi$/m);
    expect(readFileSync(join(logs, 'bench_smoke-aware.log'), 'utf8')).toContain('aware says hi');
    expect(readFileSync(join(logs, 'bench_broken.log'), 'utf8')).toContain('broken says hi');
  });

  it('fails when no bench matches', async () => {
    const { code, stdout } = await smoke(['no-such-bench']);
    expect(code).toBe(1);
    expect(stdout).toContain('no bench:* script matched no-such-bench');
  });
});

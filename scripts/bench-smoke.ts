/**
 * `npm run bench:smoke`: every `bench:*` script of package.json in smoke mode (`BENCH_SMOKE=1`, see
 * packages/speech/bench/smoke.ts), one after another, so a bench that no longer runs fails CI
 * (`.ci/run`). Prints each bench's wall time, CPU time (its processes', which a busy machine inflates
 * less than wall time) and result, and exits 1 when any failed. A bench added to package.json is
 * included without a change here.
 *
 *   npm run bench:smoke [-- api scoring]   (only the benches whose name contains one of the words)
 *
 * BENCH_SMOKE_TIMEOUT_SECONDS (default 600) ends a bench that hangs (its whole process group) and
 * counts it as failed. BENCH_SMOKE_PACKAGE names another package.json (the runner's own test).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = 'bench:smoke';
const packageJson = resolve(
  process.env.BENCH_SMOKE_PACKAGE ?? fileURLToPath(new URL('../package.json', import.meta.url)),
);
const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 600) * 1000;
const only = process.argv.slice(2);

const scripts = Object.keys(
  (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {},
);
const benches = scripts.filter(
  (name) =>
    name.startsWith('bench:') && name !== SELF && (!only.length || only.some((w) => name.includes(w))),
);

/**
 * CPU seconds (user + system) of this process's ended children and their waited-for descendants, from
 * /proc/self/stat (`cutime`, `cstime`, in 1/100 s); null where /proc is missing.
 */
function childCpuSec(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Runs one bench in smoke mode; its output goes straight through. */
function run(name: string): Promise<{ ok: boolean; detail: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '-s', name], {
      cwd: dirname(packageJson),
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: 'inherit',
      // Its own process group, so a timeout ends the servers and workers it started too.
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ ok: false, detail: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) done({ ok: false, detail: `no end after ${timeoutMs / 1000} s` });
      else done({ ok: code === 0, detail: code === null ? `killed by ${signal}` : `exit ${code}` });
    });
  });
}

interface Result {
  name: string;
  seconds: number;
  cpu: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];
const started = performance.now();
for (const name of benches) {
  console.log(`\n=== ${name} (smoke)`);
  const t0 = performance.now();
  const cpu0 = childCpuSec();
  const outcome = await run(name);
  const cpu1 = childCpuSec();
  const cpu = cpu0 === null || cpu1 === null ? '?' : `${(cpu1 - cpu0).toFixed(0)} s`;
  const result = { name, seconds: (performance.now() - t0) / 1000, cpu, ...outcome };
  results.push(result);
  console.log(
    `=== ${name}: ${outcome.ok ? 'ok' : 'FAILED'} (${outcome.detail}) in ${result.seconds.toFixed(0)} s`,
  );
}

console.log('\nbench smoke runs          wall     CPU');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(24)} ${`${r.seconds.toFixed(0)} s`.padStart(6)}  ${r.cpu.padStart(6)}  ${r.ok ? 'ok' : `FAILED (${r.detail})`}`,
  );
const failed = results.filter((r) => !r.ok);
console.log(
  `${results.length} benches in ${((performance.now() - started) / 1000).toFixed(0)} s; ${failed.length ? `${failed.length} failed: ${failed.map((r) => r.name).join(', ')}` : 'all ran'}`,
);
if (!results.length) console.log(`no bench:* script matched ${only.join(', ') || '(none in package.json)'}`);
process.exit(failed.length || !results.length ? 1 : 0);

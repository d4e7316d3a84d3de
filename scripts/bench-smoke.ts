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
 * BENCH_SMOKE_LOG_DIR (set by .ci/run) sends each bench's output to `<dir>/<bench>.log` instead of the
 * terminal and prints the last lines of a bench that failed: a CI service reading the run's output
 * for test runners' closing lines then meets none of the benches' own lines (a table or a summary line
 * can look like one).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = 'bench:smoke';
const packageJson = resolve(
  process.env.BENCH_SMOKE_PACKAGE ?? fileURLToPath(new URL('../package.json', import.meta.url)),
);
const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 600) * 1000;
const only = process.argv.slice(2);
const logDir = process.env.BENCH_SMOKE_LOG_DIR ? resolve(process.env.BENCH_SMOKE_LOG_DIR) : null;
const FAILED_TAIL_LINES = 60;

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

/** Where a bench's output goes: the terminal, or its log file when BENCH_SMOKE_LOG_DIR is set. */
function logOf(name: string): string | null {
  return logDir ? join(logDir, `${name.replace(/[^\w.-]/g, '_')}.log`) : null;
}

/** Runs one bench in smoke mode; its output goes to the terminal or to its log file. */
function run(name: string): Promise<{ ok: boolean; detail: string }> {
  const log = logOf(name);
  const fd = log ? openSync(log, 'w') : null;
  return new Promise((done) => {
    const child = spawn('npm', ['run', '-s', name], {
      cwd: dirname(packageJson),
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: fd === null ? 'inherit' : ['ignore', fd, fd],
      // Its own process group, so a timeout ends the servers and workers it started too.
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    const end = () => {
      clearTimeout(timer);
      if (fd !== null) closeSync(fd);
    };
    child.on('error', (error) => {
      end();
      done({ ok: false, detail: error.message });
    });
    child.on('exit', (code, signal) => {
      end();
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
if (logDir) {
  mkdirSync(logDir, { recursive: true });
  console.log(`bench smoke: each bench's output in ${logDir}/<bench>.log`);
}
for (const name of benches) {
  console.log(logDir ? `${name} (smoke)…` : `\n── ${name} (smoke)`);
  const t0 = performance.now();
  const cpu0 = childCpuSec();
  const outcome = await run(name);
  const cpu1 = childCpuSec();
  const cpu = cpu0 === null || cpu1 === null ? '?' : `${(cpu1 - cpu0).toFixed(0)} s`;
  const result = { name, seconds: (performance.now() - t0) / 1000, cpu, ...outcome };
  results.push(result);
  console.log(
    `── ${name}: ${outcome.ok ? 'ok' : 'FAILED'}, ${outcome.detail}, ${result.seconds.toFixed(0)} s`,
  );
  const log = logOf(name);
  if (!outcome.ok && log) {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.log(`   its last ${Math.min(lines.length, FAILED_TAIL_LINES)} lines (all in ${log}):`);
    for (const line of lines.slice(-FAILED_TAIL_LINES)) console.log(`   | ${line}`);
  }
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

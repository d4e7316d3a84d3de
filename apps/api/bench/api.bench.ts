/**
 * `npm run bench:api`: starts the real server (tsx src/server.ts) in its own process on loopback, against
 * PGlite and — when reachable — PostgreSQL, and drives it with autocannon:
 *   - sign-in: POST /api/authn/password (argon2id verify + one-time code)
 *   - me:      GET /api/app-user/me with a bearer access token (JWT verify + one indexed query)
 * at 50 and 200 connections, as a coach the bench signs up first (a server without demo data has no
 * account). Prints requests/s, p50/p99 latency and the server's CPU time per request (steadier than
 * requests/s on a shared machine).
 *
 * Env: BENCH_DURATION (seconds per run, default 10), BENCH_PG_URL (default DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_BACKENDS (default "pglite,postgres"),
 * BENCH_API_PROCESSES (API_PROCESSES of the PostgreSQL server, default 1; above 1 it uses the Redis at
 * BENCH_REDIS_URL, default redis://127.0.0.1:6379), BENCH_SCENARIOS ("me", "sign-in" or both, the
 * default), BENCH_NODE_ARGS (extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * Smoke run (BENCH_SMOKE=1): PGlite only unless BENCH_BACKENDS says otherwise, 4 connections for 2 s
 * with no warm-up; fails when a request fails or a scenario got no answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@agaton/db/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { processTree } from './process-tree.ts';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? smokeOr(10, 2));
const pgUrl =
  process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = smokeOr([50, 200], [4]);
const WARM_UP_SECONDS = smokeOr(2, 0);
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'me,sign-in').split(',');

interface Row {
  backend: string;
  scenario: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time (all its processes, user + system) per answered request, in µs. */
  cpuUsPerReq: number;
}

/**
 * CPU time in ms used so far by `pid` and every process below it (a cluster's workers); NaN off Linux.
 * Requests per second spread by half between runs on a shared VM, while CPU time per request spreads
 * less, so the bench prints both.
 */
function treeCpuMs(pid: number): number {
  try {
    return [...processTree(pid).cpu.values()].reduce((sum, sec) => sum + sec, 0) * 1000;
  } catch {
    return Number.NaN;
  }
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/server.ts'],
    {
      cwd: apiDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '100000000',
        WEB_DIST_DIR: join(tmpdir(), 'agaton-bench-no-spa'),
        // The speech workers would otherwise load their models while /me is being measured.
        SCORING_WARM: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // One process prints its banner; a cluster's primary says when all of them listen.
  const ready = Number(env.API_PROCESSES ?? 1) > 1 ? 'API processes share the port' : 'Agaton is running';
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes(ready)) resolve();
    });
  });
  return { url, child };
}

async function post(url: string, body: unknown): Promise<Record<string, string>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

/** Waits until the server answers promptly again (aborted sign-ins may still be hashing). */
async function drained(url: string) {
  for (let i = 0; i < 60; i++) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function benchBackend(backend: string, env: Record<string, string>): Promise<Row[]> {
  const { url, child } = await startServer(env);
  const rows: Row[] = [];
  try {
    // A new coach, as one signs up in the browser; the sign-in scenario then uses its password.
    const credentials = { username: `bench-${Date.now()}@example.com`, password: 'Bench12345' };
    const { authCode } = await post(`${url}/api/authn/sign-up`, {
      email: credentials.username,
      password: credentials.password,
    });
    const session = await post(`${url}/api/token`, { code: authCode });
    // The sign-in scenario's request once alone, so a refusal fails with its answer rather than a count.
    await post(`${url}/api/authn/password`, credentials);
    // /me first: queued argon2 work from a saturated sign-in run would otherwise leak into it.
    const scenarios = [
      {
        key: 'me',
        name: 'GET /api/app-user/me',
        options: {
          method: 'GET' as const,
          path: '/api/app-user/me',
          headers: { authorization: `Bearer ${session.accessToken}` } as Record<string, string>,
          body: undefined,
        },
      },
      {
        key: 'sign-in',
        name: 'sign-in POST /api/authn/password',
        options: {
          method: 'POST' as const,
          path: '/api/authn/password',
          headers: { 'content-type': 'application/json' } as Record<string, string>,
          body: JSON.stringify(credentials),
        },
      },
    ];
    for (const scenario of scenarios.filter((s) => SCENARIOS.includes(s.key))) {
      for (const connections of CONNECTIONS) {
        // autocannon takes the path as part of the URL.
        const { path, ...request } = scenario.options;
        const target = { ...request, url: `${url}${path}`, connections };
        // A short warm-up so JIT and the pool are ready before measuring.
        if (WARM_UP_SECONDS) await run({ ...target, duration: WARM_UP_SECONDS });
        const cpuBefore = treeCpuMs(child.pid ?? 0);
        const result = await run({ ...target, duration });
        const cpuMs = treeCpuMs(child.pid ?? 0) - cpuBefore;
        const row: Row = {
          backend,
          scenario: scenario.name,
          connections,
          reqPerSec: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          cpuUsPerReq: Math.round((cpuMs * 1000) / Math.max(1, result['2xx'] + result.non2xx)),
        };
        rows.push(row);
        await drained(url);
        console.log(
          `${backend.padEnd(10)} ${scenario.name.padEnd(34)} c=${String(connections).padEnd(4)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}  server CPU ${row.cpuUsPerReq} µs/req`,
        );
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return rows;
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const backends = (process.env.BENCH_BACKENDS ?? smokeOr('pglite,postgres', 'pglite')).split(',');
announceSmoke(
  `${backends.join(' and ')}, ${CONNECTIONS.join(', ')} connections for ${duration} s, no warm-up`,
);
const all: Row[] = [];
if (backends.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'agaton-bench-'));
  try {
    all.push(...(await benchBackend('pglite', { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const wantPostgres = backends.includes('postgres');
if (wantPostgres && (await postgresReachable())) {
  const database = await createTestDatabase({ databaseUrl: pgUrl });
  const pgDataDir = mkdtempSync(join(tmpdir(), 'agaton-bench-pg-'));
  try {
    const cluster: Record<string, string> =
      API_PROCESSES > 1 ? { API_PROCESSES: String(API_PROCESSES), REDIS_URL } : {};
    const label = API_PROCESSES > 1 ? `postgres×${API_PROCESSES}` : 'postgres';
    all.push(
      ...(await benchBackend(label, { DATA_DIR: pgDataDir, DATABASE_URL: database.url ?? '', ...cluster })),
    );
  } finally {
    await database.close();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
} else if (wantPostgres) {
  console.log(`PostgreSQL not reachable at ${pgUrl}; skipped.`);
}
console.log('\nSummary (req/s, p50/p99 ms, server CPU µs per request):');
console.table(all);
// A smoke run checks that every scenario was measured and answered.
const broken = all.filter((r) => r.non2xx || r.errors || !r.ok);
if (SMOKE && (broken.length || !all.length)) {
  console.log(
    `smoke run failed: ${all.length ? `${broken.length} scenario(s) with failed requests` : 'no backend ran'}`,
  );
  process.exit(1);
}

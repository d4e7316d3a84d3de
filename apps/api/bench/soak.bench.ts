/**
 * `npm run bench:soak` (issue 16 part 9): the real server (`apps/api/src/server.ts`) and one analysis
 * worker (`apps/api/src/worker.ts`) on a fresh PostgreSQL database this bench creates and drops, with
 * the demo data seeded. Loopback only, bounded in time.
 *
 * 1. Mixed load for SOAK_MINUTES (default 10; `-- --minutes 2` for a quick run): sign-ins, page data,
 *    public demo scoring, recording uploads and QA call uploads with their analyses. Prints
 *    per-endpoint count, errors, p50/p95/p99 and the api's RSS every 10 s (first/last/max, slope).
 * 2. Faults: kill -9 of the api and of the worker while uploads are acknowledged and analyses run
 *    (every acknowledged session/call must end done, or failed with a reason); a PostgreSQL restart
 *    (`-- --restart-postgres`, pg_ctlcluster; without it, since the cluster may be shared, all the app's
 *    database connections are terminated instead); DATA_DIR full (a small tmpfs when this user may
 *    mount one).
 *
 * Env: SOAK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), SOAK_MINUTES. Without a
 * reachable PostgreSQL it prints why and exits 0.
 *
 * Smoke run (BENCH_SMOKE=1): 15 s of load after one public reading scored unrecorded, 8 s recordings,
 * one upload of each kind per fault, and the demo accounts seeded by `npm run db:seed`'s script instead
 * of the api (which would also analyse the demo's recordings and calls, minutes of CPU before the
 * load's own).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { Client, must } from './soak/client.ts';
import { killHard, type Proc, rssMb, startApi, startWorker, waitHealthy } from './soak/processes.ts';
import { EndpointStats, percentiles, RssSeries } from './soak/stats.ts';

const argMinutes = process.argv.indexOf('--minutes');
const MINUTES = Number(
  argMinutes >= 0 ? process.argv[argMinutes + 1] : (process.env.SOAK_MINUTES ?? smokeOr(10, 0.25)),
);
/** `--restart-postgres`: restart the real cluster in step 2c (only on a machine nobody else uses). */
const RESTART_POSTGRES = process.argv.includes('--restart-postgres');
const PG_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4300 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'Soak-demo-1234';
const SENTENCE = 'Then he returned to her and demanded something to eat';

const api = fileURLToPath(new URL('../src/', import.meta.url));
const READING = readFileSync(join(api, 'modules/scoring/fixtures/reading.webm'));
const CALL_AUDIO = readFileSync(join(api, 'modules/qa/calls/fixtures/call-stereo.wav'));
const VTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Agent>Hello, thank you for calling Agaton, this is the support desk.

00:00:04.500 --> 00:00:08.000
<v Customer>Hi. My headset arrived broken and I want my money back.

00:00:08.500 --> 00:00:13.250
<v Agent>I am sorry to hear that. I can arrange a replacement or a refund today.

00:00:14.000 --> 00:00:16.000
<v Customer>Great, thanks.
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmp = mkdtempSync(join(tmpdir(), 'agaton-soak-'));
const dataDir = join(tmp, 'data');
const dbName = `agaton_soak_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/** DATA_DIR on a 256 MB tmpfs when this user may mount one, so "disk full" is a real ENOSPC. */
function mountDataDir(): boolean {
  mkdirSync(dataDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', dataDir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const stats = new EndpointStats();
const http = new Client(base, stats);
const quiet = new Client(base, null);

const env = (): Record<string, string> => ({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl,
  DEMO_PASSWORD,
  SEED_DEMO_DATA: SMOKE ? '0' : '1',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: join(tmp, 'no-web'),
  AUTH_RATE_LIMIT_MAX: '1000000',
  SCORING_RATE_LIMIT_PER_MINUTE: '1000000',
  ANALYSIS_IN_API: '1',
  NODE_ENV: 'development',
});

interface Tokens {
  signedInAt: number;
  coach: string;
  admin: string;
  orgId: string;
  agents: string[];
}

async function signInCoach(client: Client): Promise<string> {
  const { code } = must<{ code: string }>(
    await client.call('POST /api/authn/password', 'POST', '/api/authn/password', {
      json: { username: 'coach@agaton.local', password: DEMO_PASSWORD },
    }),
    'coach sign-in',
  );
  return must<{ accessToken: string }>(
    await client.call('POST /api/token', 'POST', '/api/token', { json: { code } }),
    'token',
  ).accessToken;
}

async function signInAdmin(client: Client) {
  return must<{ accessToken: string; admin: { organizationInfo: { id: string } } }>(
    await client.call('POST /api/admin/auth', 'POST', '/api/admin/auth', {
      json: { username: 'admin@agaton.local', password: DEMO_PASSWORD },
    }),
    'admin sign-in',
  );
}

async function signIn(): Promise<Tokens> {
  const coach = await signInCoach(quiet);
  const admin = await signInAdmin(quiet);
  const orgId = admin.admin.organizationInfo.id;
  const members = must<{ members: { astridIdentityId: string }[] }>(
    await quiet.call('', 'POST', `/api/astridorg/${orgId}/members/list`, {
      token: admin.accessToken,
      json: { filters: {}, pagination: { page: 1, pageSize: 50 } },
    }),
    'members list',
  );
  return {
    signedInAt: Date.now(),
    coach,
    admin: admin.accessToken,
    orgId,
    agents: members.members.map((m) => m.astridIdentityId),
  };
}

/** Access tokens last 15 minutes: signs in again when these are 5 minutes old. */
async function fresh(t: Tokens) {
  if (Date.now() - t.signedInAt < 5 * 60_000) return;
  t.coach = await signInCoach(quiet);
  t.admin = (await signInAdmin(quiet)).accessToken;
  t.signedInAt = Date.now();
}

// ---- uploads and their analyses -------------------------------------------------------------------

interface Tracked {
  kind: 'session' | 'call';
  id: string;
  acknowledgedAt: number;
  status: string;
  error: string | null;
  endedAt?: number;
  label: string;
}

const tracked: Tracked[] = [];

let recordingNo = 0;
/**
 * The demo recording with its own comment tag (stream copy): the api keeps one session per user and
 * audio checksum, so identical bytes would all answer with the first session. Its first 8 s in a
 * smoke run.
 */
function uniqueRecording(): Buffer {
  recordingNo += 1;
  const out = join(tmp, `recording-${recordingNo}.ogg`);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    join(api, 'seed/demo-recordings/speaker-0594.ogg'),
    '-c',
    'copy',
    ...(SMOKE ? ['-t', '8'] : []),
    '-metadata',
    `comment=soak-${process.pid}-${recordingNo}`,
    out,
  ]);
  const bytes = readFileSync(out);
  rmSync(out);
  return bytes;
}

async function uploadSession(client: Client, t: Tokens, label: string): Promise<Tracked | null> {
  const start = new Date(Date.now() - 60_000);
  const form = new FormData();
  form.append('username', 'soak');
  form.append('startTime', start.toISOString());
  form.append('endTime', new Date(start.getTime() + 30_000).toISOString());
  form.append('sessionType', 'default');
  form.append('files', new Blob([new Uint8Array(uniqueRecording())], { type: 'audio/ogg' }), 'meeting.ogg');
  const res = await client.call('POST /api/sessions/recordings', 'POST', '/api/sessions/recordings', {
    token: t.coach,
    form,
  });
  if (!res.ok) return null;
  const item: Tracked = {
    kind: 'session',
    id: (res.body as { meetingId: string }).meetingId,
    acknowledgedAt: Date.now(),
    status: 'queued',
    error: null,
    label,
  };
  tracked.push(item);
  return item;
}

let callNo = 0;
async function uploadCall(client: Client, t: Tokens, label: string): Promise<Tracked | null> {
  callNo += 1;
  const form = new FormData();
  form.append('agentIdentityId', t.agents[callNo % t.agents.length]);
  form.append('title', `Soak call ${callNo}`);
  form.append('occurredAt', new Date().toISOString());
  // Every fourth call is a recording the engine transcribes; the others are transcripts.
  if (callNo % 4 === 0) {
    form.append('audio', new Blob([new Uint8Array(CALL_AUDIO)], { type: 'audio/wav' }), 'call.wav');
  } else {
    form.append('transcript', new Blob([VTT], { type: 'text/vtt' }), 'call.vtt');
  }
  const res = await client.call('POST /api/qa/calls', 'POST', '/api/qa/calls', { token: t.admin, form });
  if (!res.ok) return null;
  const item: Tracked = {
    kind: 'call',
    id: (res.body as { callId: string }).callId,
    acknowledgedAt: Date.now(),
    status: 'queued',
    error: null,
    label,
  };
  tracked.push(item);
  return item;
}

/** Asks for the state of every unfinished upload once. */
async function poll(client: Client, t: Tokens) {
  for (const item of tracked.filter((x) => x.status !== 'done' && x.status !== 'failed')) {
    if (item.kind === 'session') {
      const res = await client.call('GET /api/sessions/:id', 'GET', `/api/sessions/${item.id}`, {
        token: t.coach,
      });
      const a = (res.body as { analysis?: { status: string; error: string | null } } | null)?.analysis;
      if (a) {
        item.status = a.status;
        item.error = a.error;
      }
    } else {
      const res = await client.call('GET /api/qa/calls/:id', 'GET', `/api/qa/calls/${item.id}`, {
        token: t.admin,
      });
      const c = res.body as { status?: string; error?: string | null } | null;
      if (c?.status) {
        item.status = c.status;
        item.error = c.error ?? null;
      }
    }
    if ((item.status === 'done' || item.status === 'failed') && !item.endedAt) item.endedAt = Date.now();
  }
}

async function waitTerminal(t: Tokens, labels: string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  const open = () =>
    tracked.filter((x) => labels.includes(x.label) && x.status !== 'done' && x.status !== 'failed');
  while (open().length && Date.now() < until) {
    await fresh(t);
    await poll(quiet, t);
    if (open().length) await sleep(3000);
  }
  return open();
}

function outcome(labels: string[]) {
  const items = tracked.filter((x) => labels.includes(x.label));
  const done = items.filter((x) => x.status === 'done').length;
  const failed = items.filter((x) => x.status === 'failed');
  const open = items.filter((x) => x.status !== 'done' && x.status !== 'failed');
  const reasons = failed.map((f) => `${f.kind} ${f.id}: ${f.error ?? '(no reason!)'}`);
  return {
    text: `${items.length} acknowledged → ${done} done, ${failed.length} failed${failed.length ? ` (${reasons.join('; ')})` : ''}, ${open.length} unfinished`,
    lost: open.length + failed.filter((f) => !f.error).length,
  };
}

// ---- the mixed load -------------------------------------------------------------------------------

/** A public demo reading of the fixture. */
function scoreForm() {
  const form = new FormData();
  form.append('target_phrase', SENTENCE);
  form.append('audio', new Blob([new Uint8Array(READING)], { type: 'audio/webm' }), 'r.webm');
  return form;
}

/**
 * Unrecorded public readings until one is scored (at most 3), so the models are loaded: a smoke run's
 * 15 s of load hold one reading, which on a busy machine timed out behind their loading at start.
 */
async function warmScoring() {
  for (let i = 0; i < 3; i++)
    if ((await quiet.call('', 'POST', '/api/score/public/phrase', { form: scoreForm() })).ok) return;
}

async function mixedLoad(t: Tokens, minutes: number, apiProc: () => Proc, workerProc: () => Proc) {
  const endAt = Date.now() + minutes * 60_000;
  const running = () => Date.now() < endAt;
  const started = Date.now();
  const apiRss = new RssSeries();
  const workerRss = new RssSeries();
  const loads: number[] = [];
  const sampler = setInterval(() => {
    const minute = (Date.now() - started) / 60_000;
    apiRss.add(minute, rssMb(apiProc().pid));
    workerRss.add(minute, rssMb(workerProc().pid));
    loads.push(loadavg()[0]);
  }, 10_000);
  apiRss.add(0, rssMb(apiProc().pid));
  workerRss.add(0, rssMb(workerProc().pid));

  const every = async (ms: number, fn: () => Promise<unknown>) => {
    while (running()) {
      const t0 = Date.now();
      try {
        await fn();
      } catch (error) {
        stats.record('bench', 0, false, (error as Error).message);
      }
      await sleep(Math.max(0, ms - (Date.now() - t0)));
    }
  };

  const pageData = async () => {
    await http.call('GET /api/app-user/me', 'GET', '/api/app-user/me', { token: t.coach });
    await http.call('GET /api/sessions', 'GET', '/api/sessions?page=1&pageSize=20', { token: t.coach });
    await http.call('GET /api/coaching-reports', 'GET', '/api/coaching-reports?page=1&pageSize=20', {
      token: t.coach,
    });
    await http.call('GET /api/admin/candidates', 'GET', '/api/admin/candidates', { token: t.admin });
    await http.call('GET /api/qa/items', 'GET', '/api/qa/items', { token: t.admin });
  };

  await Promise.all([
    every(3000, async () => {
      // The load's own sign-ins keep the tokens the other loops use fresh.
      t.coach = await signInCoach(http);
      t.admin = (await signInAdmin(http)).accessToken;
      t.signedInAt = Date.now();
    }),
    every(500, pageData),
    every(700, pageData),
    every(10_000, () =>
      http.call('POST /api/score/public/phrase', 'POST', '/api/score/public/phrase', { form: scoreForm() }),
    ),
    every(30_000, () => uploadSession(http, t, 'load')),
    every(20_000, () => uploadCall(http, t, 'load')),
    every(3000, () => poll(http, t)),
  ]);
  clearInterval(sampler);
  return { apiRss, workerRss, loads };
}

// ---- faults --------------------------------------------------------------------------------------

async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const res = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  await admin.end();
  return res.rowCount ?? 0;
}

/** Restarts every PostgreSQL cluster of this machine (Debian's pg_ctlcluster; needs root); ms taken. */
function restartPostgres(): number {
  const t0 = Date.now();
  const clusters = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim().split('\n');
  for (const line of clusters) {
    const [version, cluster] = line.split(/\s+/);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, 'restart'], {
      stdio: 'ignore',
    });
  }
  return Date.now() - t0;
}

function pgCtlclusterUsable(): string {
  try {
    const out = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim();
    return `pg_lsclusters works (${out.split('\n').length} cluster(s)), running as uid ${process.getuid?.()}`;
  } catch (error) {
    return `pg_lsclusters/pg_ctlcluster unusable: ${(error as Error).message.split('\n')[0]}`;
  }
}

function objectFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e);
      try {
        readdirSync(p);
        walk(p);
      } catch {
        out.push(p);
      }
    }
  };
  walk(join(dataDir, 'objects'));
  return out;
}

/** Writes 1 MB blocks until the filesystem refuses one. */
function fillDisk(path: string): number {
  const block = Buffer.alloc(1024 * 1024, 7);
  const fd = openSync(path, 'w');
  let mb = 0;
  try {
    for (;;) {
      writeSync(fd, block);
      mb += 1;
    }
  } catch {
    // ENOSPC: full.
  } finally {
    closeSync(fd);
  }
  return mb;
}

/** Drops the bench's database and removes its DATA_DIR (unmounted first when it is a tmpfs). */
async function cleanUp(mounted: boolean) {
  const dropper = new pg.Client({ connectionString: PG_URL });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await dropper.end();
  if (mounted) execFileSync('umount', [dataDir]);
  rmSync(tmp, { recursive: true, force: true });
}

async function main() {
  const pgAdmin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  try {
    await pgAdmin.connect();
  } catch (error) {
    console.log(`bench:soak skipped: PostgreSQL not reachable at ${PG_URL} (${(error as Error).message})`);
    rmSync(tmp, { recursive: true, force: true });
    return;
  }
  announceSmoke(
    `${MINUTES} min of load, one upload of each kind per fault, demo accounts without recordings`,
  );
  const mounted = mountDataDir();
  await pgAdmin.query(`CREATE DATABASE "${dbName}"`);
  await pgAdmin.end();
  // A smoke run seeds the demo rows alone (the api, asked to seed, would also analyse the demo's media).
  if (SMOKE) {
    try {
      execFileSync(process.execPath, ['--import', 'tsx', join(api, 'seed-cli.ts')], {
        env: { ...process.env, ...env() },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } catch (error) {
      await cleanUp(mounted);
      throw error;
    }
  }
  let apiP = startApi(env());
  let workerP: Proc | null = null;
  const results: string[] = [];
  let lostTotal = 0;
  try {
    const bootStart = Date.now();
    await waitHealthy(base);
    workerP = startWorker(env());
    const t = await signIn();
    console.log(
      `bench:soak on ${base}, database ${dbName}, DATA_DIR ${mounted ? 'on a 256 MB tmpfs' : 'a temp folder'}; api pid ${apiP.pid} (analyses too), worker pid ${workerP.pid}; booted and seeded in ${((Date.now() - bootStart) / 1000).toFixed(0)} s; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(
          ' ',
        )} on ${readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d)).length} cores`,
    );
    if (SMOKE) await warmScoring();
    console.log(`1. mixed load for ${MINUTES} min…`);
    const w = workerP;
    const load = await mixedLoad(
      t,
      MINUTES,
      () => apiP,
      () => w,
    );
    console.log(`   load finished; waiting for the load's analyses (at most 5 min)…`);
    await waitTerminal(t, ['load'], 5 * 60_000);
    const analysis = tracked.filter((x) => x.label === 'load' && x.endedAt);
    const sessionsWall = percentiles(
      analysis.filter((x) => x.kind === 'session').map((x) => ((x.endedAt ?? 0) - x.acknowledgedAt) / 1000),
    );
    const callsWall = percentiles(
      analysis.filter((x) => x.kind === 'call').map((x) => ((x.endedAt ?? 0) - x.acknowledgedAt) / 1000),
    );
    console.log(`\n${stats.table()}`);
    console.log(`requests: ${stats.total}, errors: ${stats.errors}`);
    for (const body of stats.errorBodies.slice(0, 20)) console.log(`   error: ${body}`);
    const loadOutcome = outcome(['load']);
    lostTotal += loadOutcome.lost;
    console.log(`analyses under load: ${loadOutcome.text}`);
    console.log(
      `   acknowledged → ended: sessions p50 ${sessionsWall.p50.toFixed(0)} s / p95 ${sessionsWall.p95.toFixed(0)} s (${sessionsWall.n}); calls p50 ${callsWall.p50.toFixed(0)} s / p95 ${callsWall.p95.toFixed(0)} s (${callsWall.n})`,
    );
    console.log(`api RSS: ${load.apiRss.summary()}`);
    console.log(`worker RSS: ${load.workerRss.summary()}`);
    const l = load.loads;
    console.log(
      `machine load average (1 min) during the load: min ${Math.min(...l).toFixed(1)}, max ${Math.max(...l).toFixed(1)}`,
    );
    results.push(`load: ${stats.total} requests, ${stats.errors} errors; ${loadOutcome.text}`);

    // -- kill -9 of the api while uploads are acknowledged and analyses run --
    await fresh(t);
    console.log('\n2a. kill -9 of the api during uploads and analyses…');
    const acked = await Promise.all([
      uploadSession(quiet, t, 'kill-api'),
      uploadCall(quiet, t, 'kill-api'),
      ...(SMOKE ? [] : [uploadSession(quiet, t, 'kill-api'), uploadCall(quiet, t, 'kill-api')]),
    ]);
    // Uploads still in flight when the api dies: their clients see an error, nothing is acknowledged.
    const inFlight = Promise.all([uploadSession(quiet, t, 'kill-api'), uploadCall(quiet, t, 'kill-api')]);
    await sleep(1500);
    await killHard(apiP);
    const unacked = (await inFlight).filter((x) => x === null).length;
    const restartAt = Date.now();
    apiP = startApi(env());
    await waitHealthy(base);
    const apiBack = (Date.now() - restartAt) / 1000;
    console.log(
      `   ${acked.filter(Boolean).length} acknowledged before the kill, ${unacked} in flight refused by the kill; api back in ${apiBack.toFixed(1)} s`,
    );

    // -- kill -9 of the worker while analyses run --
    await fresh(t);
    console.log('2b. kill -9 of the worker during analyses…');
    await Promise.all([
      uploadSession(quiet, t, 'kill-worker'),
      uploadCall(quiet, t, 'kill-worker'),
      ...(SMOKE ? [] : [uploadSession(quiet, t, 'kill-worker'), uploadCall(quiet, t, 'kill-worker')]),
    ]);
    for (let i = 0; i < 20; i++) {
      await poll(quiet, t);
      if (tracked.some((x) => x.label === 'kill-worker' && x.status === 'running')) break;
      await sleep(1000);
    }
    const runningAtKill = tracked.filter((x) => x.label === 'kill-worker' && x.status === 'running').length;
    await killHard(workerP);
    workerP = startWorker(env());
    console.log(
      `   worker killed with ${runningAtKill} of its uploads running; restarted (pid ${workerP.pid})`,
    );

    // -- PostgreSQL restart (or, on a shared cluster, its stand-in) --
    let killed = 0;
    if (RESTART_POSTGRES) {
      console.log('2c. PostgreSQL restart (pg_ctlcluster restart of the whole cluster)…');
      const restartMs = restartPostgres();
      console.log(`   cluster restarted in ${restartMs} ms`);
    } else {
      console.log(
        `2c. PostgreSQL: ${pgCtlclusterUsable()}; the cluster may be shared (run with --restart-postgres on a machine of your own), so its backends for ${dbName} are terminated instead…`,
      );
      killed = await terminateBackends();
    }
    const probe = new Client(base, null);
    let failures = 0;
    let firstOkMs = -1;
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) {
      const r = await probe.call('', 'GET', '/api/sessions?page=1&pageSize=20', { token: t.coach });
      if (r.ok && firstOkMs < 0) firstOkMs = Date.now() - t0;
      if (!r.ok) {
        failures += 1;
        console.log(`   request after termination: ${r.status} ${r.text.slice(0, 200)}`);
      }
      await sleep(100);
    }
    const afterPg = await uploadSession(quiet, t, 'pg');
    const pgLine = `${RESTART_POSTGRES ? 'cluster restarted' : `${killed} backends terminated`}; of 30 reads after, ${failures} failed, first success after ${firstOkMs} ms; an upload after ${afterPg ? 'acknowledged' : 'REFUSED'}`;
    console.log(`   ${pgLine}`);
    results.push(`PostgreSQL ${RESTART_POSTGRES ? 'restart' : 'connections terminated'}: ${pgLine}`);

    console.log('   waiting for the acknowledged uploads of 2a–2c to end (at most 8 min)…');
    await waitTerminal(t, ['kill-api', 'kill-worker', 'pg'], 8 * 60_000);
    for (const label of ['kill-api', 'kill-worker', 'pg']) {
      const o = outcome([label]);
      lostTotal += o.lost;
      console.log(`   ${label}: ${o.text}`);
      results.push(`${label}: ${o.text}`);
    }

    // -- DATA_DIR full --
    await fresh(t);
    console.log('2d. DATA_DIR full…');
    if (!mounted) {
      console.log('   skipped: this user may not mount a small filesystem');
      results.push('DATA_DIR full: skipped (no mount)');
    } else {
      const before = objectFiles();
      const filler = join(dataDir, 'soak-filler.bin');
      const mb = fillDisk(filler);
      const full = new Client(base, null);
      const form = new FormData();
      form.append('username', 'soak');
      form.append('startTime', new Date(Date.now() - 60_000).toISOString());
      form.append('endTime', new Date(Date.now() - 30_000).toISOString());
      form.append('sessionType', 'default');
      form.append(
        'files',
        new Blob([new Uint8Array(uniqueRecording())], { type: 'audio/ogg' }),
        'meeting.ogg',
      );
      const refused = await full.call('', 'POST', '/api/sessions/recordings', { token: t.coach, form });
      const callForm = new FormData();
      callForm.append('agentIdentityId', t.agents[0]);
      callForm.append('title', 'Soak call on a full disk');
      callForm.append('audio', new Blob([new Uint8Array(CALL_AUDIO)], { type: 'audio/wav' }), 'call.wav');
      const refusedCall = await full.call('', 'POST', '/api/qa/calls', { token: t.admin, form: callForm });
      const listing = await full.call('', 'GET', '/api/sessions?page=1&pageSize=20', { token: t.coach });
      const after = objectFiles();
      rmSync(filler);
      const again = await uploadSession(quiet, t, 'after-full');
      const left = await waitTerminal(t, ['after-full'], 4 * 60_000);
      const fullLine = `filled with ${mb} MB; recording upload → ${refused.status} ${refused.text.slice(0, 200)}; call recording upload → ${refusedCall.status} ${refusedCall.text.slice(0, 200)}; sessions list while full → ${listing.status}; object files ${before.length} before, ${after.length} while full (${after.filter((f) => !before.includes(f)).join(', ') || 'none new'}); after freeing space an upload was ${again ? 'acknowledged' : 'REFUSED'} and ${left.length ? 'did not finish' : outcome(['after-full']).text}`;
      console.log(`   ${fullLine}`);
      results.push(`DATA_DIR full: ${fullLine}`);
    }
    console.log('\nsummary');
    for (const r of results) console.log(`- ${r}`);
    console.log(
      `- acknowledged uploads unfinished when the wait ended, or failed without a reason: ${lostTotal}`,
    );
  } finally {
    apiP.child.kill('SIGKILL');
    workerP?.child.kill('SIGKILL');
    await Promise.all([apiP.exited, workerP?.exited]);
    await cleanUp(mounted);
  }
  if (stats.errors > 0 || lostTotal > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

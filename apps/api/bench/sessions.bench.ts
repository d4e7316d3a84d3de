/**
 * `npm run bench:sessions`: recorded meetings through the whole product path: the real server
 * (`apps/api/src/server.ts`, PGlite, local object store, analysis in the api process as by default)
 * receives a 10-minute and a 60-minute recording, then four 10-minute recordings at once, through
 * POST /api/sessions/recordings, and the bench waits for each session's feedback. Prints wall time,
 * CPU seconds and peak memory of the server's process tree (api, analysis threads, recogniser
 * processes), and the latency of GET /api/app-user/me asked 10 times a second while analyses run.
 *
 * Audio: the demo coach's real learner recordings (speechocean762) joined with pauses and looped to
 * length, encoded as Ogg Opus 24 kb/s as a browser would upload. BENCH_SESSIONS=10,60,4x10 picks runs
 * (minutes; `10s` is ten seconds). Smoke run (BENCH_SMOKE=1): one 10 s recording, and the scoring
 * workers (the public demo's, idle here) not warmed at start.
 * Targets (issue 10, 2-core machine): 60 minutes analysed within 10 minutes under 1.5 GB peak memory;
 * /app-user/me p99 under 100 ms while analyses run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import type { DemoRecording } from '../src/seed/demo-recordings/speakers.ts';
import { processTree } from './process-tree.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const recordings = fileURLToPath(new URL('../src/seed/demo-recordings/', import.meta.url));
const runs = (process.env.BENCH_SESSIONS ?? smokeOr('10,60,4x10', '10s')).split(',');
const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const tmp = mkdtempSync(join(tmpdir(), 'agaton-bench-sessions-'));

/** An Ogg Opus recording of `seconds` of real speech. */
function meeting(seconds: number): Buffer {
  const manifest = JSON.parse(readFileSync(join(recordings, 'manifest.json'), 'utf8')) as DemoRecording[];
  const loop = join(tmp, 'loop.wav');
  const pause = join(tmp, 'pause.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', '2']);
  const wavs = manifest.map((m) => {
    const wav = join(tmp, `${m.speaker}.wav`);
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      join(recordings, m.file),
      '-ar',
      '16000',
      '-ac',
      '1',
      wav,
    ]);
    return wav;
  });
  execFileSync('sox', [...wavs.flatMap((w) => [w, pause]), loop]);
  const out = join(tmp, `meeting-${seconds}.ogg`);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-stream_loop',
    '-1',
    '-i',
    loop,
    '-t',
    String(seconds),
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    out,
  ]);
  return readFileSync(out);
}

/** Samples the server's process tree: CPU per pid (max seen, so ended recognisers count) and peak RSS. */
function monitor(pid: number) {
  const cpu = new Map<number, number>();
  let peak = 0;
  const sample = () => {
    const t = processTree(pid);
    for (const [p, s] of t.cpu) cpu.set(p, Math.max(cpu.get(p) ?? 0, s));
    peak = Math.max(peak, t.rss);
  };
  sample();
  const timer = setInterval(sample, 200);
  const start = [...cpu.values()].reduce((a, b) => a + b, 0);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const total = [...cpu.values()].reduce((a, b) => a + b, 0);
      return { cpuSec: total - start, peakMb: peak / 1024 / 1024 };
    },
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function newCoach(n: number): Promise<string> {
  const email = `bench-${Date.now()}-${n}@example.com`;
  const { authCode } = await json<{ authCode: string }>(
    await fetch(`${base}/api/authn/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench12345' }),
    }),
  );
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch(`${base}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: authCode }),
    }),
  );
  return accessToken;
}

/** Uploads a meeting and resolves when its feedback is ready; returns the wall time in seconds. */
async function analyse(token: string, audio: Buffer, seconds: number): Promise<number> {
  const started = performance.now();
  const start = new Date(Date.now() - seconds * 1000);
  const form = new FormData();
  form.append('username', 'bench');
  form.append('startTime', start.toISOString());
  form.append('endTime', new Date(start.getTime() + seconds * 1000).toISOString());
  form.append('sessionType', 'default');
  form.append('files', new Blob([new Uint8Array(audio)], { type: 'audio/ogg' }), 'meeting.ogg');
  const auth = { authorization: `Bearer ${token}` };
  const { meetingId } = await json<{ meetingId: string }>(
    await fetch(`${base}/api/sessions/recordings`, { method: 'POST', body: form, headers: auth }),
  );
  for (;;) {
    const s = await json<{
      analysis: { status: string; stage: string; percent: number; error: string | null };
    }>(await fetch(`${base}/api/sessions/${meetingId}`, { headers: auth }));
    if (s.analysis.status === 'done') return (performance.now() - started) / 1000;
    if (s.analysis.status === 'failed') throw new Error(`analysis failed: ${s.analysis.error}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** GET /app-user/me ten times a second until stopped; returns latencies in ms. */
function probeMe(token: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/app-user/me`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = latencies.sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    return { n: sorted.length, p50: p(0.5), p99: p(0.99), max: sorted.at(-1) ?? 0 };
  };
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'data'),
      SEED_DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(tmp, 'no-web'),
      AUTH_RATE_LIMIT_MAX: '1000',
      ...(SMOKE ? { SCORING_WARM: '0' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function main() {
  const server = await startServer();
  const pid = server.pid ?? 0;
  announceSmoke(`runs ${runs.join(', ')}`);
  const probeToken = await newCoach(0);
  console.log(
    `bench:sessions on ${base} (server pid ${pid}); audio: demo recordings looped, Ogg Opus 24 kb/s`,
  );
  console.log('run          | wall     | CPU      | peak RSS | /app-user/me p50 / p99 / max (n)');
  try {
    for (const [i, run] of runs.entries()) {
      const [count, length] = run.includes('x') ? [Number(run.split('x')[0]), run.split('x')[1]] : [1, run];
      const seconds = length.endsWith('s') ? Number(length.slice(0, -1)) : Number(length) * 60;
      const audio = meeting(seconds);
      const tokens = await Promise.all(Array.from({ length: count }, (_, k) => newCoach(i * 10 + k + 1)));
      const watch = monitor(pid);
      const stopProbe = probeMe(probeToken);
      const started = performance.now();
      const walls = await Promise.all(tokens.map((token) => analyse(token, audio, seconds)));
      const wall = (performance.now() - started) / 1000;
      const probe = await stopProbe();
      const { cpuSec, peakMb } = watch.stop();
      const each = count > 1 ? ` (each ${walls.map((w) => w.toFixed(0)).join(', ')} s)` : '';
      console.log(
        `${`${count} × ${length.endsWith('s') ? length : `${length} min`}`.padEnd(12)} | ${`${wall.toFixed(0)} s`.padEnd(8)} | ${`${cpuSec.toFixed(0)} s`.padEnd(8)} | ${`${peakMb.toFixed(0)} MB`.padEnd(8)} | ${probe.p50.toFixed(1)} / ${probe.p99.toFixed(1)} / ${probe.max.toFixed(1)} ms (${probe.n})${each}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:scoring`: 5 s reading clips and 30 s free answers posted by 1, 4 and 16 concurrent
 * clients; prints throughput and p50/p95 latency per endpoint. Clients honour 429/503 Retry-After and
 * retry, as the web client should; a request is lost only if it never gets a score.
 *
 * BENCH_URL=http://host:port targets a running server (its per-client rate limit applies); otherwise the
 * scoring module runs in-process on loopback with the rate limit lifted (every client here is 127.0.0.1).
 * BENCH_ONLY=reading|free-speech runs one endpoint; BENCH_CONCURRENCY=1,4 picks the levels;
 * BENCH_ANSWER_SECONDS sets the free-answer length; SCORING_* settings apply to the in-process server.
 *
 * Smoke run (BENCH_SMOKE=1): one worker (unless SCORING_WORKERS is set), one client posting one of 2
 * reading clips and one 10 s free answer.
 */
import { availableParallelism } from 'node:os';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { startScoringServer } from './bench-server.ts';
import { type Clip, freeAnswers, readingClips } from './scoring-clips.ts';

/** Bounds so the run always ends: attempts per request and its whole time, waits included. */
const MAX_ATTEMPTS = 8;
const REQUEST_BUDGET_MS = 240_000;
const answerSeconds = Number(process.env.BENCH_ANSWER_SECONDS ?? smokeOr(30, 10));
const levels = (process.env.BENCH_CONCURRENCY ?? smokeOr('1,4,16', '1')).split(',').map(Number);
const only = process.env.BENCH_ONLY;
// Each worker loads the models: a smoke run starts one.
if (SMOKE) process.env.SCORING_WORKERS ??= '1';
announceSmoke(
  `${process.env.SCORING_WORKERS} worker(s), concurrency ${levels.join(',')}, one request per kind`,
);

interface Outcome {
  ok: boolean;
  ms: number;
  retries: number;
  status: number;
}

async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, close: async () => undefined };
  return startScoringServer();
}

async function post(url: string, clip: Clip, kind: 'reading' | 'free-speech'): Promise<Outcome> {
  const started = performance.now();
  let retries = 0;
  for (
    let attempt = 1;
    attempt <= MAX_ATTEMPTS && performance.now() - started < REQUEST_BUDGET_MS;
    attempt++
  ) {
    const form = new FormData();
    if (kind === 'reading') form.append('target_phrase', clip.text);
    else {
      form.append('question', 'Tell us about your day and the people you met.');
      form.append('includeNarrative', 'true');
    }
    form.append('audio', new Blob([clip.audio], { type: clip.type }), 'recording.webm');
    const path = kind === 'reading' ? '/api/score/public/phrase' : '/api/score/public/free-speech';
    const res = await fetch(`${url}${path}`, { method: 'POST', body: form }).catch(() => null);
    if (res?.ok) {
      await res.arrayBuffer();
      return { ok: true, ms: performance.now() - started, retries, status: 200 };
    }
    const status = res?.status ?? 0;
    if (status !== 429 && status !== 503) {
      return { ok: false, ms: performance.now() - started, retries, status };
    }
    retries++;
    const after = Number(res?.headers.get('retry-after') ?? '1');
    await res?.arrayBuffer();
    await new Promise((r) => setTimeout(r, Math.min(30, Math.max(1, after)) * 1000));
  }
  return { ok: false, ms: performance.now() - started, retries, status: 503 };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function run(
  url: string,
  kind: 'reading' | 'free-speech',
  clips: Clip[],
  clients: number,
  perClient: number,
) {
  let next = 0;
  const outcomes: Outcome[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const clip = clips[next++ % clips.length];
        outcomes.push(await post(url, clip, kind));
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const ok = outcomes.filter((o) => o.ok);
  const lat = ok.map((o) => o.ms).sort((a, b) => a - b);
  const audio = ok.length * clips[0].seconds;
  const failed = outcomes.filter((o) => !o.ok);
  console.log(
    [
      kind.padEnd(11),
      `c=${String(clients).padEnd(2)}`,
      `req ${String(outcomes.length).padStart(3)}`,
      `ok ${String(ok.length).padStart(3)}`,
      `lost ${failed.length}${failed.length ? ` (${failed.map((f) => f.status).join(',')})` : ''}`,
      `retries ${outcomes.reduce((n, o) => n + o.retries, 0)}`,
      `${(ok.length / wall).toFixed(2)} req/s`,
      `${(audio / wall).toFixed(1)} audio-s/s`,
      `p50 ${s(pct(lat, 50))}`,
      `p95 ${s(pct(lat, 95))}`,
      `max ${s(lat.at(-1) ?? Number.NaN)}`,
    ].join('  '),
  );
  return failed.length;
}

const server = await startServer();
const reading = readingClips(smokeOr(16, 2));
const answers = freeAnswers(smokeOr(4, 1), answerSeconds);
console.log(
  `scoring bench against ${server.url}: ${reading.length} reading clips (~5 s), ${answers.length} free answers (~${answerSeconds} s)`,
);
// A round of requests on every worker first: model loading and the first (unoptimised) runs of the
// JavaScript are not what a running server's visitors wait for.
const workers = Number(process.env.SCORING_WORKERS ?? availableParallelism());
await Promise.all(
  Array.from({ length: workers }, (_, i) => post(server.url, reading[i % reading.length], 'reading')),
);
if (only !== 'reading') {
  await Promise.all(
    Array.from({ length: workers }, (_, i) => post(server.url, answers[i % answers.length], 'free-speech')),
  );
}
let lost = 0;
for (const clients of levels) {
  if (only !== 'free-speech')
    lost += await run(
      server.url,
      'reading',
      reading,
      clients,
      SMOKE ? 1 : clients === 1 ? 8 : clients === 4 ? 6 : 2,
    );
  if (only !== 'reading')
    lost += await run(server.url, 'free-speech', answers, clients, SMOKE ? 1 : clients === 1 ? 2 : 1);
}
await server.close();
console.log(lost ? `${lost} requests lost` : 'no request lost');
process.exit(lost ? 1 : 0);

/**
 * `npm run bench:hostile-audio`: the hostile uploads of issue 9 (a 1 Hz WAV claiming 0xFFFFFFF0
 * bytes, an ADPCM WAV, an hour of FLAC and of MP3 silence, with and without a declared length)
 * posted to the in-process scoring module over loopback; prints each one's answer, time and the
 * process's peak memory growth (workers are threads, so their memory is the process's), then the
 * latency of a normal reading alone and while two clients keep posting hostile uploads.
 *
 * Targets: the WAVs answer 4xx in under 1 s; an hour of FLAC or MP3 silence 413/422 in under 2 s
 * with under 200 MB of growth; a normal reading scored in its usual time under attack.
 * SCORING_* settings apply (SCORING_WORKERS defaults to one per core). Exits 1 when an upload gets
 * another answer than its own.
 *
 * Smoke run (BENCH_SMOKE=1): one worker (unless SCORING_WORKERS is set), each upload and each normal
 * reading once.
 */
import { readFileSync } from 'node:fs';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { type HostileUpload, hostileUploads } from '../src/modules/scoring/hostile-audio.test-helper.ts';
import { startScoringServer } from './bench-server.ts';
import { percentile, withPeakRss } from './measure.ts';

const SENTENCE = 'Then he returned to her and demanded something to eat';
const READING = readFileSync(new URL('../src/modules/scoring/fixtures/reading.webm', import.meta.url));
const RUNS = smokeOr(3, 1);
const NORMAL_RUNS = smokeOr(8, 1);
// Each worker loads the models: a smoke run starts one.
if (SMOKE) process.env.SCORING_WORKERS ??= '1';

type Upload = Pick<HostileUpload, 'filename' | 'contentType' | 'data'>;

async function post(url: string, upload: Upload): Promise<{ status: number; code: string; ms: number }> {
  const started = performance.now();
  const form = new FormData();
  form.append('target_phrase', SENTENCE);
  form.append('audio', new Blob([upload.data], { type: upload.contentType }), upload.filename);
  const res = await fetch(`${url}/api/score/public/phrase`, { method: 'POST', body: form });
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code ?? 'OK', ms: performance.now() - started };
}

const reading: Upload = { filename: 'r.webm', contentType: 'audio/webm', data: READING };

/** Latencies of normal readings posted one after another, each with what `alongside` posts. */
async function normalReadings(
  url: string,
  alongside: () => Promise<unknown>[] = () => [],
): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < NORMAL_RUNS; i++) {
    const others = alongside();
    const res = await post(url, reading);
    await Promise.all(others);
    if (res.status !== 200) throw new Error(`a normal reading answered ${res.status} ${res.code}`);
    ms.push(res.ms);
  }
  return ms;
}

async function main() {
  announceSmoke(`${RUNS} run of each upload, ${NORMAL_RUNS} normal reading per row`);
  console.log('making the hostile uploads with ffmpeg…');
  const uploads = hostileUploads();
  const server = await startScoringServer();
  try {
    // One reading per worker first, so no figure below pays for loading the models.
    await Promise.all(Array.from({ length: server.workers }, () => post(server.url, reading)));
    console.log(`\n${server.workers} workers; ${RUNS} runs each; memory = peak RSS growth of the process\n`);
    console.log('upload | answer | median ms | max ms | max growth MB | target');
    console.log('--- | --- | --- | --- | --- | ---');
    for (const upload of uploads) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await withPeakRss(() => post(server.url, upload)));
      const wav = upload.filename.endsWith('.wav');
      const target = wav ? '4xx < 1000 ms' : '413/422 < 2000 ms, < 200 MB';
      const ms = runs.map((r) => r.ms);
      if (runs.some((r) => r.status !== upload.status)) process.exitCode = 1;
      const met = runs.every(
        (r) => r.status === upload.status && r.ms < (wav ? 1000 : 2000) && (wav || r.growthMb < 200),
      );
      console.log(
        `${upload.name} | ${runs[0].status} ${runs[0].code} | ${percentile(ms, 0.5).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ${Math.max(...runs.map((r) => r.growthMb)).toFixed(0)} | ${target} ${met ? 'met' : 'MISSED'}`,
      );
    }

    const alone = await normalReadings(server.url);
    // The target: each reading posted together with two hostile uploads (the two whose headers state
    // no length, so the decoding cap has to stop them).
    const undeclared = uploads.filter((u) => u.name.includes('undeclared') || u.name.includes('without'));
    const beside = await normalReadings(server.url, () => undeclared.map((u) => post(server.url, u)));
    // Beyond the target: two clients posting hostile uploads back to back with no rate limit (the
    // product allows 30 a minute per client), which loads both cores with upload parsing.
    const hostile = uploads.filter((u) => !u.filename.startsWith('adpcm'));
    let attacking = true;
    const statuses = new Map<number, number>();
    const attacker = async (offset: number) => {
      for (let i = offset; attacking; i++) {
        const res = await post(server.url, hostile[i % hostile.length]);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const attackers = [attacker(0), attacker(1)];
    const flooded = await normalReadings(server.url);
    attacking = false;
    await Promise.all(attackers);
    const line = (name: string, ms: number[]) =>
      console.log(`${name} | ${percentile(ms, 0.5).toFixed(0)} | ${Math.max(...ms).toFixed(0)}`);
    console.log(`\nnormal 5 s reading (${NORMAL_RUNS} in a row) | median ms | max ms`);
    console.log('--- | --- | ---');
    line('alone', alone);
    line('posted with two hostile uploads in flight (target: as alone)', beside);
    line('while 2 clients post hostile uploads back to back', flooded);
    const answered = [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(`\nhostile uploads answered during the flood: ${answered}`);
  } finally {
    await server.close();
  }
}

await main();

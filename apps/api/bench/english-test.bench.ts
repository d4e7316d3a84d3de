/**
 * `npm run bench:english-test`: simulated candidates take the English test through the real API
 * (the whole app in-process on a fresh PGlite, `app.inject`), with the speechocean762 dev set's
 * learners as candidates. Each of the 51 speakers takes two challenges, "test" and "retest": the
 * organisation's content (PUT /api/admin/test-content) asks that speaker's own sentences, one reading
 * per level (LOW, MEDIUM, ADVANCED by the sentence's length), the test three of their six recordings
 * and the retest the other three. The free answer is that challenge's three recordings joined with
 * 0.5 s pauses. Multiple-choice answers are all right for everyone, so they carry no ordering: the
 * ranking comes from the speech alone.
 *
 * Prints the Spearman correlation of cefrRating (1–6) and of testOverallScore with the experts' mean
 * total per speaker (all their recordings), for test and retest; test–retest agreement (Spearman, exact
 * CEFR, within one level); the CEFR distribution; the time per simulated candidate. Target: Spearman
 * ≥ 0.6. BENCH_SPEAKERS=n takes the first n speakers; BENCH_CONCURRENCY (default 2) sets how many
 * candidates take the test at once; BENCH_DUMP=file writes each candidate's resultsBlob. The installed scoring model was fitted on these speakers
 * (bench:speech-agreement reports held-out figures), so their reading scores are in-sample here.
 *
 * Smoke run (BENCH_SMOKE=1): the first speaker only (unless BENCH_SPEAKERS is set), test and retest, on
 * one scoring worker.
 */
import { writeFileSync } from 'node:fs';
import {
  type Candidate,
  CEFR_LEVELS,
  type Challenge,
  cefrNumber,
  type ResultsBlob,
  resultsBlobSchema,
  type TestContent,
} from '@agaton/contracts';
import { buildAdmin, buildOrg, FACTORY_PASSWORD, fullProductAccess } from '@agaton/db/testing';
import { announceSmoke, SMOKE, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import {
  DATASET_AVAILABLE,
  DATASET_MISSING,
  loadScores,
} from '../../../packages/speech/calibration/dataset.ts';
import { call, createTestApp, signIn } from '../src/testing/test-app.ts';
import { positionFor, type Speaker, spearman, splitRecordings, takeTest } from './english-test-candidate.ts';

if (!DATASET_AVAILABLE) {
  console.log(`bench:english-test skipped: ${DATASET_MISSING}`);
  process.exit(0);
}

const ROUNDS = ['test', 'retest'] as const;
type Round = (typeof ROUNDS)[number];
interface Outcome {
  speaker: Speaker;
  round: Round;
  blob: ResultsBlob;
  cefr: number;
  overall: number;
  ms: number;
}

function speakers(): Speaker[] {
  const bySpeaker = new Map<string, Speaker>();
  for (const u of loadScores()) {
    const s = bySpeaker.get(u.speaker) ?? { id: u.speaker, recordings: [], expertTotal: 0 };
    s.recordings.push(u);
    bySpeaker.set(u.speaker, s);
  }
  const all = [...bySpeaker.values()];
  for (const s of all) s.expertTotal = s.recordings.reduce((n, r) => n + r.total, 0) / s.recordings.length;
  const limit = Number(process.env.BENCH_SPEAKERS ?? smokeOr(all.length, 1));
  return all.sort((a, b) => a.id.localeCompare(b.id)).slice(0, limit);
}

async function main() {
  const list = speakers();
  announceSmoke(`${list.length} speaker`);
  const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 2));
  const t = await createTestApp({
    SCORING_WARM: '1',
    // Queued candidates wait for the pool; the product's 20 s and 60 s deadlines include queue time.
    SCORING_READING_TIMEOUT_SECONDS: '120',
    SCORING_FREE_SPEECH_TIMEOUT_SECONDS: '240',
    // Each worker loads the models.
    ...(SMOKE ? { SCORING_WORKERS: '1' } : {}),
  });
  const org = await buildOrg(t.db, {
    productAccess: {
      ...fullProductAccess(),
      recruitment: { haveAccess: true, status: 'subscription-active', testsLeftCount: 10_000 },
    },
  });
  const admin = await buildAdmin(t.db, { orgId: org.id });
  const adminToken = (await signIn(t.app, admin.email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
  const asAdmin = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, { token: adminToken, body });
    if (res.statusCode !== 200)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  };
  const timeLimits = { Reading: 3600, Listening: 3600, ReadingComprehension: 3600, FreeSpeech: 3600 };

  // Content is copied into each challenge when it is sent, so one speaker's content at a time will do.
  const jobs: { speaker: Speaker; round: Round; email: string; code: string; challengeId: string }[] = [];
  for (const speaker of list) {
    const split = splitRecordings(speaker);
    const content: TestContent = {
      timeLimitsSeconds: timeLimits,
      positions: ROUNDS.map((round) => positionFor(`${round}-${speaker.id}`, split[round])),
    };
    await asAdmin('PUT', '/api/admin/test-content', content);
    for (const round of ROUNDS) {
      const email = `speaker-${speaker.id}-${round}@bench.agaton.test`;
      const created = (await asAdmin('POST', '/api/candidate', {
        name: `Speaker ${speaker.id} (${round})`,
        email,
        position: `${round}-${speaker.id}`,
        isRecruit: true,
      })) as { createdCandidate: Candidate };
      const meta = created.createdCandidate.recruitInfo.challengesMeta[0];
      jobs.push({ speaker, round, email, code: meta.code, challengeId: meta.id });
    }
  }

  console.log(
    `English test bench: ${list.length} speakers × 2 challenges through the API, ${concurrency} candidates at once`,
  );
  const outcomes: Outcome[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = performance.now();
      await takeTest(t.app, {
        email: job.email,
        code: job.code,
        recordings: splitRecordings(job.speaker)[job.round],
      });
      const ms = performance.now() - t0;
      const challenge = (await asAdmin('GET', `/api/admin/challenges/${job.challengeId}`)) as Challenge;
      const blob = resultsBlobSchema.parse(challenge.resultsBlob);
      outcomes.push({
        speaker: job.speaker,
        round: job.round,
        blob,
        cefr: cefrNumber(blob.cefrRating),
        overall: blob.testOverallScore,
        ms,
      });
      if (outcomes.length % 10 === 0) console.log(`  ${outcomes.length}/${jobs.length} candidates done`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallSec = (performance.now() - started) / 1000;
  report(outcomes, wallSec);
  if (process.env.BENCH_DUMP) {
    // One line per candidate, for looking into single results.
    const lines = outcomes.map((o) =>
      JSON.stringify({
        speaker: o.speaker.id,
        round: o.round,
        expertTotal: o.speaker.expertTotal,
        blob: o.blob,
      }),
    );
    writeFileSync(process.env.BENCH_DUMP, `${lines.join('\n')}\n`);
  }
  await t.close();
}

function report(outcomes: Outcome[], wallSec: number) {
  const of = (round: Round) =>
    outcomes.filter((o) => o.round === round).sort((a, b) => a.speaker.id.localeCompare(b.speaker.id));
  const f = (x: number) => x.toFixed(3);
  const rows: [string, (o: Outcome) => number][] = [
    ['cefrRating', (o) => o.cefr],
    ['testOverallScore', (o) => o.overall],
  ];
  console.log("\nSpearman with the experts' mean total per speaker   test    retest");
  for (const [name, pick] of rows) {
    const cells = ROUNDS.map((r) => {
      const xs = of(r);
      return f(
        spearman(
          xs.map(pick),
          xs.map((o) => o.speaker.expertTotal),
        ),
      );
    });
    console.log(`  ${name.padEnd(48)} ${cells.join('   ')}`);
  }
  const test = of('test');
  const retest = of('retest');
  // Only speakers whose test and retest share no recording (six or more recordings).
  const paired = test.filter(
    (o) => splitRecordings(o.speaker).independent && retest.some((r) => r.speaker.id === o.speaker.id),
  );
  const partner = (o: Outcome) => retest.find((r) => r.speaker.id === o.speaker.id) as Outcome;
  const exact = paired.filter((o) => o.cefr === partner(o).cefr).length;
  const within = paired.filter((o) => Math.abs(o.cefr - partner(o).cefr) <= 1).length;
  console.log('\nTest–retest');
  console.log(
    `  Spearman cefrRating ${f(
      spearman(
        paired.map((o) => o.cefr),
        paired.map((o) => partner(o).cefr),
      ),
    )}, testOverallScore ${f(
      spearman(
        paired.map((o) => o.overall),
        paired.map((o) => partner(o).overall),
      ),
    )}`,
  );
  console.log(
    `  same CEFR ${((100 * exact) / paired.length).toFixed(1)} %, within one level ${((100 * within) / paired.length).toFixed(1)} % (${paired.length} speakers with six or more recordings, no recording shared)`,
  );
  console.log(`\nCEFR distribution     ${CEFR_LEVELS.join('   ')}`);
  for (const round of ROUNDS) {
    const counts = CEFR_LEVELS.map((_, i) => of(round).filter((o) => o.cefr === i + 1).length);
    console.log(`  ${round.padEnd(20)}${counts.map((n) => String(n).padStart(2)).join('   ')}`);
  }
  const times = outcomes.map((o) => o.ms / 1000).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  console.log(
    `\nTime per candidate: mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} s, p50 ${pct(50).toFixed(1)} s, p95 ${pct(95).toFixed(1)} s; ${outcomes.length} candidates in ${wallSec.toFixed(0)} s (${(wallSec / outcomes.length).toFixed(1)} s each at this concurrency)`,
  );
}

await main();

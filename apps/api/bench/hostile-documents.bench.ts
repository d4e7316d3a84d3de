/**
 * `npm run bench:hostile-documents`: the document bombs of issue 24 (a DOCX whose document.xml
 * inflates to 20 MB and to 100 MB of paragraphs, the 100 MB one also with a zip that understates it,
 * and 40 MB of Word-like markup at a plausible ratio) posted to the real app over loopback (PGlite,
 * local object store); prints each one's answer, time and the process's peak memory growth (the
 * extraction workers are threads, so their memory is the process's), the same for normal DOCX
 * files, then GET /api/health latency alone and while two bombs are read.
 *
 * Targets: every bomb answered 413/422 in under 2 s with under 300 MB of growth; health as alone.
 * Exits 1 when a bomb is not refused or a normal file not read.
 *
 * Smoke run (BENCH_SMOKE=1): each document once, health latency for 0.5 s alone and 1 s beside bombs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAdmin, createTestDatabase, FACTORY_PASSWORD } from '@agaton/db/testing';
import { announceSmoke, smokeOr } from '../../../packages/speech/bench/smoke.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { buildDocxBomb } from '../src/modules/qa/scorecards/qa-documents.test-helper.ts';
import { percentile, withPeakRss } from './measure.ts';

const RUNS = smokeOr(3, 1);
/** How long health latency is sampled alone and while bombs are read, in ms. */
const HEALTH_ALONE_MS = smokeOr(2000, 500);
const HEALTH_BESIDE_MS = smokeOr(5000, 1000);
const SCRIPT = readFileSync(
  new URL('../src/modules/qa/scorecards/qa-documents-fixtures/script.docx', import.meta.url),
);
const hexDigit = () => Math.floor(Math.random() * 16).toString(16);
const WORDS = 'agent customer address booking refund order plan premium greet confirm check policy'.split(
  ' ',
);
const sentence = () =>
  Array.from({ length: 12 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]).join(' ');

async function main() {
  announceSmoke('each document once, shorter health sampling');
  const tmp = mkdtempSync(join(tmpdir(), 'agaton-bench-docs-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: tmp,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '100000',
    SCORING_WARM: '0',
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const admin = await buildAdmin(database.db, {
      email: 'docs-bench@agaton.example',
      password: FACTORY_PASSWORD,
    });
    const signIn = await fetch(`${base}/api/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.email, password: FACTORY_PASSWORD }),
    });
    const auth = {
      authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}`,
    };
    let sets = 0;
    const newSet = async () => {
      const res = await fetch(`${base}/api/qa/question-sets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${++sets}` }),
      });
      return ((await res.json()) as { questionSetId: string }).questionSetId;
    };
    const post = async (setId: string, data: Buffer) => {
      const started = performance.now();
      const form = new FormData();
      form.append('documentFile', new Blob([data]), 'document.docx');
      const res = await fetch(`${base}/api/qa/question-sets/${setId}/documents`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await res.json()) as { error?: { code: string } };
      return { status: res.status, code: body.error?.code ?? 'OK', ms: performance.now() - started };
    };

    console.log('building the documents…');
    const markup = () => `<w:p w:rsidR="00${hexDigit()}A00B1"><w:pPr><w:spacing w:after="0"/></w:pPr></w:p>`;
    const prose = () =>
      `<w:p><w:r><w:t>${sentence()}.</w:t></w:r><w:r><w:t xml:space="preserve"> ${sentence()}.</w:t></w:r></w:p>`;
    const uploads: { name: string; data: Buffer; bomb: boolean }[] = [
      { name: 'script.docx (fixture, 1 KB)', data: SCRIPT, bomb: false },
      {
        name: 'prose, 5 MB of XML (reading stops at the text limit)',
        data: await buildDocxBomb(5, { paragraph: prose }),
        bomb: false,
      },
      { name: 'bomb: 20 MB of XML, honest zip', data: await buildDocxBomb(20), bomb: true },
      { name: 'bomb: 100 MB of XML, honest zip', data: await buildDocxBomb(100), bomb: true },
      {
        name: 'bomb: 100 MB of XML, zip says 1 KB',
        data: await buildDocxBomb(100, { declaredSize: 1000 }),
        bomb: true,
      },
      {
        name: 'markup: 40 MB at ~35×, zip says 1 KB',
        data: await buildDocxBomb(40, { paragraph: markup, declaredSize: 1000 }),
        bomb: true,
      },
    ];
    // One upload first, so no figure below pays for loading tsx's loader from disk.
    await post(await newSet(), SCRIPT);

    console.log(`\n${RUNS} runs each; memory = peak RSS growth of the api process\n`);
    console.log('upload | size KB | answer | median ms | max ms | max growth MB | target');
    console.log('--- | --- | --- | --- | --- | --- | ---');
    for (const upload of uploads) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await withPeakRss(async () => post(await newSet(), upload.data)));
      const ms = runs.map((r) => r.ms);
      const growth = Math.max(...runs.map((r) => r.growthMb));
      const answered = upload.bomb
        ? runs.every((r) => r.status === 413 || r.status === 422)
        : runs.every((r) => r.status === 201);
      if (!answered) process.exitCode = 1;
      const met = answered && (!upload.bomb || runs.every((r) => r.ms < 2000 && r.growthMb < 300));
      const target = upload.bomb ? '413/422 < 2000 ms, < 300 MB' : '201';
      console.log(
        `${upload.name} | ${Math.round(upload.data.length / 1024)} | ${runs[0].status} ${runs[0].code} | ${percentile(ms, 0.5).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ${growth.toFixed(0)} | ${target} ${met ? 'met' : 'MISSED'}`,
      );
    }

    // Health latency alone, then while two bombs are read (the extractor's limit) back to back.
    const health = async (duringMs: number) => {
      const ms: number[] = [];
      const end = performance.now() + duringMs;
      while (performance.now() < end) {
        const started = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        ms.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
      return ms;
    };
    const alone = await health(HEALTH_ALONE_MS);
    const bomb = uploads[4].data;
    let attacking = true;
    const attacker = async () => {
      const setId = await newSet();
      while (attacking) await post(setId, bomb);
    };
    const attackers = [attacker(), attacker()];
    const beside = await withPeakRss(async () => ({ ms: await health(HEALTH_BESIDE_MS) }));
    attacking = false;
    await Promise.all(attackers);
    console.log('\nGET /api/health | requests | median ms | max ms');
    console.log('--- | --- | --- | ---');
    console.log(
      `alone | ${alone.length} | ${percentile(alone, 0.5).toFixed(1)} | ${Math.max(...alone).toFixed(1)}`,
    );
    console.log(
      `while 2 clients post the 100 MB bomb back to back (growth ${beside.growthMb.toFixed(0)} MB) | ${beside.ms.length} | ${percentile(beside.ms, 0.5).toFixed(1)} | ${Math.max(...beside.ms).toFixed(1)}`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();

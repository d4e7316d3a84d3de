/**
 * `npm run bench:qa`: agreement of QA answers with labelled sets, through the product path. The real
 * app runs in-process on loopback (PGlite, local object store, analysis workers as in production).
 * Each set of qa-set/set-types.ts SETS gets its own organisation, so its calls are answered against
 * its own scorecards only: the bench signs in as that organisation's admin, creates the scorecards,
 * questions and reference documents of the set's scorecards file (qa-set/scorecards.json, and for the
 * held-out prose set qa-set/prose-scorecards.json: prose questions without evidence phrases) through
 * POST /api/qa/question-sets, /api/qa/questions and /api/qa/question-sets/{id}/documents, uploads every
 * call of the set's keys file (keys.json, prose-keys.json) as its JSON transcript through
 * POST /api/qa/calls, and the calls that have a recording a second time as audio only (a two-channel
 * WAV, agent left, customer right, so the speech engine makes the transcript), waits for each call's
 * QA item and compares GET /api/qa/items/{id} with the keys.
 *
 * The agreement set is answered a second time with its questions stripped to text and explanation
 * ("as prose"): the ground for tuning the answerer on questions as managers write them.
 *
 * Printed per set (tuning, held-out, each also as prose, held-out prose; transcripts and engine,
 * audio): answers right (YES / NO / NOT_APPLICABLE), the share answered (not marked for review) and
 * how many of those are right, precision and recall of red flags (a bad answer to a HIGH question),
 * the share of cited lines that are expected lines (compared by time, so engine transcripts count
 * too); then the calibration table (per confidence band, the share of answers right) and every miss.
 * The held-out prose set was written before the answerer was changed for prose questions and scored
 * once as a baseline (2026-11-29: 52.3 % right, red precision 0.50, recall 0.45): never tune the
 * answerer on it. The prose tuning set (written independently of it; baseline 49.3 % on its first 30
 * calls) and the agreement set as prose are the ground for tuning on prose questions; the prose tuning
 * set's families t_b and t_r (28 calls, added 2026-11-30) are measured by qa:fit but not fitted on. Offline always; with LLM_BASE_URL, LLM_MODEL (and LLM_API_KEY) set, a second run
 * with the model. BENCH_QA_AUDIO=0 skips the recordings. Targets: issue 14, offline ≥ 85 % answers
 * right and ≥ 90 % citations right on the agreement set; issue 27, on prose questions ≥ 85 % right
 * with ≥ 80 % answered, red precision ≥ 0.80, ≥ 95 % right among answers of confidence ≥ 0.9.
 *
 * Smoke run (BENCH_SMOKE=1): each set's first call as a transcript, and the first 10 s of the first
 * set's first recording as audio.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type QcItemDetail, qcItemDetailSchema } from '@agaton/contracts';
import { buildAdmin, buildMember, createTestDatabase, FACTORY_PASSWORD } from '@agaton/db/testing';
import { announceSmoke, SMOKE } from '../../../packages/speech/bench/smoke.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import {
  addScores,
  calibration,
  emptyScores,
  HEADER,
  kinds,
  type Produced,
  type QuestionMeta,
  row,
  type Scores,
  score,
} from './qa-set/metrics.ts';
import { SETS, type SetCall, type SetScorecards } from './qa-set/set-types.ts';

const dir = fileURLToPath(new URL('./qa-set/', import.meta.url));
/** The row label of a split: 'tuning (transcripts)', 'held-out prose (engine, audio)'… */
const SPLIT_LABELS: Record<SetCall['split'], string> = {
  tuning: 'tuning',
  heldout: 'held-out',
  'heldout-prose': 'held-out prose',
  'tuning-prose': 'tuning prose',
};
/**
 * Each set, and the agreement set once more with its questions as a manager writes them (text and
 * explanation only, no phrases or examples): the tuning ground for prose questions, so that the
 * held-out prose set is never tuned on. Its recordings are not run a second time.
 */
const suites = Object.entries(SETS).flatMap(([name, files]) => {
  const suite = {
    name,
    files,
    scorecards: JSON.parse(readFileSync(join(dir, files.scorecards), 'utf8')) as SetScorecards,
    calls: JSON.parse(readFileSync(join(dir, files.keys), 'utf8')) as SetCall[],
    label: (split: SetCall['split']) => SPLIT_LABELS[split],
    audio: true,
  };
  if (name !== 'agreement') return [suite];
  const prose: SetScorecards = {
    scorecards: suite.scorecards.scorecards.map((card) => ({
      ...card,
      questions: card.questions.map((q) => ({ ...q, phrases: [], examples: [] })),
    })),
  };
  return [
    suite,
    {
      ...suite,
      name: 'agreement-as-prose',
      scorecards: prose,
      label: (split: SetCall['split']) => `${SPLIT_LABELS[split]} as prose`,
      audio: false,
    },
  ];
});
const withAudio = process.env.BENCH_QA_AUDIO !== '0';
const tmp = mkdtempSync(join(tmpdir(), 'agaton-bench-qa-'));

/**
 * The committed Ogg recording as the two-channel 16 kHz WAV a call centre would upload (its first 10 s
 * in a smoke run).
 */
function wavOf(audioDir: string, id: string): Buffer {
  const out = join(tmp, `${id}.wav`);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    join(dir, audioDir, `${id}.ogg`),
    ...(SMOKE ? ['-t', '10'] : []),
    ...['-ar', '16000', '-ac', '2', '-c:a', 'pcm_s16le', out],
  ]);
  return readFileSync(out);
}

interface RunResult {
  sets: Map<string, Scores>;
  seconds: number;
}

async function run(llm: { baseUrl: string; apiKey: string; model: string } | null): Promise<RunResult> {
  const started = Date.now();
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: join(tmp, llm ? 'data-llm' : 'data-offline'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '100000',
    SCORING_WARM: '0',
    ...(llm ? { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: llm.apiKey, LLM_MODEL: llm.model } : {}),
  });
  const app = await buildApp({ config, db: database.db, logger: false, analysisWorkers: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    /** One set's organisation: its admin, agent and scorecards, and its calls' analysis. */
    async function organisation(suite: (typeof suites)[number]) {
      const admin = await buildAdmin(database.db, {
        email: `qa-bench-${suite.name.toLowerCase()}@agaton.example`,
        password: FACTORY_PASSWORD,
      });
      const agent = await buildMember(database.db, { orgId: admin.orgId, name: 'Dana Agent' });
      // Access tokens live 15 minutes; the audio run takes longer, so the bench signs in again.
      let auth = { authorization: '' };
      async function signIn() {
        const res = await fetch(`${base}/api/admin/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: admin.email, password: FACTORY_PASSWORD }),
        });
        auth = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
      }
      await signIn();

      // biome-ignore lint/suspicious/noExplicitAny: JSON of the bench's own requests
      async function api(method: string, path: string, body?: object | FormData, expect = 200): Promise<any> {
        const send = () =>
          fetch(`${base}/api${path}`, {
            method,
            headers: body instanceof FormData ? auth : { ...auth, 'content-type': 'application/json' },
            body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
          });
        let res = await send();
        if (res.status === 401) {
          await signIn();
          res = await send();
        }
        const text = await res.text();
        if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
        return text ? JSON.parse(text) : null;
      }

      // Scorecards, their documents and questions, as an admin creates them.
      const questionKey = new Map<string, string>();
      const meta = new Map<string, QuestionMeta>();
      for (const card of suite.scorecards.scorecards) {
        const set = await api('POST', '/qa/question-sets', { name: card.name }, 201);
        for (const doc of card.documents) {
          const form = new FormData();
          form.append('documentFile', new Blob([readFileSync(join(dir, doc))], { type: 'text/plain' }), doc);
          await api('POST', `/qa/question-sets/${set.questionSetId}/documents`, form, 201);
        }
        for (const q of card.questions) {
          const { key, ...fields } = q;
          const created = await api(
            'POST',
            '/qa/questions',
            { ...fields, purposes: ['QUALITY'], isActive: true, questionSetIds: [set.questionSetId] },
            201,
          );
          questionKey.set(created.questionId, key);
          meta.set(key, { key, isTrueGood: q.isTrueGood, severity: q.severity });
        }
      }

      async function analyse(
        call: SetCall,
        file: { field: 'transcript' | 'audio'; data: Buffer; type: string; name: string },
      ) {
        const form = new FormData();
        form.append('agentIdentityId', agent.id);
        form.append('title', call.title);
        form.append('occurredAt', new Date().toISOString());
        form.append(file.field, new Blob([file.data], { type: file.type }), file.name);
        const accepted = await api('POST', '/qa/calls', form, 202);
        for (let i = 0; i < 3000; i += 1) {
          const detail = await api('GET', `/qa/calls/${accepted.callId}`);
          if (detail.status === 'failed') throw new Error(`${call.id}: analysis failed: ${detail.error}`);
          if (detail.status === 'done' && detail.qcItemId) {
            return qcItemDetailSchema.parse(await api('GET', `/qa/items/${detail.qcItemId}`));
          }
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error(`${call.id}: no QA item after 10 minutes`);
      }

      function produced(item: QcItemDetail): Map<string, Produced> {
        const out = new Map<string, Produced>();
        for (const b of item.bullets) {
          const key = questionKey.get(b.questionId);
          if (!key) continue;
          const cited = b.sessionCitations.flatMap((c) => c.lineIndexes.map((i) => item.call.transcript[i]));
          out.set(key, {
            answer: b.answer,
            flagLevel: b.flagLevel,
            needsReview: b.needsReview,
            confidence: b.confidence,
            cited: cited.map((l) => ({ start: l.start, end: l.end })),
          });
        }
        return out;
      }
      return { suite, meta, analyse, produced };
    }

    type Organisation = Awaited<ReturnType<typeof organisation>>;
    const orgs: Organisation[] = [];
    for (const suite of suites) orgs.push(await organisation(suite));
    const sets = new Map<string, Scores>();
    const add = (org: Organisation, name: string, call: SetCall, item: QcItemDetail) => {
      if (!sets.has(name)) sets.set(name, emptyScores());
      const s = sets.get(name) as Scores;
      const before = s.correct;
      score(s, call, org.meta, org.produced(item));
      const keyed = Object.keys(call.keys).length;
      process.stderr.write(`  ${name}: ${call.id} ${s.correct - before}/${keyed} right\n`);
    };
    // Rows in order: every set's transcripts, then every set's recordings.
    for (const org of orgs) {
      for (const call of SMOKE ? org.suite.calls.slice(0, 1) : org.suite.calls) {
        const json = readFileSync(join(dir, org.suite.files.calls, `${call.id}.json`));
        const item = await org.analyse(call, {
          field: 'transcript',
          data: json,
          type: 'application/json',
          name: `${call.id}.json`,
        });
        add(org, `${org.suite.label(call.split)} (transcripts)`, call, item);
      }
    }
    if (withAudio) {
      const recorded = orgs.filter((o) => o.suite.audio);
      for (const org of SMOKE ? recorded.slice(0, 1) : recorded) {
        const calls = org.suite.calls.filter((c) => c.audio);
        for (const call of SMOKE ? calls.slice(0, 1) : calls) {
          const item = await org.analyse(call, {
            field: 'audio',
            data: wavOf(org.suite.files.audio, call.id),
            type: 'audio/wav',
            name: `${call.id}.wav`,
          });
          add(org, `${org.suite.label(call.split)} (engine, audio)`, call, item);
        }
      }
    }
    return { sets, seconds: (Date.now() - started) / 1000 };
  } finally {
    await app.close();
    await database.close();
  }
}

function print(title: string, result: RunResult) {
  console.log(`\n${title} — ${result.seconds.toFixed(0)} s`);
  console.log(HEADER);
  const total = emptyScores();
  for (const [name, s] of result.sets) {
    console.log(row(name, s));
    addScores(total, s, name);
  }
  console.log(row('all', total));
  console.log('\nCalibration: share of answers right per confidence band');
  for (const [name, s] of result.sets) console.log(calibration(name, s));
  console.log(calibration('all', total));
  console.log('\nBy kind of answer: share right');
  for (const [name, s] of result.sets) console.log(kinds(name, s));
  console.log('\nMisses:');
  for (const m of total.misses) console.log(`  ${m}`);
}

try {
  announceSmoke("each set's first call, 10 s of one recording");
  for (const { name, calls } of suites) {
    const keyed = calls.reduce((n, c) => n + Object.keys(c.keys).length, 0);
    const splits = [...new Set(calls.map((c) => c.split))]
      .map((split) => `${calls.filter((c) => c.split === split).length} ${SPLIT_LABELS[split]}`)
      .join(', ');
    console.log(
      `QA agreement, ${name} set: ${calls.length} calls (${splits}; ` +
        `${calls.filter((c) => c.audio).length} also as audio), ${keyed} keyed answers`,
    );
  }
  print('Offline (words and sentence embeddings)', await run(null));
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = process.env;
  if (LLM_BASE_URL && LLM_MODEL) {
    print(
      `With the model ${LLM_MODEL}`,
      await run({ baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY ?? '', model: LLM_MODEL }),
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);

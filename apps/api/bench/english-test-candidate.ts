import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AssessmentStatus,
  type CandidateTestAuthResponse,
  DEMO_FREE_SPEECH_TOPICS,
  type PositionContent,
  TEST_LEVELS,
  type TestPart,
} from '@agaton/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { devSamples, joinWithGaps, wavBytes } from '../../../packages/speech/bench/dev-audio.ts';
import { DATASET_DIR, type ScoredUtterance } from '../../../packages/speech/calibration/dataset.ts';
import { multipart } from '../src/modules/scoring/scoring.test-helper.ts';

/** One dev-set speaker: their recordings and the experts' mean total over them (0–10). */
export interface Speaker {
  id: string;
  recordings: ScoredUtterance[];
  expertTotal: number;
}

/** Pause between the recordings of the free answer, and its limit (the test's 30 s). */
const GAP_SEC = 0.5;
const MAX_ANSWER_SEC = 29.5;

/**
 * The speaker's recordings split in two, sorted by length in words: six of them (spread evenly when
 * the speaker has more), the test taking the 1st, 3rd and 5th (LOW, MEDIUM, ADVANCED) and the retest
 * the 2nd, 4th and 6th. A speaker with fewer than six has shorter halves (see positionFor) and one
 * with a single recording retakes it; `independent` says whether the two halves share nothing.
 */
export function splitRecordings(speaker: Speaker): {
  test: ScoredUtterance[];
  retest: ScoredUtterance[];
  independent: boolean;
} {
  const sorted = [...speaker.recordings].sort(
    (a, b) => a.text.split(' ').length - b.text.split(' ').length || a.id.localeCompare(b.id),
  );
  const n = sorted.length;
  const picked = n > 6 ? Array.from({ length: 6 }, (_, i) => sorted[Math.round((i * (n - 1)) / 5)]) : sorted;
  const test = picked.filter((_, i) => i % 2 === 0);
  const retest = picked.filter((_, i) => i % 2 === 1);
  return { test, retest: retest.length ? retest : test, independent: picked.length === 6 };
}

/** The recording a level asks: the level's own, or the half's last one when it has fewer than three. */
export const recordingFor = (recordings: ScoredUtterance[], levelIndex: number) =>
  recordings[Math.min(levelIndex, recordings.length - 1)];

/**
 * A position asking these recordings' sentences (one per level), with one multiple-choice question
 * per level whose right answer is the first option, and the demo's free-speech topics.
 */
export function positionFor(name: string, recordings: ScoredUtterance[]): PositionContent {
  const levels = {} as PositionContent['levels'];
  TEST_LEVELS.forEach((level, i) => {
    const rec = recordingFor(recordings, i);
    levels[level] = {
      reading: { ask: 1, sentences: [{ id: `r-${level}-${rec.id}`, text: rec.text }] },
      listening: {
        ask: 1,
        questions: [
          {
            id: `l-${level}`,
            text: 'What does the speaker need?',
            options: ['A taxi to the airport', 'A hotel room', 'A new phone'],
            answerIndex: 0,
            audioText: 'Could you call me a taxi to the airport, please? My flight leaves at noon.',
          },
        ],
      },
      readingComprehension: {
        ask: 1,
        questions: [
          {
            id: `c-${level}`,
            text: 'When does the meeting start?',
            options: ['At ten', 'At nine', 'At noon'],
            answerIndex: 0,
            readingText: 'The team meeting moved from nine to ten because the room was busy.',
          },
        ],
      },
      freeSpeech: { topics: [{ id: `f-${level}`, text: DEMO_FREE_SPEECH_TOPICS[level] }] },
    };
  });
  return { position: name, levels };
}

/** The free answer: the recordings joined with short pauses, as a 16 kHz WAV upload. */
export function freeAnswer(recordings: ScoredUtterance[]): Buffer {
  const joined = joinWithGaps(
    recordings.map((r) => devSamples(r.wav)),
    GAP_SEC,
    MAX_ANSWER_SEC,
  );
  return Buffer.from(wavBytes(joined));
}

/** Sends a request again while the server answers 503 or 429 (busy), after its Retry-After. */
async function withRetry(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if ((res.statusCode !== 503 && res.statusCode !== 429) || attempt >= 10) return res;
    const after = Number(res.headers['retry-after'] ?? 1);
    await new Promise((r) => setTimeout(r, Math.min(30, Math.max(1, after)) * 1000));
  }
}

function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/**
 * One candidate through the whole test as the web client takes it: sign in, then each part started,
 * its current item answered until the part ends (readings with the speaker's recording of the
 * sentence, every choice right, the free answer joined from the readings).
 */
export async function takeTest(
  app: FastifyInstance,
  options: { email: string; code: string; recordings: ScoredUtterance[] },
): Promise<void> {
  const auth = ok(
    await app.inject({
      method: 'POST',
      url: '/api/challenge/auth',
      payload: { username: options.email, password: options.code },
    }),
    'sign-in',
  ) as CandidateTestAuthResponse;
  const headers = { authorization: `Bearer ${auth.token}` };
  let status: AssessmentStatus = auth.assessmentStatus;
  const json = (body: object) =>
    app.inject({ method: 'POST', url: '/api/assessment/activity', payload: body, headers });
  const upload = (
    type: 'read-phrase' | 'answer-free-speech',
    part: TestPart,
    itemId: string,
    audio: Buffer,
  ) => {
    const meta = { type, context: { part, itemId, idempotencyKey: randomUUID() }, data: {} };
    const body = multipart(
      { meta: JSON.stringify(meta) },
      { filename: 'answer.wav', contentType: 'audio/wav', data: audio },
    );
    return withRetry(() =>
      app.inject({
        method: 'POST',
        url: '/api/assessment/form/activity',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      }),
    );
  };
  const byItem = new Map(
    TEST_LEVELS.map((level, i) => [
      `r-${level}-${recordingFor(options.recordings, i).id}`,
      recordingFor(options.recordings, i),
    ]),
  );
  for (const part of ['Reading', 'Listening', 'ReadingComprehension', 'FreeSpeech'] as const) {
    const progress = () => status.parts.find((p) => p.part === part);
    if (progress()?.state === 'finished') continue;
    const context = { part, idempotencyKey: randomUUID() };
    status = ok(await json({ type: 'start-part', context }), `start ${part}`).assessmentStatus;
    for (let current = progress(); current?.state === 'in-progress'; current = progress()) {
      const itemId = current.itemId ?? '';
      let res: LightMyRequestResponse;
      if (part === 'Reading') {
        const rec = byItem.get(itemId);
        if (!rec) throw new Error(`no recording for ${itemId}`);
        res = await upload('read-phrase', part, itemId, readFileSync(join(DATASET_DIR, rec.wav)));
      } else if (part === 'FreeSpeech') {
        res = await upload('answer-free-speech', part, itemId, freeAnswer(options.recordings));
      } else {
        const body = {
          type: 'answer-comprehension-question',
          context: { part, itemId, idempotencyKey: randomUUID() },
          data: { answerIndex: 0 },
        };
        res = await json(body);
      }
      status = ok(res, `${part} ${itemId}`).assessmentStatus;
    }
  }
  if (!status.isFinished) throw new Error('the test did not finish');
}

/** Ranks with ties averaged (1-based). */
function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) out[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i] - ma) * (b[i] - mb);
    da += (a[i] - ma) ** 2;
    db += (b[i] - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : Number.NaN;
}

/** Spearman's rank correlation (Pearson of the ranks, ties averaged). */
export function spearman(a: number[], b: number[]): number {
  return pearson(ranks(a), ranks(b));
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formActivityResponseSchema,
  resultsBlobSchema,
  RECRUITMENT_TEXTS as T,
  TEST_RULES,
} from '@agaton/contracts';
import { challengeActivities, challenges } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../providers/storage/local-store.ts';
import { createFliteTts } from '../../providers/tts/flite.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datasetWav, fixture } from '../scoring/scoring.test-helper.ts';
import { SCORING_TEXTS } from '../scoring/scoring.texts.ts';
import {
  activity,
  newKey,
  readMeta,
  recording,
  sentChallenge,
  signedIn,
  signIn,
  startPart,
  wav,
} from './assessment.test-helper.ts';
import { makeContent } from './recruitment.test-helper.ts';

/**
 * The English test with real recordings through the real engine: speechocean762 readings of the
 * sentences the content asks (all rated 8/10 by the experts) and a recorded free answer.
 */
const SENTENCES = {
  LOW: { text: 'WE CALL IT BEAR', wav: '000010011' },
  MEDIUM: { text: 'THEN HE RETURNED TO HER AND DEMANDED SOMETHING TO EAT', wav: '010270306' },
  ADVANCED: { text: 'HERE WE ARE CAUGHT JUST AS THEY WERE BEFORE', wav: '010270356' },
};
const content = makeContent({
  ask: 1,
  sentences: {
    LOW: [SENTENCES.LOW.text],
    MEDIUM: [SENTENCES.MEDIUM.text],
    ADVANCED: [SENTENCES.ADVANCED.text],
  },
});
const reading = (level: keyof typeof SENTENCES) => ({ data: datasetWav(SENTENCES[level].wav) });

let t: TestApp;
let objectsDir: string;
let store: LocalObjectStore;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'agaton-test-objects-'));
  store = new LocalObjectStore(objectsDir);
  // This machine is shared: give analysis room beyond the product deadlines.
  t = await createTestApp(
    { SCORING_READING_TIMEOUT_SECONDS: '120', SCORING_FREE_SPEECH_TIMEOUT_SECONDS: '180' },
    { objectStore: store },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const rowsOf = (challengeId: string) =>
  t.db.select().from(challengeActivities).where(eq(challengeActivities.challengeId, challengeId));
const partOf = (res: { json(): { assessmentStatus: { parts: { part: string }[] } } }, part: string) =>
  res.json().assessmentStatus.parts.find((p) => p.part === part) as Record<string, unknown>;

let goodLowScore = 0;

describe('the English test with recordings', () => {
  it('takes a candidate through every part to sensible results', async () => {
    const { candidate, challenge } = await sentChallenge(t, { content });
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');

    const key = newKey();
    const low = await recording(t.app, token, readMeta('r-LOW-0', { key }), reading('LOW'));
    expect(low.statusCode).toBe(200);
    const lowScore = formActivityResponseSchema.parse(low.json()).responseData.readingScore ?? -1;
    expect(lowScore).toBeGreaterThan(TEST_RULES.levelGuard);
    goodLowScore = lowScore;
    expect(partOf(low, 'Reading')).toMatchObject({
      state: 'in-progress',
      level: 'MEDIUM',
      itemId: 'r-MEDIUM-0',
    });
    // The same upload retried (same key): the stored outcome, no second row.
    const retried = await recording(t.app, token, readMeta('r-LOW-0', { key }), reading('LOW'));
    expect([retried.statusCode, retried.json().responseData.readingScore]).toEqual([200, lowScore]);

    const scores = [lowScore];
    for (const level of ['MEDIUM', 'ADVANCED'] as const) {
      const res = await recording(t.app, token, readMeta(`r-${level}-0`), reading(level));
      expect(res.statusCode).toBe(200);
      scores.push(res.json().responseData.readingScore);
    }
    const readingDone = await call(token, 'Reading');
    expect(readingDone).toMatchObject({ state: 'finished', finishReason: 'FULL_COMPLETE' });

    await startPart(t.app, token, 'Listening');
    const choose = (part: 'Listening' | 'ReadingComprehension', itemId: string, answerIndex: number) =>
      activity(t.app, token, {
        type: 'answer-comprehension-question',
        context: { part, itemId },
        data: { answerIndex },
      });
    await choose('Listening', 'l-LOW-0', 1);
    const wrong = await choose('Listening', 'l-MEDIUM-0', 0);
    expect(partOf(wrong, 'Listening')).toMatchObject({ finishReason: 'LEVEL_LOW_SCORE' });
    await startPart(t.app, token, 'ReadingComprehension');
    await choose('ReadingComprehension', 'c-LOW-0', 2);
    const timedOut = await activity(t.app, token, {
      type: 'timeout',
      context: { part: 'ReadingComprehension' },
    });
    expect(partOf(timedOut, 'ReadingComprehension')).toMatchObject({ finishReason: 'TIMES_UP' });

    const started = await startPart(t.app, token, 'FreeSpeech');
    // Every reading level passed: the advanced topic.
    expect(partOf(started, 'FreeSpeech')).toMatchObject({ itemId: 'f-ADVANCED', state: 'in-progress' });
    const free = await recording(t.app, token, readMeta('f-ADVANCED', { free: true }), {
      data: fixture('free-answer.webm'),
      contentType: 'audio/webm',
    });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({
      assessmentStatus: { isFinished: true },
      responseData: { readingScore: null },
    });

    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    expect(row.completedAt).toBeInstanceOf(Date);
    const blob = resultsBlobSchema.parse(row.resultsBlob);
    const [l, m, a] = scores;
    expect(blob.readingTest.scoring).toEqual({
      overall: Math.round((l + m + a) / 3),
      beginner: l,
      intermediate: m,
      advanced: a,
    });
    expect(blob.listeningTest.scoring).toEqual({
      overall: 33,
      beginner: 100,
      intermediate: 0,
      advanced: null,
    });
    expect(blob.readingComprehensionTest.scoring.overall).toBe(33);
    expect(blob.missingSpeakingTest).toBe(false);
    expect(blob.freeSpeechTest.transcript?.split(' ').length).toBeGreaterThan(10);
    expect(blob.freeSpeechTest.overallScore).toBeGreaterThan(0);
    expect(blob.pronunciation).toBeGreaterThan(40);
    expect(blob.fluency).toBeGreaterThan(20);
    expect(blob.speakingRate).toBeGreaterThan(60);
    expect(blob.confidence).toBeGreaterThan(0);
    expect(blob.challengingWords.length).toBeLessThanOrEqual(TEST_RULES.challengingKept);
    for (const w of blob.challengingWords) expect(w.score).toBeLessThan(TEST_RULES.challengingBelow);
    expect(row.readingResultScore).toBe(blob.readingTest.scoring.overall);
    expect(row.resultCefr).toBe(blob.cefrRating);

    // Every counted recording is kept; the retried one once.
    const rows = await rowsOf(challenge.id);
    expect(rows.filter((r) => r.type === 'read-phrase')).toHaveLength(3);
    for (const r of rows.filter((x) => x.recordingKey))
      expect(await store.exists(r.recordingKey ?? '')).toBe(true);
    expect(
      rows
        .filter((x) => x.recordingKey)
        .map((x) => x.itemId)
        .sort(),
    ).toEqual(['f-ADVANCED', 'r-ADVANCED-0', 'r-LOW-0', 'r-MEDIUM-0']);

    const again = await signIn(t.app, candidate.email, challenge.code);
    expect([again.statusCode, again.json().error.message]).toEqual([409, T.testFinished]);
  }, 300_000);

  it('scores a flite reading of a different sentence below the learner reading the right one', async () => {
    const { candidate, challenge } = await sentChallenge(t, { content });
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    const other = await createFliteTts().synthesize({
      text: 'Nothing will put an end to him.',
      country: 'US',
    });
    const res = await recording(t.app, token, readMeta('r-LOW-0'), { data: other.audio });
    expect(res.statusCode).toBe(200);
    expect(goodLowScore).toBeGreaterThan(0);
    expect(res.json().responseData.readingScore).toBeLessThan(goodLowScore - 20);
  }, 120_000);

  it('counts one of two recordings sent at once for the same item', async () => {
    const { candidate, challenge } = await sentChallenge(t, { content });
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    const both = await Promise.all([
      recording(t.app, token, readMeta('r-LOW-0'), reading('LOW')),
      recording(t.app, token, readMeta('r-LOW-0'), reading('LOW')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error.message).toBe(T.alreadyAnswered);
    expect((await rowsOf(challenge.id)).filter((r) => r.itemId === 'r-LOW-0')).toHaveLength(1);
  }, 120_000);

  it('refuses a 31 s recording with 413 and stores nothing, so the item can be read again', async () => {
    const { candidate, challenge } = await sentChallenge(t, { content });
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    const speech = new Int16Array(datasetWav(SENTENCES.MEDIUM.wav).buffer.slice(44));
    const long = new Int16Array(31 * 16000);
    for (let at = 0; at < long.length; at += speech.length)
      long.set(speech.subarray(0, long.length - at), at);
    const res = await recording(t.app, token, readMeta('r-LOW-0'), { data: wav(long) });
    expect([res.statusCode, res.json().error.message]).toEqual([
      413,
      SCORING_TEXTS.tooLong(TEST_RULES.maxRecordingSeconds),
    ]);
    expect((await rowsOf(challenge.id)).filter((r) => r.itemId)).toHaveLength(0);
    const retry = await recording(t.app, token, readMeta('r-LOW-0'), reading('LOW'));
    expect(retry.statusCode).toBe(200);
  }, 120_000);
});

/** The progress of one part after a GET /api/assessment. */
async function call(token: string, part: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/assessment',
    headers: { authorization: `Bearer ${token}` },
  });
  return partOf(res, part);
}

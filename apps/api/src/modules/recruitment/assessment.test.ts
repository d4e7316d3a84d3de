import {
  activityResponseSchema,
  resultsBlobSchema,
  RECRUITMENT_TEXTS as T,
  TEST_RULES,
} from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  activity,
  activityRowsOf,
  newKey,
  partOf,
  readMeta,
  recording,
  sentChallenge,
  signedIn,
  signIn,
  startPart,
  wav,
} from './assessment.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/assessment/activity', () => {
  it('takes a whole test of choices and timeouts to its results, then the code is closed', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    const out = await startPart(t.app, token, 'Listening');
    expect([out.statusCode, out.json().error.message]).toEqual([409, T.partOutOfOrder]);

    expect((await startPart(t.app, token, 'Reading')).statusCode).toBe(200);
    const timedOut = await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    expect(partOf(timedOut.json().assessmentStatus, 'Reading')).toMatchObject({
      state: 'finished',
      finishReason: 'TIMES_UP',
    });

    await startPart(t.app, token, 'Listening');
    const choose = (part: 'Listening' | 'ReadingComprehension', itemId: string, answerIndex: number) =>
      activity(t.app, token, {
        type: 'answer-comprehension-question',
        context: { part, itemId },
        data: { answerIndex },
      });
    const wrong = await choose('Listening', 'l-LOW-0', 0);
    const status = activityResponseSchema.parse(wrong.json()).assessmentStatus;
    expect(partOf(status, 'Listening')).toMatchObject({ finishReason: 'LEVEL_LOW_SCORE', answered: 1 });
    expect(status).toMatchObject({ currentPart: 'ReadingComprehension', mayContinuePart: false });

    await startPart(t.app, token, 'ReadingComprehension');
    for (const level of ['LOW', 'MEDIUM', 'ADVANCED']) {
      const res = await choose('ReadingComprehension', `c-${level}-0`, 2);
      expect(res.statusCode).toBe(200);
    }
    await startPart(t.app, token, 'FreeSpeech');
    const last = await activity(t.app, token, { type: 'timeout', context: { part: 'FreeSpeech' } });
    expect(last.json().assessmentStatus).toMatchObject({ isFinished: true, currentPart: null });
    expect(last.json().assessmentStatus.assessmentResult.completedAt).toBeTruthy();

    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    expect(row.completedAt).toBeInstanceOf(Date);
    const blob = resultsBlobSchema.parse(row.resultsBlob);
    expect(blob.readingComprehensionTest.scoring).toEqual({
      overall: 100,
      beginner: 100,
      intermediate: 100,
      advanced: 100,
    });
    expect(blob.listeningTest.scoring).toEqual({
      overall: 0,
      beginner: 0,
      intermediate: null,
      advanced: null,
    });
    expect(blob.missingSpeakingTest).toBe(true);
    expect(row).toMatchObject({
      readingComprehensionCefr: 'C2',
      readingComprehensionResultScore: 100,
      readingResultScore: 0,
    });
    expect(row.resultCefr).toBe(blob.cefrRating);

    const again = await signIn(t.app, candidate.email, challenge.code);
    expect([again.statusCode, again.json().error.message]).toEqual([409, T.testFinished]);
    expect((await call(t.app, 'GET', '/api/assessment', { token })).statusCode).toBe(409);
  });

  it('answers a repeated key with the current status and stores one row; a repeated start is a no-op', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    await startPart(t.app, token, 'Reading');
    await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    await startPart(t.app, token, 'Listening');
    const body = {
      type: 'answer-comprehension-question' as const,
      context: { part: 'Listening' as const, itemId: 'l-LOW-0', idempotencyKey: newKey() },
      data: { answerIndex: 1 },
    };
    const first = await activity(t.app, token, body);
    const second = await activity(t.app, token, body);
    expect(second.statusCode).toBe(200);
    const { serverTime: _a, ...firstStatus } = first.json().assessmentStatus;
    const { serverTime: _b, ...secondStatus } = second.json().assessmentStatus;
    expect(secondStatus).toEqual(firstStatus);
    const rows = await activityRowsOf(t.db, challenge.id);
    expect(rows.map((r) => r.type).sort()).toEqual([
      'answer-comprehension-question',
      'start-part',
      'start-part',
      'timeout',
    ]);
  });

  it('counts one of two answers sent at once for the same item', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    await startPart(t.app, token, 'Listening');
    const answer = (answerIndex: number) =>
      activity(t.app, token, {
        type: 'answer-comprehension-question',
        context: { part: 'Listening', itemId: 'l-LOW-0' },
        data: { answerIndex },
      });
    const results = await Promise.all([answer(1), answer(0), answer(1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(T.alreadyAnswered);
    const answers = (await activityRowsOf(t.db, challenge.id)).filter((r) => r.itemId === 'l-LOW-0');
    expect(answers).toHaveLength(1);
  });

  it('refuses answers out of turn: 409 for the wrong item or part, 400 for the wrong type or no choice', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    const send = (
      type: 'answer-comprehension-question',
      part: 'Listening' | 'Reading',
      itemId: string,
      answerIndex?: number,
    ) =>
      activity(t.app, token, {
        type,
        context: { part, itemId },
        data: answerIndex === undefined ? {} : { answerIndex },
      });
    const early = await send('answer-comprehension-question', 'Listening', 'l-LOW-0', 1);
    expect([early.statusCode, early.json().error.message]).toEqual([409, T.partNotStarted]);
    await startPart(t.app, token, 'Reading');
    const wrongType = await send('answer-comprehension-question', 'Reading', 'r-LOW-0', 1);
    expect([wrongType.statusCode, wrongType.json().error.message]).toEqual([400, T.wrongActivityType]);
    await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    await startPart(t.app, token, 'Listening');
    const ahead = await send('answer-comprehension-question', 'Listening', 'l-MEDIUM-0', 1);
    expect([ahead.statusCode, ahead.json().error.message]).toEqual([409, T.notCurrentItem]);
    expect((await send('answer-comprehension-question', 'Listening', 'l-LOW-0')).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/assessment/activity', { token, body: { type: 'nope' } })).statusCode,
    ).toBe(400);
    await send('answer-comprehension-question', 'Listening', 'l-LOW-0', 1);
    const twice = await send('answer-comprehension-question', 'Listening', 'l-LOW-0', 1);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, T.alreadyAnswered]);
  });

  it('closes a part whose clock ran out: a late answer is not counted, and a resume closes it too', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    await activity(t.app, token, { type: 'timeout', context: { part: 'Reading' } });
    await startPart(t.app, token, 'Listening');
    const pastGrace = `${600 + TEST_RULES.deadlineGraceSeconds + 5} seconds`;
    const moveStartBack = (part: string) =>
      t.db.execute(sql`update challenge_activities set created_at = now() - ${pastGrace}::interval
        where challenge_id = ${challenge.id} and part = ${part} and type = 'start-part'`);
    await moveStartBack('Listening');
    const key = newKey();
    const late = await activity(t.app, token, {
      type: 'answer-comprehension-question',
      context: { part: 'Listening', itemId: 'l-LOW-0', idempotencyKey: key },
      data: { answerIndex: 1 },
    });
    expect(late.statusCode).toBe(200);
    expect(partOf(late.json().assessmentStatus, 'Listening')).toMatchObject({
      finishReason: 'TIMES_UP',
      answered: 0,
    });
    const stored = (await activityRowsOf(t.db, challenge.id)).find((r) => r.idempotencyKey === key);
    expect(stored).toMatchObject({ type: 'timeout', itemId: null, score: null });

    await startPart(t.app, token, 'ReadingComprehension');
    await moveStartBack('ReadingComprehension');
    const resumed = await call(t.app, 'GET', '/api/assessment', { token });
    expect(partOf(resumed.json().assessmentStatus, 'ReadingComprehension')).toMatchObject({
      state: 'finished',
      finishReason: 'TIMES_UP',
    });
    expect(resumed.json().assessmentStatus.currentPart).toBe('FreeSpeech');
  });
});

describe('POST /api/assessment/form/activity (refusals before any scoring)', () => {
  it('needs multipart, a valid meta and an audio file, and the current item', async () => {
    const { candidate, challenge } = await sentChallenge(t);
    const { token } = await signedIn(t.app, candidate.email, challenge.code);
    await startPart(t.app, token, 'Reading');
    const garbage = { data: Buffer.from('not audio at all') };
    const json = await call(t.app, 'POST', '/api/assessment/form/activity', { token, body: { meta: '{}' } });
    expect(json.statusCode).toBe(415);
    expect((await recording(t.app, token, '{not json', garbage)).statusCode).toBe(400);
    const badMeta = await recording(
      t.app,
      token,
      JSON.stringify({ type: 'read-phrase', context: { part: 'Reading' } }),
      garbage,
    );
    expect(badMeta.statusCode).toBe(400);
    expect(badMeta.json().error.details.map((d: { path: string }) => d.path)).toContain(
      'meta.context.itemId',
    );
    expect((await recording(t.app, token, readMeta('r-LOW-0'))).statusCode).toBe(400);
    // Garbage bytes would be 415 from the engine: these answers are refused before scoring.
    const ahead = await recording(t.app, token, readMeta('r-MEDIUM-0'), garbage);
    expect([ahead.statusCode, ahead.json().error.message]).toEqual([409, T.notCurrentItem]);
    const wrongPart = await recording(t.app, token, readMeta('f-LOW', { free: true }), garbage);
    expect([wrongPart.statusCode, wrongPart.json().error.message]).toEqual([409, T.partNotStarted]);
    const tooShort = await recording(t.app, token, readMeta('r-LOW-0', { durationMs: 200 }), garbage);
    expect(tooShort.statusCode).toBe(422);
    const silence = await recording(t.app, token, readMeta('r-LOW-0'), { data: wav(new Int16Array(16000)) });
    expect(silence.statusCode).toBe(422);
    expect(await activityRowsOf(t.db, challenge.id)).toHaveLength(1);
  }, 120_000);
});

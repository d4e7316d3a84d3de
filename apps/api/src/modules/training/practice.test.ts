import { readFileSync } from 'node:fs';
import {
  practiceAttemptResponseSchema,
  practiceCatalogSchema,
  practiceItemKey,
  TRAINING_RULES,
  trainingTexts,
} from '@agaton/contracts';
import { practiceAttempts } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeContent } from '../recruitment/recruitment.test-helper.ts';
import { recruitmentOrgs } from '../recruitment/recruitment-admin.test-helper.ts';
import { fixture, multipart } from '../scoring/scoring.test-helper.ts';
import { SCORING_TEXTS } from '../scoring/scoring.texts.ts';
import { acceptedTrainee, coach } from './training.test-helper.ts';

/** A real learner (speechocean762 speaker 2022) reading the sentence; committed with the demo seed. */
const SENTENCE = 'We need a new coach.';
const recording = readFileSync(new URL('../../seed/demo-practice-recordings/020220048.ogg', import.meta.url));
const content = makeContent({ position: 'Everyday English', sentences: { LOW: [SENTENCE] } });
const exercise = { topic: 'Everyday English', level: 'LOW', kind: 'reading', itemId: 'r-LOW-0' } as const;

let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
let trainee: Awaited<ReturnType<typeof acceptedTrainee>>;
beforeAll(async () => {
  t = await createTestApp({ SCORING_READING_TIMEOUT_SECONDS: '120' });
  org = await recruitmentOrgs(t);
  const saved = await call(t.app, 'PUT', '/api/admin/test-content', {
    token: org.tokens.owner,
    body: content,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  trainee = await acceptedTrainee(t, org.tokens.owner, 'pat@example.com');
});
afterAll(() => t.close());

function upload(token: string, meta: unknown, audio: Buffer | null = recording) {
  const body = multipart(
    meta === undefined ? {} : { meta: typeof meta === 'string' ? meta : JSON.stringify(meta) },
    audio ? { filename: 'r.ogg', contentType: 'audio/ogg', data: audio } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/practice/attempts',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('practice', () => {
  it('is locked for coaches who are not training, and for signed-out visitors', async () => {
    const outsider = await coach(t, 'outsider@example.com');
    for (const res of [
      await call(t.app, 'GET', '/api/practice', { token: outsider.token }),
      await upload(outsider.token, { ...exercise, studySeconds: 10 }),
      await call(t.app, 'GET', '/api/practice/attempts', { token: outsider.token }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(trainingTexts.practiceLocked);
    }
    expect((await call(t.app, 'GET', '/api/practice')).statusCode).toBe(401);
  });

  it("offers the organisation's sentences and questions by topic and level, never an answer", async () => {
    const res = await call(t.app, 'GET', '/api/practice', { token: trainee.token });
    expect(res.statusCode, res.body).toBe(200);
    const catalog = practiceCatalogSchema.parse(res.json());
    expect(catalog.topics.map((x) => x.topic)).toEqual(['Everyday English']);
    expect(catalog.topics[0].levels.LOW.reading).toEqual([{ id: 'r-LOW-0', text: SENTENCE }]);
    expect(catalog.topics[0].levels.MEDIUM.freeSpeech.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('answerIndex');
    expect(res.body).not.toContain('audioText');
    expect(catalog.progress).toMatchObject({ lessonsCompleted: 0, attempts: 0, studyMinutes: 0 });
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const missing = await upload(trainee.token, undefined);
    expect(missing.statusCode).toBe(400);
    expect((await upload(trainee.token, '{not json')).statusCode).toBe(400);
    const badLevel = await upload(trainee.token, { ...exercise, level: 'EXPERT', studySeconds: 5 });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error.details[0].path).toBe('meta.level');
    expect((await upload(trainee.token, { ...exercise, studySeconds: 5 }, null)).statusCode).toBe(400);
    const unknown = await upload(trainee.token, { ...exercise, itemId: 'r-LOW-9', studySeconds: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(trainingTexts.unknownExercise);
    const otherTopic = await upload(trainee.token, { ...exercise, topic: 'Astronomy', studySeconds: 5 });
    expect(otherTopic.statusCode).toBe(404);
    const short = await upload(trainee.token, { ...exercise, studySeconds: 5, durationMs: 200 });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toBe(SCORING_TEXTS.tooShort(TRAINING_RULES.minRecordingMs / 1000));
    const tiny = await upload(trainee.token, { ...exercise, studySeconds: 5 }, fixture('short.wav'));
    expect(tiny.statusCode).toBe(422);
    expect(await t.db.select().from(practiceAttempts)).toHaveLength(0);
  }, 120_000);

  it('scores a real reading like the demo, stores its figures and counts the lesson and study time', async () => {
    const res = await upload(trainee.token, { ...exercise, topic: ' everyday english ', studySeconds: 5000 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = practiceAttemptResponseSchema.parse(res.json());
    if (answer.kind !== 'reading') throw new Error('expected a reading');
    expect(answer.score.word_scores.map((w) => w.word_normalised)).toEqual([
      'we',
      'need',
      'a',
      'new',
      'coach',
    ]);
    expect(answer.score.assessment.overall_score).toBeGreaterThan(40);

    const [row] = await t.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, answer.attemptId));
    expect(row).toMatchObject({
      userId: trainee.userId,
      orgId: org.orgId,
      candidateId: trainee.candidate.identityId,
      topic: 'Everyday English',
      prompt: SENTENCE,
      overallScore: answer.score.assessment.overall_score,
      pronunciation: answer.score.assessment.pronunciation.score,
      fluency: answer.score.assessment.fluency.score,
      contentScore: answer.score.assessment.content?.score,
      wordsSaid: 5,
      pauses: answer.score.assessment.fluency_stats.num_pauses,
      // A study time beyond the cap counts as the cap.
      studySeconds: TRAINING_RULES.maxStudySecondsPerAttempt,
    });
    expect(row.audioSeconds).toBeGreaterThan(1);
    expect(row.audioSeconds).toBeLessThan(5);
    expect(row.words.map((w) => w.word)).toEqual(['we', 'need', 'a', 'new', 'coach']);
    expect(row.words[4].phonemes.map((p) => p.ipa).join('')).toMatch(/k.*t/);
    expect(row.transcript.toLowerCase()).toBe('we need a new coach');

    const catalog = (await call(t.app, 'GET', '/api/practice', { token: trainee.token })).json();
    expect(catalog.progress).toEqual({
      lessonsCompleted: 1,
      attempts: 1,
      studyMinutes: TRAINING_RULES.maxStudySecondsPerAttempt / 60,
      best: { [practiceItemKey('Everyday English', 'r-LOW-0')]: row.overallScore },
    });
    const list = await call(t.app, 'GET', '/api/practice/attempts?pageSize=5', { token: trainee.token });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: answer.attemptId, prompt: SENTENCE }] });
    expect(
      (await call(t.app, 'GET', '/api/practice/attempts?pageSize=0', { token: trainee.token })).statusCode,
    ).toBe(400);
  }, 180_000);
});

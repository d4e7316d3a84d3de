import { resultsBlobSchema } from '@agaton/contracts';
import { DEMO_ACCOUNTS, seedDemoData } from '@agaton/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../lib/context.ts';
import { createScoringRuntime, type ScoringRuntime } from '../modules/scoring/scoring-runtime.ts';
import { call, createTestApp, serviceContext, type TestApp } from '../testing/test-app.ts';
import { DEMO_TESTED_CANDIDATE, seedDemoEnglishTest } from './demo-english-test.ts';

let t: TestApp;
let scoring: ScoringRuntime;
let ctx: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  scoring = await createScoringRuntime(t.config);
  ctx = serviceContext(t);
}, 60_000);
afterAll(async () => {
  await scoring?.close();
  await t?.close();
});

it('gives the demo organisation a finished English test scored from real recordings, once', async () => {
  expect(await seedDemoEnglishTest(ctx, { scoring, store: null })).toBe(true);
  expect(await seedDemoEnglishTest(ctx, { scoring, store: null })).toBe(false);

  const login = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: DEMO_ACCOUNTS.admin, password: DEMO_ACCOUNTS.password },
  });
  const token = login.json().accessToken as string;
  const list = await call(t.app, 'GET', '/api/admin/challenges', { token });
  const done = list
    .json()
    .find((c: { candidateEmail: string }) => c.candidateEmail === DEMO_TESTED_CANDIDATE.email);
  expect(done.completedAt).not.toBeNull();
  const results = resultsBlobSchema.parse(done.resultsBlob);
  // Six readings of a real learner were scored: speaking figures exist and are not perfect.
  expect(results.missingSpeakingTest).toBe(false);
  expect(results.readingTest.testMetaInfo.numberOfCompletedLevels).toBeGreaterThan(0);
  expect(results.pronunciation).toBeGreaterThan(20);
  expect(results.pronunciation).toBeLessThan(100);
  // One wrong answer at ADVANCED: two of three right still completes the part.
  expect(results.readingComprehensionTest.scoring.advanced).toBeCloseTo(200 / 3, 0);
  expect(results.readingComprehensionTest.testMetaInfo.finishReason).toBe('FULL_COMPLETE');
  // The free answer ran out of time.
  expect(results.freeSpeechTest.finishReason).toBe('TIMES_UP');
  expect(done.resultCefr).toBe(results.cefrRating);

  // The test came out of the organisation's tests: the seeded 50 less this one.
  const admin = await call(t.app, 'GET', '/api/admin', { token });
  expect(admin.json().productAccess.recruitment.testsLeftCount).toBe(49);
}, 180_000);

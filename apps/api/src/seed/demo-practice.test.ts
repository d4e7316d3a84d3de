import { DEMO_ACCOUNTS, practiceAttempts, seedDemoData } from '@agaton/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../lib/context.ts';
import { createScoringRuntime, type ScoringRuntime } from '../modules/scoring/scoring-runtime.ts';
import { call, createTestApp, serviceContext, type TestApp } from '../testing/test-app.ts';
import {
  DEMO_PRACTICE_TOPIC,
  DEMO_TRAINEES,
  demoPracticeRecordings,
  seedDemoPractice,
} from './demo-practice.ts';

let t: TestApp;
let scoring: ScoringRuntime;
let ctx: AppContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  scoring = await createScoringRuntime({ ...t.config, SCORING_READING_TIMEOUT_SECONDS: 120 });
  ctx = serviceContext(t);
}, 60_000);
afterAll(async () => {
  await scoring?.close();
  await t?.close();
});

it('gives the demo organisation trainees who practised on real recordings, over two weeks, once', async () => {
  const now = new Date('2026-11-25T18:00:00Z');
  const recordings = demoPracticeRecordings();
  expect(await seedDemoPractice(ctx, { scoring, now })).toBe(recordings.length);
  expect(await seedDemoPractice(ctx, { scoring, now })).toBe(0);

  const rows = await t.db.select().from(practiceAttempts);
  expect(rows).toHaveLength(recordings.length);
  expect(new Set(rows.map((r) => r.userId)).size).toBe(DEMO_TRAINEES.length);
  for (const row of rows) {
    // Real scoring: every sentence was heard, with imperfect and differing figures.
    expect(row.topic).toBe(DEMO_PRACTICE_TOPIC);
    expect(row.wordsSaid).toBeGreaterThan(2);
    expect(row.overallScore).toBeGreaterThan(0);
    expect(row.audioSeconds).toBeGreaterThan(1);
    expect(row.studySeconds).toBe(row.audioSeconds);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(row.words.length).toBeGreaterThan(0);
  }
  expect(new Set(rows.map((r) => Math.round(r.overallScore))).size).toBeGreaterThan(3);
  const days = new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10)));
  expect(days.size).toBeGreaterThan(3);
  // This week (from Monday 23 November) and the week before both have practice.
  expect(rows.some((r) => r.createdAt >= new Date('2026-11-23T00:00:00Z'))).toBe(true);
  expect(rows.some((r) => r.createdAt < new Date('2026-11-23T00:00:00Z'))).toBe(true);

  // A trainee signs in with the demo password and finds their progress in practice.
  const [first] = DEMO_TRAINEES;
  const code = await call(t.app, 'POST', '/api/authn/password', {
    body: { username: first.email, password: DEMO_ACCOUNTS.password, realm: 'whiskey' },
  });
  const session = (await call(t.app, 'POST', '/api/token', { body: { code: code.json().code } })).json();
  const catalog = await call(t.app, 'GET', '/api/practice', { token: session.accessToken });
  expect(catalog.statusCode, catalog.body).toBe(200);
  const own = recordings.filter((r) => r.speaker === first.speaker).length;
  expect(catalog.json().progress.lessonsCompleted).toBe(own);
  expect(catalog.json().topics.map((x: { topic: string }) => x.topic)).toContain(DEMO_PRACTICE_TOPIC);

  // The admin's trainee list shows them training.
  const login = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: DEMO_ACCOUNTS.admin, password: DEMO_ACCOUNTS.password },
  });
  const list = await call(t.app, 'GET', '/api/admin/candidates', { token: login.json().accessToken });
  for (const trainee of DEMO_TRAINEES) {
    const row = list.json().find((c: { email: string }) => c.email === trainee.email);
    expect(row.traineeInfo.traineeStatus).toBe('Training');
  }
}, 300_000);

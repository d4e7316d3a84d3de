import { GOALS, goalTexts } from '@agaton/contracts';
import { users } from '@agaton/db';
import { buildAdmin, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let userId: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const coach = await buildUser(t.db);
  userId = coach.id;
  token = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
});
afterAll(() => t.close());

const storedGoals = async () =>
  (await t.db.select({ goals: users.goals }).from(users).where(eq(users.id, userId)))[0]?.goals;
/** `auth: null` sends no Authorization header. */
const putGoals = (body: unknown, auth: string | null = token) =>
  call(t.app, 'PUT', '/api/app-user/goals', { body, token: auth ?? undefined });

describe('GET /api/app-user/preferences', () => {
  it('answers no goals for a new coach and the whole catalogue by name', async () => {
    const res = await call(t.app, 'GET', '/api/app-user/preferences', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userPreferences: { goalPreferences: { goals: [] } },
      globalGoalSpecification: {
        availableGoals: GOALS.map((g) => ({ goal: g.goal, humanReadableGoalName: g.humanReadableGoalName })),
      },
    });
  });

  it('leaves out a stored goal the catalogue no longer offers', async () => {
    const coach = await buildUser(t.db, { goals: ['RETIRED_GOAL', 'TEST_PREP'] });
    const own = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
    const res = await call(t.app, 'GET', '/api/app-user/preferences', { token: own });
    expect(res.json().userPreferences.goalPreferences.goals).toEqual(['TEST_PREP']);
  });
});

describe('PUT /api/app-user/goals', () => {
  it('saves one to three goals in the chosen order and answers the new preferences', async () => {
    const res = await putGoals({ goals: ['STEADY_PACE', 'CLEARER_SOUNDS', 'TEST_PREP'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().userPreferences.goalPreferences.goals).toEqual([
      'STEADY_PACE',
      'CLEARER_SOUNDS',
      'TEST_PREP',
    ]);
    expect(await storedGoals()).toEqual(['STEADY_PACE', 'CLEARER_SOUNDS', 'TEST_PREP']);

    expect((await putGoals({ goals: ['FEWER_FILLERS'] })).statusCode).toBe(200);
    const read = await call(t.app, 'GET', '/api/app-user/preferences', { token });
    expect(read.json().userPreferences.goalPreferences.goals).toEqual(['FEWER_FILLERS']);
    const me = await call(t.app, 'GET', '/api/app-user/me', { token });
    expect(me.json().goals).toEqual(['FEWER_FILLERS']);
  });

  it.each([
    ['none', { goals: [] }, `goals: ${goalTexts.tooFew}`],
    [
      'four',
      { goals: ['STEADY_PACE', 'CLEARER_SOUNDS', 'TEST_PREP', 'SPEAK_UP_MORE'] },
      `goals: ${goalTexts.tooMany}`,
    ],
    ['an unknown id', { goals: ['BE_FAMOUS'] }, `goals.0: ${goalTexts.unknown('BE_FAMOUS')}`],
    ['the same goal twice', { goals: ['TEST_PREP', 'TEST_PREP'] }, `goals: ${goalTexts.duplicate}`],
    ['no goals field', {}, 'goals: Required'],
    ['a string', { goals: 'TEST_PREP' }, undefined],
  ])('refuses %s with 400 and a clear message, keeping the saved goals', async (_, body, message) => {
    await putGoals({ goals: ['SPEAK_UP_MORE'] });
    const res = await putGoals(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    if (message) expect(res.json().error.message).toBe(message);
    expect(await storedGoals()).toEqual(['SPEAK_UP_MORE']);
  });
});

describe('access', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    expect((await call(t.app, 'GET', '/api/app-user/preferences')).statusCode).toBe(401);
    const res = await putGoals({ goals: [] }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect((await putGoals({ goals: ['TEST_PREP'] }, 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses an admin token with 403', async () => {
    const admin = await buildAdmin(t.db);
    const adminToken = (await signIn(t.app, admin.email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
    expect((await call(t.app, 'GET', '/api/app-user/preferences', { token: adminToken })).statusCode).toBe(
      403,
    );
    const res = await putGoals({ goals: ['TEST_PREP'] }, adminToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});

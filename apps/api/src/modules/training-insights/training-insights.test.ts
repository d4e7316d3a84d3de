import type { TrainingInsights } from '@agaton/contracts';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { recruitmentOrgs } from '../recruitment/recruitment-admin.test-helper.ts';
import { buildTrainee, insertAttempts } from './training-insights.test-helper.ts';

/** Wednesday of the week of Monday 30 November 2026. */
const NOW = new Date('2026-12-02T12:00:00Z');

let t: TestApp;
let orgs: Awaited<ReturnType<typeof recruitmentOrgs>>;
let ids: { ann: string; bob: string; cy: string; dee: string; other: string };

beforeAll(async () => {
  // Time moved to NOW for the whole file (only Date: the database and timers run as usual), so the
  // tokens signed here are valid at NOW too.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  orgs = await recruitmentOrgs(t);
  // Ann and Bob in Sales, Cy in Support, Dee invited but not practising, in no team.
  const ann = await buildTrainee(t, { orgId: orgs.orgId, name: 'Ann Archer', teamId: orgs.sales.id });
  const bob = await buildTrainee(t, { orgId: orgs.orgId, name: 'Bob Baker', teamId: orgs.sales.id });
  const cy = await buildTrainee(t, { orgId: orgs.orgId, name: 'Cy Cole', teamId: orgs.support.id });
  const dee = await buildTrainee(t, { orgId: orgs.orgId, name: 'Dee Dunn', traineeStatus: 'InvitePending' });
  const other = await buildTrainee(t, { orgId: orgs.orgBId, name: 'Oz Other' });
  ids = {
    ann: ann.candidate.id,
    bob: bob.candidate.id,
    cy: cy.candidate.id,
    dee: dee.candidate.id,
    other: other.candidate.id,
  };
  await insertAttempts(t, ann, [
    { createdAt: new Date('2026-11-30T08:00:00Z'), overallScore: 60, studySeconds: 120 },
    { createdAt: new Date('2026-11-30T09:00:00Z'), overallScore: 80, itemId: 'r-MEDIUM-1', studySeconds: 60 },
    // Sunday of the week before: last week, not this one.
    { createdAt: new Date('2026-11-29T23:59:00Z'), overallScore: 10 },
  ]);
  await insertAttempts(t, bob, [
    { createdAt: new Date('2026-12-02T09:00:00Z'), overallScore: 90, topic: 'Sales' },
  ]);
  await insertAttempts(t, cy, [{ createdAt: new Date('2026-12-01T09:00:00Z'), overallScore: 40 }]);
  await insertAttempts(t, other, [{ createdAt: new Date('2026-12-01T09:00:00Z'), overallScore: 99 }]);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** GET /api/insights at NOW. */
function insights(token: string, query = '') {
  return call(t.app, 'GET', `/api/insights${query}`, { token });
}

async function ok(token: string, query = ''): Promise<TrainingInsights> {
  const res = await insights(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (r: TrainingInsights) => r.people?.map((p) => p.name);

describe('GET /api/insights', () => {
  it('defaults to the current week (Monday to Sunday, UTC) with every trainee, every metric, per day', async () => {
    const r = await ok(orgs.tokens.owner);
    expect(r.period).toEqual({
      name: 'current-week',
      from: '2026-11-30T00:00:00.000Z',
      to: '2026-12-07T00:00:00.000Z',
    });
    expect(names(r)).toEqual(['Ann Archer', 'Bob Baker', 'Cy Cole', 'Dee Dunn']);
    // Ann's Sunday attempt and the other organisation's are left out.
    expect(r.cohort?.fullPeriod).toMatchObject({
      attempts: 4,
      overallScore: 67.5,
      lessonsCompleted: 4,
      studyMinutes: 6,
    });
    expect(r.cohort?.fullPeriod?.popularTopics).toEqual([
      { topic: 'Customer Service', attempts: 3 },
      { topic: 'Sales', attempts: 1 },
    ]);
    expect(r.cohort?.fullPeriod?.challengingWords?.[0]).toEqual({ label: 'think', score: 71, count: 4 });
    expect(r.cohort?.fullPeriod?.challengingPhonemes?.[0]).toEqual({ label: 'θ', score: 45, count: 4 });
    const dee = r.people?.find((p) => p.name === 'Dee Dunn');
    expect(dee).toMatchObject({ traineeStatus: 'InvitePending', lastPracticeAt: null });
    expect(dee?.fullPeriod).toMatchObject({ attempts: 0, overallScore: null, studyMinutes: 0 });
    expect(r.people?.find((p) => p.name === 'Ann Archer')?.lastPracticeAt).toBe('2026-11-30T09:00:00.000Z');
  });

  it('buckets the attempts by weekday, Mon to Sun', async () => {
    const r = await ok(orgs.tokens.owner);
    expect(r.cohort?.days?.map((d) => `${d.day}:${d.figures.attempts}:${d.figures.overallScore}`)).toEqual([
      'Mon:2:70',
      'Tue:1:40',
      'Wed:1:90',
      'Thu:0:null',
      'Fri:0:null',
      'Sat:0:null',
      'Sun:0:null',
    ]);
  });

  it('reads another period', async () => {
    const r = await ok(orgs.tokens.owner, '?period=last-week&grouping=cohort&periods=full-period');
    expect(r.period.from).toBe('2026-11-23T00:00:00.000Z');
    expect(r.cohort?.fullPeriod).toMatchObject({ attempts: 1, overallScore: 10 });
    expect(r.cohort?.days).toBeNull();
    expect(r.people).toBeNull();
  });

  it('answers only the metrics asked for', async () => {
    const r = await ok(orgs.tokens.owner, '?metrics=overall-score,fluency&grouping=cohort');
    const figures = r.cohort?.fullPeriod;
    expect(figures?.overallScore).toBe(67.5);
    expect(figures?.fluency).toEqual({ score: 78, wordsPerMinute: 124 });
    expect(figures).toMatchObject({
      studyMinutes: null,
      pronunciation: null,
      challengingWords: null,
      popularTopics: null,
    });
  });

  it('limits the cohort to a team, and to one trainee', async () => {
    const sales = await ok(orgs.tokens.owner, `?teamId=${orgs.sales.id}`);
    expect(names(sales)).toEqual(['Ann Archer', 'Bob Baker']);
    expect(sales.cohort?.fullPeriod?.attempts).toBe(3);
    const one = await ok(orgs.tokens.owner, `?userId=${ids.cy}`);
    expect(names(one)).toEqual(['Cy Cole']);
    expect(one.cohort?.fullPeriod).toMatchObject({ attempts: 1, overallScore: 40 });
  });

  it('shows a manager only the trainees of the teams they manage', async () => {
    const r = await ok(orgs.tokens.salesManager);
    expect(names(r)).toEqual(['Ann Archer', 'Bob Baker']);
    expect(r.cohort?.fullPeriod?.attempts).toBe(3);
    expect((await insights(orgs.tokens.salesManager, `?teamId=${orgs.support.id}`)).statusCode).toBe(403);
    expect((await insights(orgs.tokens.salesManager, `?userId=${ids.cy}`)).statusCode).toBe(404);
    // A manager of no team sees no trainee, not every one (docs/decisions/023-manager-scope.md).
    expect(names(await ok(orgs.tokens.idleManager))).toEqual([]);
    expect((await insights(orgs.tokens.idleManager, `?teamId=${orgs.support.id}`)).statusCode).toBe(403);
    expect((await insights(orgs.tokens.idleManager, `?userId=${ids.cy}`)).statusCode).toBe(404);
    expect((await insights(orgs.tokens.idleManager, `?userId=${ids.dee}`)).statusCode).toBe(404);
  });

  it("never shows another organisation's trainees", async () => {
    const b = await ok(orgs.tokens.ownerB);
    expect(names(b)).toEqual(['Oz Other']);
    expect(b.cohort?.fullPeriod?.overallScore).toBe(99);
    expect((await insights(orgs.tokens.ownerB, `?userId=${ids.ann}`)).statusCode).toBe(404);
    expect((await insights(orgs.tokens.ownerB, `?teamId=${orgs.sales.id}`)).statusCode).toBe(404);
    expect((await insights(orgs.tokens.owner, `?userId=${ids.other}`)).statusCode).toBe(404);
  });

  it('refuses coaches (their trends are /api/sessions/insights) and the signed out', async () => {
    const coach = await buildUser(t.db, { email: 'coach@insights.example' });
    const session = await signIn(t.app, coach.email, FACTORY_PASSWORD);
    expect((await insights(session.accessToken)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/insights')).statusCode).toBe(401);
  });

  it.each([
    ['an unknown period', '?period=yesterday'],
    ['an unknown metric', '?metrics=overall-score,charisma'],
    ['a repeated period', '?period=last-week&period=all-time'],
    ['repeated metrics', '?metrics=overall-score&metrics=fluency'],
    ['an unknown grouping', '?grouping=team'],
    ['an unknown periods value', '?periods=hour'],
    ['a team id that is no id', '?teamId=sales'],
    ['a user id that is no id', '?userId=1'],
  ])('answers 400 to %s', async (_what, query) => {
    const res = await insights(orgs.tokens.owner, query);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 404 to a team that does not exist', async () => {
    const res = await insights(orgs.tokens.owner, '?teamId=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

import { PLAN_TEXTS, type Product, RECRUITMENT_TEXTS, TRIAL_GRANTS } from '@agaton/contracts';
import { candidates, organisations, type StoredProductAccess } from '@agaton/db';
import { buildAdmin, buildManager, buildMember, buildTeam } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminToken } from '../recruitment/recruitment-admin.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A workspace created at /signup (every product trial-available), with its owner's token. */
async function newWorkspace() {
  n += 1;
  const res = await call(t.app, 'POST', '/api/admin', {
    body: {
      email: `founder${n}@trial.example`,
      password: 'Founder9',
      firstName: 'Fay',
      organization: `Trial Org ${n}`,
      industry: 'Technology',
      department: 'Sales B2B',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { token: body.accessToken as string, orgId: body.admin.organizationInfo.id as string };
}

const start = (token: string, productToTry: string) =>
  call(t.app, 'POST', '/api/admin/trial/start', { token, body: { productToTry } });

async function storedAccess(orgId: string) {
  const [org] = await t.db.select().from(organisations).where(eq(organisations.id, orgId));
  return org.productAccess as StoredProductAccess;
}

/** Moves a product's trial end into the past, as time passing would. */
async function moveTrialEnd(orgId: string, product: Product, trialEndsAt: Date) {
  const access = await storedAccess(orgId);
  await t.db
    .update(organisations)
    .set({
      productAccess: { ...access, [product]: { ...access[product], trialEndsAt: trialEndsAt.toISOString() } },
    })
    .where(eq(organisations.id, orgId));
}

describe('POST /api/admin/trial/start', () => {
  it('starts a 7-day English Test trial with 5 tests and answers the updated Admin', async () => {
    const { token } = await newWorkspace();
    const before = Date.now();
    const res = await start(token, 'recruitment');
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().productAccess.recruitment;
    expect(entry).toMatchObject({
      haveAccess: false,
      status: 'trial-active',
      testsLeftCount: TRIAL_GRANTS.recruitmentTests,
    });
    const ends = new Date(entry.trialEndsAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(ends - Date.now()).toBeLessThanOrEqual(7 * DAY);
    // The other products are untouched.
    expect(res.json().productAccess.training.status).toBe('trial-available');
    const me = await call(t.app, 'GET', '/api/admin', { token });
    expect(me.json().productAccess.recruitment).toEqual(entry);
  });

  it('gives the learning app two more users than its trainees, Record Meeting two more than its members', async () => {
    const { token, orgId } = await newWorkspace();
    await t.db.insert(candidates).values([
      { orgId, name: 'Tia Trainee', email: 'tia@trial.example', isTrainee: true },
      { orgId, name: 'Rex Recruit', email: 'rex@trial.example', isRecruit: true },
    ]);
    await buildMember(t.db, { orgId });
    await buildMember(t.db, { orgId });
    await buildMember(t.db, { orgId, isArchived: true });
    const training = await start(token, 'training');
    expect(training.json().productAccess.training).toMatchObject({ status: 'trial-active', maxUserCount: 3 });
    const coach = await start(token, 'aiCoach');
    expect(coach.json().productAccess.aiCoach).toMatchObject({ status: 'trial-active', maxUserCount: 4 });
  });

  it('answers 409 for a trial already started, and for one that has ended', async () => {
    const { token, orgId } = await newWorkspace();
    expect((await start(token, 'onboarding')).statusCode).toBe(200);
    const again = await start(token, 'onboarding');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: PLAN_TEXTS.trialNotAvailable });
    await moveTrialEnd(orgId, 'onboarding', new Date(Date.now() - 1000));
    expect((await start(token, 'onboarding')).statusCode).toBe(409);
    const me = await call(t.app, 'GET', '/api/admin', { token });
    expect(me.json().productAccess.onboarding.status).toBe('trial-ended');
  });

  it('starts a trial once when two requests race', async () => {
    const { token, orgId } = await newWorkspace();
    const results = await Promise.all([start(token, 'recruitment'), start(token, 'recruitment')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await storedAccess(orgId)).recruitment.testsLeftCount).toBe(TRIAL_GRANTS.recruitmentTests);
  });

  it('refuses a manager (403) and leaves the trial available', async () => {
    const owner = await buildAdmin(t.db, { email: 'owner@mgr.example' });
    const team = await buildTeam(t.db, { orgId: owner.orgId });
    await buildManager(t.db, { orgId: owner.orgId, teamIds: [team.id], email: 'mgr@mgr.example' });
    const access = await storedAccess(owner.orgId);
    await t.db
      .update(organisations)
      .set({ productAccess: { ...access, training: { haveAccess: false, status: 'trial-available' } } })
      .where(eq(organisations.id, owner.orgId));
    const res = await start(await adminToken(t, 'mgr@mgr.example'), 'training');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PLAN_TEXTS.ownersOnly);
    expect((await storedAccess(owner.orgId)).training.status).toBe('trial-available');
  });

  it("starts a trial in the caller's own organisation only", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    expect((await start(a.token, 'recruitment')).statusCode).toBe(200);
    expect((await storedAccess(b.orgId)).recruitment.status).toBe('trial-available');
    expect((await start(b.token, 'recruitment')).statusCode).toBe(200);
  });

  it('refuses an unknown product, a missing body and no token with 4xx', async () => {
    const { token } = await newWorkspace();
    expect((await start(token, 'everything')).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/admin/trial/start', { token, body: {} })).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/admin/trial/start', { body: { productToTry: 'training' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('trial expiry, settled on read', () => {
  it('GET /admin turns a trial past its end into trial-ended, keeps access and drops unused trial tests', async () => {
    const { token, orgId } = await newWorkspace();
    await start(token, 'recruitment');
    await moveTrialEnd(orgId, 'recruitment', new Date(Date.now() + 60_000));
    const still = await call(t.app, 'GET', '/api/admin', { token });
    expect(still.json().productAccess.recruitment.status).toBe('trial-active');

    await moveTrialEnd(orgId, 'recruitment', new Date(Date.now() - 60_000));
    expect((await storedAccess(orgId)).recruitment.status).toBe('trial-active');
    const me = await call(t.app, 'GET', '/api/admin', { token });
    expect(me.json().productAccess.recruitment).toMatchObject({ status: 'trial-ended', testsLeftCount: 0 });
    // Stored, so every later reader sees the same state.
    expect((await storedAccess(orgId)).recruitment).toMatchObject({
      status: 'trial-ended',
      testsLeftCount: 0,
    });
  });

  it('sending a test after the trial ended is refused with the tests limit, even before GET /admin', async () => {
    const { token, orgId } = await newWorkspace();
    await start(token, 'recruitment');
    const add = await call(t.app, 'POST', '/api/candidate', {
      token,
      body: { name: 'Cara Late', email: 'cara@trial.example', isRecruit: false, isTrainee: false },
    });
    expect(add.statusCode, add.body).toBe(200);
    await moveTrialEnd(orgId, 'recruitment', new Date(Date.now() - 1000));
    const send = await call(t.app, 'POST', '/api/challenge', {
      token,
      body: {
        candidateAstridIdentityIds: [add.json().createdCandidate.identityId],
        position: 'Sales representative',
      },
    });
    expect(send.statusCode, send.body).toBe(402);
    expect(send.json().error.message).toBe(RECRUITMENT_TEXTS.limitTests);
  });
});

import { type Challenge, challengeSchema } from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addCandidate, recruitmentOrgs, sampleResults } from './recruitment-admin.test-helper.ts';

const POSITION = 'Sales representative';
let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
let salesChallenge: Challenge;
let supportChallenge: Challenge;

beforeAll(async () => {
  t = await createTestApp();
  org = await recruitmentOrgs(t);
  const first = await addCandidate(t, org.tokens.owner, {
    name: 'Sally Sales',
    email: 'sally@example.com',
    department: org.sales.id,
    position: POSITION,
  });
  const second = await addCandidate(t, org.tokens.owner, {
    name: 'Sue Support',
    email: 'sue@example.com',
    department: org.support.id,
    position: POSITION,
  });
  const one = (id: string) => call(t.app, 'GET', `/api/admin/challenges/${id}`, { token: org.tokens.owner });
  salesChallenge = (await one(first.recruitInfo.challengesMeta[0].id)).json();
  supportChallenge = (await one(second.recruitInfo.challengesMeta[0].id)).json();
});
afterAll(() => t.close());

const list = async (token: string): Promise<Challenge[]> => {
  const res = await call(t.app, 'GET', '/api/admin/challenges', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/admin/challenges', () => {
  it("lists the organisation's challenges newest first, with the candidate's name, e-mail, team and position", async () => {
    const all = await list(org.tokens.owner);
    expect(all.map((c) => c.id)).toEqual([supportChallenge.id, salesChallenge.id]);
    expect(all[0]).toMatchObject({
      candidateName: 'Sue Support',
      candidateEmail: 'sue@example.com',
      candidateDepartment: 'Support',
      candidatePosition: POSITION,
      completedAt: null,
      isExpired: false,
      resultCefr: null,
      resultsBlob: null,
    });
    for (const c of all) expect(challengeSchema.safeParse(c).success).toBe(true);
  });

  it('includes the results of a completed challenge, and its CEFR and score columns', async () => {
    const results = sampleResults();
    await t.db
      .update(challenges)
      .set({
        completedAt: new Date(),
        resultsBlob: results,
        resultCefr: 'B1',
        readingResultScore: 72,
        readingComprehensionCefr: 'B1',
        readingComprehensionResultScore: 64,
      })
      .where(eq(challenges.id, salesChallenge.id));
    const done = (await list(org.tokens.owner)).find((c) => c.id === salesChallenge.id);
    expect(done).toMatchObject({
      resultCefr: 'B1',
      readingResultScore: 72,
      readingComprehensionCefr: 'B1',
      readingComprehnesionResultScore: 64,
      isExpired: false,
      resultsBlob: results,
    });
    expect(done?.completedAt).not.toBeNull();
  });

  it('marks a challenge whose code ran out without completion as expired, and never a completed one', async () => {
    const past = new Date(Date.now() - 60_000);
    await t.db.update(challenges).set({ expiresAt: past }).where(eq(challenges.id, supportChallenge.id));
    await t.db.update(challenges).set({ expiresAt: past }).where(eq(challenges.id, salesChallenge.id));
    const all = await list(org.tokens.owner);
    expect(all.find((c) => c.id === supportChallenge.id)?.isExpired).toBe(true);
    expect(all.find((c) => c.id === salesChallenge.id)?.isExpired).toBe(false);
  });

  it("scopes a manager to their teams' candidates; a manager of no team sees none", async () => {
    expect((await list(org.tokens.salesManager)).map((c) => c.id)).toEqual([salesChallenge.id]);
    expect(await list(org.tokens.idleManager)).toEqual([]);
  });

  it("never lists another organisation's challenges", async () => {
    expect(await list(org.tokens.ownerB)).toEqual([]);
  });
});

describe('GET /api/admin/challenges/{id}', () => {
  it('answers one challenge', async () => {
    const res = await call(t.app, 'GET', `/api/admin/challenges/${supportChallenge.id}`, {
      token: org.tokens.owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: supportChallenge.id, candidateId: supportChallenge.candidateId });
  });

  it("answers 404 for another organisation's, one outside the manager's teams, or an unknown id; 400 for a malformed id", async () => {
    const get = (id: string, token: string) => call(t.app, 'GET', `/api/admin/challenges/${id}`, { token });
    expect((await get(salesChallenge.id, org.tokens.ownerB)).statusCode).toBe(404);
    expect((await get(supportChallenge.id, org.tokens.salesManager)).statusCode).toBe(404);
    expect((await get(salesChallenge.id, org.tokens.salesManager)).statusCode).toBe(200);
    // A manager of no team reads no team's report.
    expect((await get(salesChallenge.id, org.tokens.idleManager)).statusCode).toBe(404);
    expect((await get(supportChallenge.id, org.tokens.idleManager)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', org.tokens.owner)).statusCode).toBe(404);
    expect((await get('not-an-id', org.tokens.owner)).statusCode).toBe(400);
  });
});

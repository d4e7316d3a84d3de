import type { Candidate, CreateCandidateRequest, ResultsBlob } from '@agaton/contracts';
import { organisations, type StoredProductAccess } from '@agaton/db';
import { buildAdmin, buildManager, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, type TestApp } from '../../testing/test-app.ts';

/** An admin's access token through the real sign-in. */
export async function adminToken(t: TestApp, email: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: email, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

/** Organisation A (teams Sales and Support; its owner, a Sales manager, a manager of no team) and B's owner. */
export async function recruitmentOrgs(t: TestApp) {
  const owner = await buildAdmin(t.db, { email: 'owner@a.example' });
  const orgId = owner.orgId;
  const sales = await buildTeam(t.db, { orgId, name: 'Sales' });
  const support = await buildTeam(t.db, { orgId, name: 'Support' });
  await buildManager(t.db, { orgId, teamIds: [sales.id], email: 'sales.manager@a.example' });
  await buildManager(t.db, { orgId, teamIds: [], email: 'idle.manager@a.example' });
  const ownerB = await buildAdmin(t.db, { email: 'owner@b.example' });
  const [tokenOwner, tokenSalesManager, tokenIdleManager, tokenOwnerB] = await Promise.all(
    ['owner@a.example', 'sales.manager@a.example', 'idle.manager@a.example', 'owner@b.example'].map((e) =>
      adminToken(t, e),
    ),
  );
  return {
    orgId,
    orgBId: ownerB.orgId,
    sales,
    support,
    tokens: {
      owner: tokenOwner,
      salesManager: tokenSalesManager,
      idleManager: tokenIdleManager,
      ownerB: tokenOwnerB,
    },
  };
}

/** POST /api/candidate, expecting success. */
export async function addCandidate(
  t: TestApp,
  token: string,
  body: CreateCandidateRequest,
): Promise<Candidate> {
  const res = await call(t.app, 'POST', '/api/candidate', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().createdCandidate;
}

/** The organisation's stored recruitment access. */
export async function recruitmentAccess(t: TestApp, orgId: string) {
  const [org] = await t.db
    .select({ access: organisations.productAccess })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return (org.access as StoredProductAccess).recruitment;
}

/** Sets how many tests the organisation has left. */
export async function setTestsLeft(t: TestApp, orgId: string, testsLeftCount: number) {
  const [org] = await t.db.select().from(organisations).where(eq(organisations.id, orgId));
  const access = org.productAccess as StoredProductAccess;
  await t.db
    .update(organisations)
    .set({ productAccess: { ...access, recruitment: { ...access.recruitment, testsLeftCount } } })
    .where(eq(organisations.id, orgId));
}

/** A complete, valid results blob (what the candidate side stores when the last part finishes). */
export function sampleResults(): ResultsBlob {
  const part = (overall: number) => ({
    scoring: { overall, beginner: 100, intermediate: 80, advanced: null },
    testMetaInfo: {
      numberOfCompletedLevels: 2,
      numberOfLevels: 3,
      lastFinishLevel: 'MEDIUM' as const,
      finishReason: 'LEVEL_LOW_SCORE' as const,
    },
    cefr: 'B1' as const,
  });
  return {
    pronunciation: 82,
    fluency: 75,
    speakingRate: 128,
    pausesCount: 3,
    hesistationsCount: 1,
    silencesCount: 0,
    intelligibility: 88,
    confidence: 80,
    challengingSounds: [{ phoneme: 'θ', score: 61 }],
    challengingWords: [{ word_normalised: 'thorough', score: 55 }],
    testOverallScore: 70,
    testCompletionScore: 67,
    cefrRating: 'B1',
    missingSpeakingTest: false,
    listeningTest: part(60),
    readingComprehensionTest: part(64),
    readingTest: part(72),
    freeSpeechTest: {
      topic: 'Describe a normal working day.',
      overallScore: 70,
      transcript: 'I start at nine and answer calls',
      grammar: 'B1',
      vocabulary: 'B1',
      finishReason: 'FULL_COMPLETE',
    },
    cefrBySkill: { speaking: 'B1', listening: 'B1', reading: 'B1' },
  };
}

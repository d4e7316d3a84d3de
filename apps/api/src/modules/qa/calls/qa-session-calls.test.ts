import { createHash } from 'node:crypto';
import { callDetailSchema, QA_LIMITS, qcItemListSchema } from '@agaton/contracts';
import { qaCalls, sessions } from '@agaton/db';
import { buildAdmin, buildMember, buildTeam, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, serviceContext, type TestApp } from '../../../testing/test-app.ts';
import { answerCall, createQaJobs } from '../answering/index.ts';
import { callFromSession } from './qa-session-calls.ts';

let t: TestApp;
let orgA = '';
let memberId = '';
let ownerToken = '';
let otherOwnerToken = '';
let coachUserId = '';

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

/** A scorecard with one active Quality question, for some teams (none: every agent). */
async function scorecard(token: string, name: string, teamIds: string[] = []) {
  const set = await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name, teamIds } });
  expect(set.statusCode, set.body).toBe(201);
  const question = await call(t.app, 'POST', '/api/qa/questions', {
    token,
    body: {
      questionText: 'Did the agent thank the customer for calling?',
      presentationText: 'The agent opens by thanking the caller.',
      purposes: ['QUALITY'],
      isActive: true,
      isTrueGood: true,
      severity: 'HIGH',
      speaker: 'AGENT',
      phrases: ['thank you for calling'],
      examples: [],
      questionSetIds: [set.json().questionSetId],
    },
  });
  expect(question.statusCode, question.body).toBe(201);
}

/** An analysed session as the speech analysis leaves it (words with times), for a coach. */
async function analysedSession(userId: string, seconds: number) {
  const startedAt = new Date('2026-11-20T09:00:00.000Z');
  const said = 'Thank you for calling Agaton. How can I help you today?'.split(' ');
  const words = Array.from({ length: Math.floor(seconds / 2) }, (_, i) => ({
    word: said[i % said.length],
    start: i * 2,
    end: i * 2 + 1.5,
    score: null,
  }));
  const [row] = await t.db
    .insert(sessions)
    .values({
      userId,
      startedAt,
      endedAt: new Date(startedAt.getTime() + seconds * 1000),
      declaredSeconds: seconds,
      durationSeconds: seconds,
      objectKey: `recordings/${userId}/${seconds}.ogg`,
      contentType: 'audio/ogg',
      sizeBytes: 1000,
      sha256: createHash('sha256').update(`${userId}-${seconds}-${Math.random()}`).digest('hex'),
      status: 'done',
      words,
    })
    .returning({ id: sessions.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { analysisWorkers: true });
  const owner = await buildAdmin(t.db, { email: 'owner@qa-session-a.example' });
  orgA = owner.orgId;
  await buildAdmin(t.db, { email: 'owner@qa-session-b.example' });
  const coach = await buildUser(t.db, {});
  coachUserId = coach.id;
  memberId = (await buildMember(t.db, { orgId: owner.orgId, name: 'Casey Coach', userId: coach.id })).id;
  ownerToken = await adminToken('owner@qa-session-a.example');
  otherOwnerToken = await adminToken('owner@qa-session-b.example');
  await scorecard(ownerToken, 'Every call');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a member’s analysed coach session', () => {
  it('of a minute or more becomes a QA call of their organisation, answered, with the session’s words as lines', async () => {
    const sessionId = await analysedSession(coachUserId, 75);
    const ctx = serviceContext(t);
    const callId = await callFromSession(ctx, sessionId, createQaJobs(ctx, null));
    expect(callId).toBeTruthy();
    // No job queue for this call (the app's workers take the app's own jobs): answer here.
    await answerCall(ctx, callId!);
    let items = qcItemListSchema.parse({ items: [], totalItemCount: 0 });
    for (let i = 0; i < 1500 && items.items.length === 0; i++) {
      const res = await call(t.app, 'GET', `/api/qa/items?userIds=${memberId}`, { token: ownerToken });
      expect(res.statusCode, res.body).toBe(200);
      items = qcItemListSchema.parse(res.json());
      if (items.items.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.items).toHaveLength(1);
    const [item] = items.items;
    expect(item.fields).toMatchObject({
      source: 'SESSION',
      callTitle: 'Coach session 2026-11-20',
      agentName: 'Casey Coach',
    });
    expect(item.qcTimestamp).toBe(Date.parse('2026-11-20T09:00:00.000Z') / 1000);
    // The scorecard's question was asked, and answered from the session's words.
    expect(item.bullets).toHaveLength(1);
    expect(item.bullets[0]).toMatchObject({ answer: 'YES', flagLevel: 'GREEN' });

    const res = await call(t.app, 'GET', `/api/qa/calls/${item.callId}`, { token: ownerToken });
    const detail = callDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      source: 'SESSION',
      sessionId,
      transcriptSource: 'ENGINE',
    });
    expect(detail.transcript.length).toBeGreaterThan(1);
    expect(detail.transcript.every((l) => l.speaker === 'UNKNOWN' && l.text.length > 0)).toBe(true);
    // Lines follow each other in time.
    const starts = detail.transcript.map((l) => l.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Another organisation sees none of it.
    expect(
      (await call(t.app, 'GET', `/api/qa/calls/${item.callId}`, { token: otherOwnerToken })).statusCode,
    ).toBe(404);
  }, 360_000);

  it('is no call when shorter than a minute (reading practice) or when no scorecard applies to the member', async () => {
    const ctx = serviceContext(t);
    const jobs = createQaJobs(ctx, null);
    const callsOf = async (sessionId: string) =>
      (await t.db.select().from(qaCalls).where(eq(qaCalls.sessionId, sessionId))).length;

    // A 35 s reading, with a scorecard for every agent: not a call.
    const coach = await buildUser(t.db, {});
    const member = await buildMember(t.db, { orgId: orgA, name: 'Reading Rita', userId: coach.id });
    const reading = await analysedSession(coach.id, QA_LIMITS.minSessionCallSeconds - 25);
    expect(await callFromSession(ctx, reading, jobs)).toBeNull();
    expect(await callsOf(reading)).toBe(0);
    expect(await callFromSession(ctx, await analysedSession(coach.id, 90), jobs)).toBeTruthy();

    // In an organisation whose scorecards are for another team: not a call until one applies.
    const ownerC = await buildAdmin(t.db, { email: 'owner@qa-session-c.example' });
    const tokenC = await adminToken('owner@qa-session-c.example');
    const sales = await buildTeam(t.db, { orgId: ownerC.orgId, name: 'Sales' });
    const support = await buildTeam(t.db, { orgId: ownerC.orgId, name: 'Support' });
    const seller = await buildUser(t.db, {});
    await buildMember(t.db, {
      orgId: ownerC.orgId,
      name: 'Sam Seller',
      userId: seller.id,
      teams: [{ teamId: sales.id }],
    });
    await scorecard(tokenC, 'Support calls', [support.id]);
    const longCall = await analysedSession(seller.id, 240);
    expect(await callFromSession(ctx, longCall, jobs)).toBeNull();
    await scorecard(tokenC, 'Sales calls', [sales.id]);
    const callId = await callFromSession(ctx, longCall, jobs);
    expect(callId).toBeTruthy();
    const [stored] = await t.db.select().from(qaCalls).where(eq(qaCalls.id, callId!));
    expect(stored).toMatchObject({ orgId: ownerC.orgId, source: 'SESSION', sessionId: longCall });
    expect(member.id).toBeTruthy();
  });
});

import {
  adminQcItemsSchema,
  type Calibration,
  calibrationSchema,
  errorBodySchema,
  QA_TEXTS,
  type QcBullet,
  type QcItem,
  qaDashboardSchema,
  qcItemDetailSchema,
  qcItemHistorySchema,
  qcItemListSchema,
  qcItemSchema,
} from '@agaton/contracts';
import { qaAnswers, qaCalls, qaItems, qaQuestionSetMembers, qaQuestionSets, qaQuestions } from '@agaton/db';
import {
  buildAdmin,
  buildManager,
  buildMember,
  buildTeam,
  buildUser,
  FACTORY_PASSWORD,
} from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, serviceContext, signIn, type TestApp } from '../../../testing/test-app.ts';
import { answerCall, reanswerQuestion } from '../answering/index.ts';

/**
 * Issue 27 item 4: reviewers override answers (and remove overrides), agents acknowledge or dispute
 * them, and a scorecard's calibration counts how often people agree with the automation. Items are
 * stored as the analysis stores them; everything else goes through the API.
 */

type Answer = 'YES' | 'NO' | 'NOT_APPLICABLE';
type Flag = 'GREEN' | 'YELLOW' | 'RED' | 'UNSPECIFIED';

let t: TestApp;
let orgA = '';
let ownerId = '';
const tokens = { owner: '', manager: '', ownerB: '', alice: '', bob: '', stranger: '' };
const agents = { alice: '', bob: '', olga: '' };
const coachIds = { alice: '', bob: '' };
/** A support scorecard: greet (YES is good, High), refund promise (YES is bad, High), recap (YES good, Medium). */
const q = { greet: '', refund: '', recap: '', other: '' };
let scorecardId = '';
let otherScorecardId = '';

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

async function question(
  orgId: string,
  questionText: string,
  isTrueGood: boolean,
  severity: 'HIGH' | 'MEDIUM',
) {
  const [row] = await t.db
    .insert(qaQuestions)
    .values({
      orgId,
      questionText,
      presentationText: questionText,
      purposes: ['QUALITY'],
      isTrueGood,
      severity,
    })
    .returning({ id: qaQuestions.id });
  return row.id;
}

async function scorecard(orgId: string, name: string, questionIds: string[]) {
  const [set] = await t.db
    .insert(qaQuestionSets)
    .values({ orgId, name })
    .returning({ id: qaQuestionSets.id });
  await t.db
    .insert(qaQuestionSetMembers)
    .values(questionIds.map((questionId) => ({ questionSetId: set.id, questionId })));
  return set.id;
}

/** An analysed call's item as the analysis stores it: automatic answers with their flags, the worst on the item. */
async function analysedCall(
  orgId: string,
  agentMemberId: string,
  at: string,
  answers: Record<string, [Answer, Flag] | [Answer, Flag, 'needs review']>,
) {
  const occurredAt = new Date(at);
  const [c] = await t.db
    .insert(qaCalls)
    .values({ orgId, agentMemberId, source: 'UPLOAD', title: `Call ${at}`, occurredAt, status: 'done' })
    .returning({ id: qaCalls.id });
  const flags = Object.values(answers).map(([, flag]) => flag);
  const flagLevel = (['RED', 'YELLOW', 'GREEN'] as const).find((f) => flags.includes(f)) ?? 'UNSPECIFIED';
  const [item] = await t.db
    .insert(qaItems)
    .values({ orgId, callId: c.id, agentMemberId, flagLevel, qcAt: occurredAt })
    .returning({ id: qaItems.id });
  await t.db.insert(qaAnswers).values(
    Object.entries(answers).map(([questionId, [answer, flag, review]]) => ({
      itemId: item.id,
      questionId,
      answer,
      flagLevel: flag,
      needsReview: review === 'needs review',
      confidence: review ? 0.55 : 0.9,
      answeredBy: 'OFFLINE' as const,
      questionVersion: 1,
    })),
  );
  return item.id;
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const query = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const override = (token: string, itemId: string, questionId: string, body: unknown) =>
  call(t.app, 'PUT', `/api/qa/items/${itemId}/answers/${questionId}/override`, { token, body });
const removeOverride = (token: string, itemId: string, questionId: string) =>
  call(t.app, 'DELETE', `/api/qa/items/${itemId}/answers/${questionId}/override`, { token });
const respond = (token: string, itemId: string, questionId: string, body: unknown) =>
  call(t.app, 'PUT', `/api/app-user/qa-items/${itemId}/answers/${questionId}/response`, { token, body });

async function ok<T>(
  res: Awaited<ReturnType<typeof call>>,
  schema: { parse: (v: unknown) => T },
): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}
const bulletOf = (item: QcItem, questionId: string): QcBullet => {
  const bullet = item.bullets.find((b) => b.questionId === questionId);
  if (!bullet) throw new Error(`no answer to ${questionId}`);
  return bullet;
};
async function item(itemId: string, token = tokens.owner) {
  return ok(await call(t.app, 'GET', `/api/qa/items/${itemId}`, { token }), qcItemDetailSchema);
}
async function items(params: Record<string, string | number | boolean>, token = tokens.owner) {
  return ok(
    await call(t.app, 'GET', `/api/qa/items?${query({ limit: 50, ...params })}`, { token }),
    qcItemListSchema,
  );
}
const idsOf = (list: { items: QcItem[] }) => list.items.map((i) => i.qcItemId);
async function errorOf(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return errorBodySchema.parse(res.json()).error;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildAdmin(t.db, { email: 'owner@qa-reviews-a.example', name: 'Avery Owner' });
  orgA = owner.orgId;
  ownerId = owner.id;
  const sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  const support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'manager@qa-reviews-a.example' });
  const ownerB = await buildAdmin(t.db, { email: 'owner@qa-reviews-b.example' });

  // Alice and Bob are agents with coach accounts; a third coach user is nobody's agent.
  const alice = await buildUser(t.db, {
    email: 'alice@qa-reviews.example',
    firstName: 'Alice',
    lastName: 'Agent',
  });
  const bob = await buildUser(t.db, { email: 'bob@qa-reviews.example', firstName: 'Bob', lastName: 'Agent' });
  await buildUser(t.db, { email: 'stranger@qa-reviews.example' });
  coachIds.alice = alice.id;
  coachIds.bob = bob.id;
  agents.alice = (
    await buildMember(t.db, {
      orgId: orgA,
      name: 'Alice Agent',
      userId: alice.id,
      teams: [{ teamId: sales.id }],
    })
  ).id;
  agents.bob = (
    await buildMember(t.db, {
      orgId: orgA,
      name: 'Bob Agent',
      userId: bob.id,
      teams: [{ teamId: support.id }],
    })
  ).id;
  agents.olga = (await buildMember(t.db, { orgId: ownerB.orgId, name: 'Olga Other' })).id;

  q.greet = await question(orgA, 'Did the agent greet the customer?', true, 'HIGH');
  q.refund = await question(orgA, 'Did the agent promise a refund?', false, 'HIGH');
  q.recap = await question(orgA, 'Did the agent recap the next steps?', true, 'MEDIUM');
  q.other = await question(ownerB.orgId, 'Did the agent say goodbye?', true, 'HIGH');
  scorecardId = await scorecard(orgA, 'Support calls', [q.greet, q.refund, q.recap]);
  otherScorecardId = await scorecard(ownerB.orgId, 'Goodbyes', [q.other]);

  tokens.owner = await adminToken('owner@qa-reviews-a.example');
  tokens.manager = await adminToken('manager@qa-reviews-a.example');
  tokens.ownerB = await adminToken('owner@qa-reviews-b.example');
  tokens.alice = (await signIn(t.app, 'alice@qa-reviews.example', FACTORY_PASSWORD)).accessToken;
  tokens.bob = (await signIn(t.app, 'bob@qa-reviews.example', FACTORY_PASSWORD)).accessToken;
  tokens.stranger = (await signIn(t.app, 'stranger@qa-reviews.example', FACTORY_PASSWORD)).accessToken;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('reviewer overrides', () => {
  const week = { fromTime: seconds('2026-10-05T00:00:00Z'), toTime: seconds('2026-10-11T23:59:59Z') };
  const ids = { promised: '', clean: '', bob: '' };

  beforeAll(async () => {
    // Alice promised a refund (red); her recap was a close call (needs review, yellow).
    ids.promised = await analysedCall(orgA, agents.alice, '2026-10-06T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
      [q.refund]: ['YES', 'RED'],
      [q.recap]: ['NO', 'YELLOW', 'needs review'],
    });
    ids.clean = await analysedCall(orgA, agents.alice, '2026-10-07T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
      [q.refund]: ['NO', 'GREEN'],
      [q.recap]: ['YES', 'GREEN'],
    });
    ids.bob = await analysedCall(orgA, agents.bob, '2026-10-08T10:00:00Z', {
      [q.greet]: ['NO', 'RED'],
      [q.refund]: ['NO', 'GREEN'],
      [q.recap]: ['NOT_APPLICABLE', 'UNSPECIFIED'],
    });
  });

  const dashboard = async () =>
    ok(
      await call(t.app, 'GET', `/api/qa/dashboard?${query(week)}`, { token: tokens.owner }),
      qaDashboardSchema,
    );
  const refundRow = async () =>
    (await dashboard()).questionPerformance.find((p) => p.questionId === q.refund);
  const refundScore = async () => (await refundRow())?.averageScore;

  it("changes the answer, its flag by the question's rule and the item's flag, and everything that reads flags", async () => {
    expect((await items({ ...week, flagLevels: 'RED' })).items.map((i) => i.qcItemId).sort()).toEqual(
      [ids.promised, ids.bob].sort(),
    );
    expect(await refundScore()).toBe(66.7);
    expect((await dashboard()).totals).toMatchObject({ items: 3, red: 2, yellow: 0 });

    // The reviewer heard "a refund is up to billing": the agent promised nothing.
    const changed = await ok(
      await override(tokens.owner, ids.promised, q.refund, {
        answer: 'NO',
        reason: '  The agent said billing decides on refunds.  ',
      }),
      qcItemSchema,
    );
    expect(changed.flagLevel).toBe('YELLOW');
    expect(changed.fields).toMatchObject({ redCount: 0, yellowCount: 1 });
    const refund = bulletOf(changed, q.refund);
    expect(refund).toMatchObject({ answer: 'NO', flagLevel: 'GREEN', needsReview: false });
    expect(refund.review.automatic).toEqual({ answer: 'YES', flagLevel: 'RED', needsReview: false });
    expect(refund.review.override).toMatchObject({
      answer: 'NO',
      reason: 'The agent said billing decides on refunds.',
      reviewer: { kind: 'ADMIN', id: ownerId, name: 'Avery Owner' },
      confirmsAutomatic: false,
    });

    // The alerts table's flag filter and sort, the main API's list and the dashboard follow.
    expect(idsOf(await items({ ...week, flagLevels: 'RED' }))).toEqual([ids.bob]);
    expect(idsOf(await items({ ...week, flagLevels: 'YELLOW' }))).toEqual([ids.promised]);
    expect(idsOf(await items({ ...week, sort: 'flagLevel', order: 'desc' }))).toEqual([
      ids.bob,
      ids.promised,
      ids.clean,
    ]);
    const red = await ok(
      await call(t.app, 'GET', '/api/admin/qc-items?flagLevels=RED&pageLimit=100', { token: tokens.owner }),
      adminQcItemsSchema,
    );
    expect(red.qcItems.map((i) => i.qcItemId)).not.toContain(ids.promised);
    expect(await refundScore()).toBe(100);
    expect((await dashboard()).totals).toMatchObject({ red: 1, yellow: 1 });

    // Overriding YES on "promised a refund" is red again (High, YES is bad): the same rule.
    const promised = await ok(
      await override(tokens.owner, ids.clean, q.refund, { answer: 'YES', reason: 'Promised at 2:10.' }),
      qcItemSchema,
    );
    expect(bulletOf(promised, q.refund).flagLevel).toBe('RED');
    expect(promised.flagLevel).toBe('RED');
    expect(await refundRow()).toMatchObject({ red: 1, yellow: 0, green: 2 });
    // A person's answer needs no review: the close call becomes a plain green YES.
    const recap = await ok(
      await override(tokens.owner, ids.promised, q.recap, { answer: 'YES', reason: 'Recapped at the end.' }),
      qcItemSchema,
    );
    expect(bulletOf(recap, q.recap)).toMatchObject({ answer: 'YES', flagLevel: 'GREEN', needsReview: false });
    expect(bulletOf(recap, q.recap).review.automatic.needsReview).toBe(true);
    expect(recap.flagLevel).toBe('GREEN');
    // Not applicable is unspecified.
    const na = await ok(
      await override(tokens.owner, ids.bob, q.greet, { answer: 'NOT_APPLICABLE', reason: 'Call dropped.' }),
      qcItemSchema,
    );
    expect(bulletOf(na, q.greet).flagLevel).toBe('UNSPECIFIED');
    expect(na.flagLevel).toBe('GREEN');
  });

  it('removing an override restores the automatic answer and every figure', async () => {
    for (const [itemId, questionId] of [
      [ids.promised, q.refund],
      [ids.promised, q.recap],
      [ids.clean, q.refund],
      [ids.bob, q.greet],
    ]) {
      const res = await removeOverride(tokens.owner, itemId, questionId);
      expect(res.statusCode, res.body).toBe(200);
      expect(bulletOf(qcItemSchema.parse(res.json()), questionId).review.override).toBeNull();
    }
    const back = await item(ids.promised);
    expect(back.flagLevel).toBe('RED');
    expect(bulletOf(back, q.refund)).toMatchObject({ answer: 'YES', flagLevel: 'RED' });
    expect(bulletOf(back, q.recap)).toMatchObject({ answer: 'NO', flagLevel: 'YELLOW', needsReview: true });
    expect(idsOf(await items({ ...week, flagLevels: 'RED' })).sort()).toEqual([ids.promised, ids.bob].sort());
    expect(await refundScore()).toBe(66.7);
    expect((await dashboard()).totals).toMatchObject({ items: 3, red: 2, yellow: 0 });

    // Nothing left to remove.
    expect((await errorOf(await removeOverride(tokens.owner, ids.promised, q.refund), 404)).message).toBe(
      QA_TEXTS.noOverride,
    );
  });

  it('keeps the history: what was set or removed, by whom and when, oldest first', async () => {
    const started = Date.now();
    await ok(
      await override(tokens.owner, ids.clean, q.greet, { answer: 'YES', reason: 'Heard it.' }),
      qcItemSchema,
    );
    await ok(await removeOverride(tokens.owner, ids.clean, q.greet), qcItemSchema);
    const { events } = await ok(
      await call(t.app, 'GET', `/api/qa/items/${ids.clean}/history`, { token: tokens.owner }),
      qcItemHistorySchema,
    );
    expect(events.map((e) => [e.questionText, e.kind, e.answer, e.automaticAnswer, e.comment])).toEqual([
      ['Did the agent promise a refund?', 'OVERRIDE', 'YES', 'NO', 'Promised at 2:10.'],
      ['Did the agent promise a refund?', 'OVERRIDE_REMOVED', 'YES', 'NO', null],
      ['Did the agent greet the customer?', 'OVERRIDE', 'YES', 'YES', 'Heard it.'],
      ['Did the agent greet the customer?', 'OVERRIDE_REMOVED', 'YES', 'YES', null],
    ]);
    for (const e of events) expect(e.actor).toEqual({ kind: 'ADMIN', id: ownerId, name: 'Avery Owner' });
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[2]).toBeGreaterThanOrEqual(started - 1000);
    expect(times[3]).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses bad input (400), items and answers out of reach (404) and callers who are no admin', async () => {
    const reason = 'Checked the recording.';
    const bad = async (body: unknown) =>
      (await errorOf(await override(tokens.owner, ids.clean, q.refund, body), 400)).details;
    expect(await bad({ answer: 'NO' })).toEqual([{ path: 'reason', message: 'Required' }]);
    expect(await bad({ answer: 'NO', reason: '   ' })).toEqual([{ path: 'reason', message: 'Required' }]);
    expect(await bad({ answer: 'NO', reason: 'x'.repeat(501) })).toHaveLength(1);
    expect(await bad({ answer: 'MAYBE', reason })).toHaveLength(1);
    expect(await bad({ reason })).toHaveLength(1);
    await errorOf(await override(tokens.owner, 'not-a-uuid', q.refund, { answer: 'NO', reason }), 400);
    // 500 characters is allowed.
    await ok(
      await override(tokens.owner, ids.clean, q.refund, { answer: 'NO', reason: 'x'.repeat(500) }),
      qcItemSchema,
    );
    await ok(await removeOverride(tokens.owner, ids.clean, q.refund), qcItemSchema);

    const unknownItem = '00000000-0000-4000-8000-000000000000';
    await errorOf(await override(tokens.owner, unknownItem, q.refund, { answer: 'NO', reason }), 404);
    expect(
      (await errorOf(await override(tokens.owner, ids.clean, q.other, { answer: 'NO', reason }), 404))
        .message,
    ).toBe(QA_TEXTS.noSuchAnswer);
    // Another organisation's admin, and a manager outside Bob's team, reach nothing.
    await errorOf(await override(tokens.ownerB, ids.clean, q.refund, { answer: 'NO', reason }), 404);
    await errorOf(await removeOverride(tokens.ownerB, ids.clean, q.refund), 404);
    await errorOf(
      await call(t.app, 'GET', `/api/qa/items/${ids.clean}/history`, { token: tokens.ownerB }),
      404,
    );
    await errorOf(await override(tokens.manager, ids.bob, q.refund, { answer: 'YES', reason }), 404);
    // The manager of Alice's team may.
    await ok(await override(tokens.manager, ids.clean, q.greet, { answer: 'YES', reason }), qcItemSchema);
    await ok(await removeOverride(tokens.manager, ids.clean, q.greet), qcItemSchema);
    // A coach, even the call's agent, may not; nobody signed out.
    await errorOf(await override(tokens.alice, ids.clean, q.refund, { answer: 'NO', reason }), 403);
    await errorOf(
      await call(t.app, 'PUT', `/api/qa/items/${ids.clean}/answers/${q.refund}/override`, { body: {} }),
      401,
    );
    // Nothing changed on the item.
    expect((await item(ids.clean)).bullets.every((b) => b.review.override === null)).toBe(true);
  });
});

describe('agents acknowledge and dispute', () => {
  const week = { fromTime: seconds('2026-10-12T00:00:00Z'), toTime: seconds('2026-10-18T23:59:59Z') };
  const ids = { alice: '', aliceOther: '', bob: '' };
  const comment = 'I only said billing would call back, I promised nothing.';

  beforeAll(async () => {
    ids.alice = await analysedCall(orgA, agents.alice, '2026-10-13T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
      [q.refund]: ['YES', 'RED'],
    });
    ids.aliceOther = await analysedCall(orgA, agents.alice, '2026-10-14T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
    });
    ids.bob = await analysedCall(orgA, agents.bob, '2026-10-15T10:00:00Z', { [q.greet]: ['NO', 'RED'] });
  });

  const openDisputes = async () => idsOf(await items({ ...week, hasOpenDispute: true }));

  it("lists a coach's own items as the agent only, and opens only those", async () => {
    const mine = await ok(
      await call(t.app, 'GET', '/api/app-user/qa-items', { token: tokens.alice }),
      qcItemListSchema,
    );
    expect(mine.items.every((i) => i.userIds[0] === agents.alice)).toBe(true);
    expect(idsOf(mine).slice(0, 2)).toEqual([ids.aliceOther, ids.alice]);
    expect(mine.totalItemCount).toBe(mine.items.length);
    const paged = await ok(
      await call(t.app, 'GET', '/api/app-user/qa-items?limit=1&offset=1', { token: tokens.alice }),
      qcItemListSchema,
    );
    expect(idsOf(paged)).toEqual([ids.alice]);
    const bobs = await ok(
      await call(t.app, 'GET', '/api/app-user/qa-items', { token: tokens.bob }),
      qcItemListSchema,
    );
    expect(idsOf(bobs)).toContain(ids.bob);
    expect(idsOf(bobs)).not.toContain(ids.alice);
    const none = await ok(
      await call(t.app, 'GET', '/api/app-user/qa-items', { token: tokens.stranger }),
      qcItemListSchema,
    );
    expect(none).toEqual({ items: [], totalItemCount: 0 });

    const detail = await ok(
      await call(t.app, 'GET', `/api/app-user/qa-items/${ids.alice}`, { token: tokens.alice }),
      qcItemDetailSchema,
    );
    expect(detail.call.agent.name).toBe('Alice Agent');
    await errorOf(
      await call(t.app, 'GET', `/api/app-user/qa-items/${ids.alice}`, { token: tokens.bob }),
      404,
    );
    await errorOf(await call(t.app, 'GET', '/api/app-user/qa-items', { token: tokens.owner }), 403);
    await errorOf(await call(t.app, 'GET', '/api/app-user/qa-items'), 401);
  });

  it('a dispute shows to reviewers and in the open-dispute filter until a reviewer overrides or confirms', async () => {
    expect(await openDisputes()).toEqual([]);
    const disputed = await ok(
      await respond(tokens.alice, ids.alice, q.refund, { kind: 'DISPUTE', comment }),
      qcItemSchema,
    );
    expect(bulletOf(disputed, q.refund).review).toMatchObject({
      agentResponse: {
        kind: 'DISPUTE',
        comment,
        agent: { kind: 'AGENT', id: coachIds.alice, name: 'Alice Agent' },
      },
      disputeOpen: true,
    });
    // The reviewer sees who disputed which answer and why, in the report and its history.
    const report = await item(ids.alice);
    expect(bulletOf(report, q.refund).review.agentResponse).toMatchObject({ kind: 'DISPUTE', comment });
    expect(bulletOf(report, q.greet).review).toMatchObject({ agentResponse: null, disputeOpen: false });
    const { events } = await ok(
      await call(t.app, 'GET', `/api/qa/items/${ids.alice}/history`, { token: tokens.owner }),
      qcItemHistorySchema,
    );
    expect(events.map((e) => [e.kind, e.answer, e.comment, e.actor.name])).toEqual([
      ['DISPUTE', 'YES', comment, 'Alice Agent'],
    ]);
    expect(await openDisputes()).toEqual([ids.alice]);
    expect(idsOf(await items({ ...week, hasOpenDispute: false })).sort()).toEqual(
      [ids.aliceOther, ids.bob].sort(),
    );

    // The reviewer agrees with the agent: the dispute is settled.
    await ok(
      await override(tokens.owner, ids.alice, q.refund, { answer: 'NO', reason: 'She promised nothing.' }),
      qcItemSchema,
    );
    expect(await openDisputes()).toEqual([]);
    expect(bulletOf(await item(ids.alice), q.refund).review.disputeOpen).toBe(false);

    // Another dispute, settled by a confirmation (an override to the answer it has).
    await ok(
      await respond(tokens.alice, ids.alice, q.greet, { kind: 'DISPUTE', comment: 'Not fair.' }),
      qcItemSchema,
    );
    expect(await openDisputes()).toEqual([ids.alice]);
    const confirm = { answer: 'YES', reason: 'The greeting is at 0:02.' };
    const confirmed = await ok(await override(tokens.owner, ids.alice, q.greet, confirm), qcItemSchema);
    expect(bulletOf(confirmed, q.greet).review.override?.confirmsAutomatic).toBe(true);
    expect(bulletOf(confirmed, q.greet).review.disputeOpen).toBe(false);
    expect(await openDisputes()).toEqual([]);

    // Disputed once more: removing the override settles nothing, confirming again does.
    await ok(
      await respond(tokens.alice, ids.alice, q.greet, { kind: 'DISPUTE', comment: 'Still not fair.' }),
      qcItemSchema,
    );
    await ok(await removeOverride(tokens.owner, ids.alice, q.greet), qcItemSchema);
    expect(await openDisputes()).toEqual([ids.alice]);
    await ok(await override(tokens.owner, ids.alice, q.greet, confirm), qcItemSchema);
    expect(await openDisputes()).toEqual([]);
  });

  it('an acknowledgement needs no comment and takes back an earlier dispute', async () => {
    await ok(
      await respond(tokens.bob, ids.bob, q.greet, { kind: 'DISPUTE', comment: 'I did say hello.' }),
      qcItemSchema,
    );
    expect(await openDisputes()).toEqual([ids.bob]);
    const acknowledged = await ok(
      await respond(tokens.bob, ids.bob, q.greet, { kind: 'ACKNOWLEDGE' }),
      qcItemSchema,
    );
    expect(bulletOf(acknowledged, q.greet).review).toMatchObject({
      agentResponse: { kind: 'ACKNOWLEDGE', comment: null },
      disputeOpen: false,
    });
    expect(await openDisputes()).toEqual([]);
    const withComment = await ok(
      await respond(tokens.bob, ids.bob, q.greet, { kind: 'ACKNOWLEDGE', comment: '  Fair, I forgot.  ' }),
      qcItemSchema,
    );
    expect(bulletOf(withComment, q.greet).review.agentResponse?.comment).toBe('Fair, I forgot.');
  });

  it('refuses a dispute without a comment (400) and anyone but the agent (404, 403)', async () => {
    const bad = async (body: unknown) =>
      (await errorOf(await respond(tokens.alice, ids.alice, q.greet, body), 400)).details;
    expect(await bad({ kind: 'DISPUTE' })).toEqual([{ path: 'comment', message: 'Required' }]);
    expect(await bad({ kind: 'DISPUTE', comment: '  ' })).toEqual([{ path: 'comment', message: 'Required' }]);
    expect(await bad({ kind: 'DISPUTE', comment: 'x'.repeat(1001) })).toHaveLength(1);
    expect(await bad({ kind: 'ESCALATE', comment })).toHaveLength(1);
    await ok(
      await respond(tokens.alice, ids.alice, q.greet, { kind: 'DISPUTE', comment: 'x'.repeat(1000) }),
      qcItemSchema,
    );

    // Another agent's item, a coach who is nobody's agent, an unknown answer: not found.
    await errorOf(await respond(tokens.alice, ids.bob, q.greet, { kind: 'DISPUTE', comment }), 404);
    await errorOf(await respond(tokens.bob, ids.alice, q.greet, { kind: 'ACKNOWLEDGE' }), 404);
    await errorOf(await respond(tokens.stranger, ids.alice, q.greet, { kind: 'ACKNOWLEDGE' }), 404);
    expect(
      (await errorOf(await respond(tokens.alice, ids.alice, q.recap, { kind: 'ACKNOWLEDGE' }), 404)).message,
    ).toBe(QA_TEXTS.noSuchAnswer);
    // Admins review; they do not answer for the agent.
    await errorOf(await respond(tokens.owner, ids.alice, q.greet, { kind: 'ACKNOWLEDGE' }), 403);
    const { events } = await ok(
      await call(t.app, 'GET', `/api/qa/items/${ids.bob}/history`, { token: tokens.owner }),
      qcItemHistorySchema,
    );
    expect(events.every((e) => e.actor.id === coachIds.bob)).toBe(true);
  });
});

describe('calibration of a scorecard', () => {
  const week = { fromTime: seconds('2026-10-19T00:00:00Z'), toTime: seconds('2026-10-25T23:59:59Z') };
  const ids = { a1: '', a2: '', b1: '' };

  async function calibration(
    params: Record<string, string | number> = {},
    token = tokens.owner,
    set = scorecardId,
  ) {
    return call(t.app, 'GET', `/api/qa/question-sets/${set}/calibration?${query({ ...week, ...params })}`, {
      token,
    });
  }
  const figures = async (params: Record<string, string | number> = {}, token = tokens.owner) =>
    ok(await calibration(params, token), calibrationSchema);
  const row = (c: Calibration, questionId: string) => c.questions.find((x) => x.questionId === questionId);

  beforeAll(async () => {
    ids.a1 = await analysedCall(orgA, agents.alice, '2026-10-20T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
      [q.refund]: ['YES', 'RED'],
      [q.recap]: ['NO', 'YELLOW', 'needs review'],
    });
    ids.a2 = await analysedCall(orgA, agents.alice, '2026-10-21T10:00:00Z', {
      [q.greet]: ['YES', 'GREEN'],
      [q.refund]: ['NO', 'GREEN'],
      [q.recap]: ['YES', 'GREEN'],
    });
    ids.b1 = await analysedCall(orgA, agents.bob, '2026-10-22T10:00:00Z', {
      [q.greet]: ['NO', 'RED'],
      [q.refund]: ['NO', 'GREEN'],
    });
    const reason = 'Listened to the call.';
    // Refund: one wrong (a1), one confirmed (a2). Greeting: one confirmed (b1). Recap: nobody looked.
    await ok(await override(tokens.owner, ids.a1, q.refund, { answer: 'NO', reason }), qcItemSchema);
    await ok(await override(tokens.owner, ids.a2, q.refund, { answer: 'NO', reason }), qcItemSchema);
    await ok(await override(tokens.owner, ids.b1, q.greet, { answer: 'NO', reason }), qcItemSchema);
    // A changed mind counts once, as it is now: a1's greeting was first said wrong, then confirmed.
    await ok(await override(tokens.owner, ids.a1, q.greet, { answer: 'NO', reason }), qcItemSchema);
    await ok(await override(tokens.owner, ids.a1, q.greet, { answer: 'YES', reason }), qcItemSchema);
    await ok(
      await respond(tokens.alice, ids.a2, q.recap, { kind: 'DISPUTE', comment: 'I did recap.' }),
      qcItemSchema,
    );
  });

  it('counts per question the answers, those a person reviewed, agreed with, and open disputes', async () => {
    const c = await figures();
    expect(c.name).toBe('Support calls');
    expect(c.questions.map((x) => x.questionText)).toEqual([
      'Did the agent greet the customer?',
      'Did the agent promise a refund?',
      'Did the agent recap the next steps?',
    ]);
    expect(row(c, q.greet)).toMatchObject({
      answers: 3,
      reviewed: 2,
      agreed: 2,
      agreementShare: 1,
      openDisputes: 0,
    });
    expect(row(c, q.refund)).toMatchObject({
      answers: 3,
      reviewed: 2,
      agreed: 1,
      agreementShare: 0.5,
      openDisputes: 0,
    });
    expect(row(c, q.recap)).toMatchObject({
      answers: 2,
      reviewed: 0,
      agreed: 0,
      agreementShare: null,
      openDisputes: 1,
    });
    expect(c.totals).toEqual({ answers: 8, reviewed: 4, agreed: 3, agreementShare: 0.75, openDisputes: 1 });

    // Settling the dispute by overriding the recap the other way: reviewed, not agreed.
    await ok(
      await override(tokens.owner, ids.a2, q.recap, { answer: 'NO', reason: 'No recap heard.' }),
      qcItemSchema,
    );
    const after = await figures();
    expect(row(after, q.recap)).toMatchObject({ reviewed: 1, agreed: 0, agreementShare: 0, openDisputes: 0 });
    expect(after.totals).toMatchObject({ reviewed: 5, agreed: 3, agreementShare: 0.6, openDisputes: 0 });
  });

  it("counts the period and the admin's scope only", async () => {
    const manager = await figures({}, tokens.manager);
    expect(manager.totals).toMatchObject({ answers: 6, reviewed: 4, agreed: 2 });
    const empty = await figures({
      fromTime: seconds('2026-01-01T00:00:00Z'),
      toTime: seconds('2026-01-31T23:59:59Z'),
    });
    expect(empty.questions).toHaveLength(3);
    expect(empty.totals).toEqual({
      answers: 0,
      reviewed: 0,
      agreed: 0,
      agreementShare: null,
      openDisputes: 0,
    });
  });

  it('refuses bad periods (400) and scorecards out of reach (404)', async () => {
    await errorOf(await calibration({ fromTime: week.toTime, toTime: week.fromTime }), 400);
    await errorOf(
      await call(t.app, 'GET', `/api/qa/question-sets/${scorecardId}/calibration?toTime=5`, {
        token: tokens.owner,
      }),
      400,
    );
    await errorOf(await calibration({}, tokens.owner, 'nope'), 400);
    await errorOf(await calibration({}, tokens.owner, otherScorecardId), 404);
    await errorOf(await calibration({}, tokens.owner, '00000000-0000-4000-8000-000000000000'), 404);
    await errorOf(await calibration({}, tokens.alice), 403);
  });
});

describe('answering a call again', () => {
  it("renews the automatic answer and keeps the reviewer's override, flagged by the question as it is now", async () => {
    const owner = await buildAdmin(t.db, { email: 'owner@qa-reviews-c.example' });
    const token = await adminToken('owner@qa-reviews-c.example');
    const agent = await buildMember(t.db, { orgId: owner.orgId, name: 'Carla Agent' });
    const set = await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name: 'Openings' } });
    expect(set.statusCode, set.body).toBe(201);
    const fields = {
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
    };
    const created = await call(t.app, 'POST', '/api/qa/questions', { token, body: fields });
    expect(created.statusCode, created.body).toBe(201);
    const questionId = created.json().questionId as string;
    const [c] = await t.db
      .insert(qaCalls)
      .values({
        orgId: owner.orgId,
        agentMemberId: agent.id,
        source: 'UPLOAD',
        title: 'Opening',
        occurredAt: new Date('2026-10-27T10:00:00Z'),
        status: 'done',
        transcriptSource: 'UPLOAD',
        transcript: [
          {
            speaker: 'AGENT',
            speakerLabel: 'Carla',
            start: 0,
            end: 3,
            text: 'Thank you for calling Agaton, this is Carla.',
          },
          {
            speaker: 'CUSTOMER',
            speakerLabel: 'Customer',
            start: 3.5,
            end: 6,
            text: 'Hi, my invoice is wrong.',
          },
        ],
      })
      .returning({ id: qaCalls.id });
    const ctx = serviceContext(t);
    await answerCall(ctx, c.id);
    const list = await ok(await call(t.app, 'GET', '/api/qa/items', { token }), qcItemListSchema);
    const itemId = list.items[0].qcItemId;
    expect(bulletOf(list.items[0], questionId).review.automatic).toMatchObject({
      answer: 'YES',
      flagLevel: 'GREEN',
    });

    // The reviewer says the thanks was never said (a NO on a High question is red).
    const overridden = await ok(
      await override(token, itemId, questionId, { answer: 'NO', reason: 'That was the IVR, not Carla.' }),
      qcItemSchema,
    );
    expect(overridden.flagLevel).toBe('RED');

    // The question is turned around (thanking is now the bad answer) and the call answered again.
    const edited = await call(t.app, 'PUT', `/api/qa/questions/${questionId}`, {
      token,
      body: { ...fields, isTrueGood: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await reanswerQuestion(ctx, { orgId: owner.orgId, questionId });
    const after = await item(itemId, token);
    const bullet = bulletOf(after, questionId);
    expect(bullet.review.automatic).toMatchObject({ answer: 'YES', flagLevel: 'RED' });
    expect(bullet.review.override).toMatchObject({ answer: 'NO', reason: 'That was the IVR, not Carla.' });
    expect(bullet).toMatchObject({ answer: 'NO', flagLevel: 'GREEN' });
    expect(after.flagLevel).toBe('GREEN');
  }, 120_000);
});

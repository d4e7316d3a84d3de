import { type QaDashboard, qaDashboardSchema } from '@agaton/contracts';
import { qaAnswers, qaCalls, qaItems, qaQuestions } from '@agaton/db';
import { buildAdmin, buildManager, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';

type Flag = 'GREEN' | 'YELLOW' | 'RED' | 'UNSPECIFIED';

let t: TestApp;
let orgA: string;
let sales: { id: string };
let support: { id: string };
let otherTeam: { id: string };
const agents = { alice: '', bob: '', other: '' };
const questions = { greeting: '', refund: '', recap: '' };
const tokens = { owner: '', manager: '', ownerB: '' };

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

async function question(orgId: string, questionText: string) {
  const [row] = await t.db
    .insert(qaQuestions)
    .values({
      orgId,
      questionText,
      presentationText: `${questionText} (explained)`,
      purposes: ['QUALITY'],
      isTrueGood: true,
      severity: 'HIGH',
    })
    .returning({ id: qaQuestions.id });
  return row.id;
}

/** An analysed call: its item (flag = worst answer) and one answer per question. */
async function analysedCall(
  orgId: string,
  agentMemberId: string,
  at: string,
  answers: Record<string, Flag>,
  reviewed = false,
) {
  const occurredAt = new Date(at);
  const [c] = await t.db
    .insert(qaCalls)
    .values({ orgId, agentMemberId, source: 'UPLOAD', title: `Call ${at}`, occurredAt, status: 'done' })
    .returning({ id: qaCalls.id });
  const flags = Object.values(answers);
  const flagLevel = (['RED', 'YELLOW', 'GREEN'] as const).find((f) => flags.includes(f)) ?? 'UNSPECIFIED';
  const [item] = await t.db
    .insert(qaItems)
    .values({ orgId, callId: c.id, agentMemberId, flagLevel, qcAt: occurredAt, isReviewed: reviewed })
    .returning({ id: qaItems.id });
  await t.db.insert(qaAnswers).values(
    Object.entries(answers).map(([questionId, flag]) => ({
      itemId: item.id,
      questionId,
      answer:
        flag === 'UNSPECIFIED'
          ? ('NOT_APPLICABLE' as const)
          : flag === 'GREEN'
            ? ('YES' as const)
            : ('NO' as const),
      flagLevel: flag,
      confidence: 0.9,
      answeredBy: 'OFFLINE' as const,
      questionVersion: 1,
    })),
  );
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const week = { fromTime: seconds('2026-11-09T00:00:00Z'), toTime: seconds('2026-11-15T23:59:59Z') };

async function dashboard(token: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries({ ...week, ...query }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call(t.app, 'GET', `/api/qa/dashboard?${qs}`, { token });
}
async function figures(token: string, query: Record<string, string | number> = {}): Promise<QaDashboard> {
  const res = await dashboard(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return qaDashboardSchema.parse(res.json());
}
const agentNames = (d: QaDashboard) => d.agents.map((a) => a.name);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildAdmin(t.db, { email: 'owner@qa-dash-a.example' });
  orgA = owner.orgId;
  sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'manager@qa-dash-a.example' });
  const ownerB = await buildAdmin(t.db, { email: 'owner@qa-dash-b.example' });
  otherTeam = await buildTeam(t.db, { orgId: ownerB.orgId, name: 'Sales' });

  agents.alice = (
    await buildMember(t.db, { orgId: orgA, name: 'Alice Agent', teams: [{ teamId: sales.id }] })
  ).id;
  agents.bob = (
    await buildMember(t.db, { orgId: orgA, name: 'Bob Agent', teams: [{ teamId: support.id }] })
  ).id;
  agents.other = (
    await buildMember(t.db, { orgId: ownerB.orgId, name: 'Olga Other', teams: [{ teamId: otherTeam.id }] })
  ).id;
  questions.greeting = await question(orgA, 'Did the agent greet the customer?');
  questions.refund = await question(orgA, 'Did the agent avoid promising a refund?');
  questions.recap = await question(orgA, 'Did the agent recap the next steps?');
  const otherQuestion = await question(ownerB.orgId, 'Did the agent say goodbye?');

  const { greeting, refund, recap } = questions;
  // Alice: Tuesday and (Berlin) Thursday; Bob: Wednesday; one call the week before.
  await analysedCall(
    orgA,
    agents.alice,
    '2026-11-10T09:00:00Z',
    { [greeting]: 'GREEN', [refund]: 'RED', [recap]: 'UNSPECIFIED' },
    true,
  );
  await analysedCall(orgA, agents.alice, '2026-11-11T23:30:00Z', {
    [greeting]: 'GREEN',
    [refund]: 'GREEN',
    [recap]: 'YELLOW',
  });
  await analysedCall(orgA, agents.bob, '2026-11-11T10:00:00Z', {
    [greeting]: 'YELLOW',
    [refund]: 'GREEN',
    [recap]: 'UNSPECIFIED',
  });
  await analysedCall(orgA, agents.bob, '2026-11-05T10:00:00Z', {
    [greeting]: 'RED',
    [refund]: 'RED',
    [recap]: 'RED',
  });
  await analysedCall(ownerB.orgId, agents.other, '2026-11-10T10:00:00Z', { [otherQuestion]: 'RED' });

  tokens.owner = await adminToken('owner@qa-dash-a.example');
  tokens.manager = await adminToken('manager@qa-dash-a.example');
  tokens.ownerB = await adminToken('owner@qa-dash-b.example');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/qa/dashboard', () => {
  it("averages each question's applicable answers (green 100, yellow 50, red 0), best first", async () => {
    const d = await figures(tokens.owner);
    expect(d.questionPerformance.map((q) => [q.questionText, q.averageScore, q.answers])).toEqual([
      // greeting: green, green, yellow → 250 / 3
      ['Did the agent greet the customer?', 83.3, 3],
      // refund: red, green, green → 200 / 3
      ['Did the agent avoid promising a refund?', 66.7, 3],
      // recap: only Alice's second call applied (yellow); the two not-applicable answers are left out
      ['Did the agent recap the next steps?', 50, 1],
    ]);
    const refund = d.questionPerformance.find((q) => q.questionId === questions.refund);
    expect(refund).toMatchObject({ red: 1, yellow: 0, green: 2 });
  });

  it('counts the period only, per agent and in total', async () => {
    const d = await figures(tokens.owner);
    expect(d.totals).toEqual({ items: 3, red: 1, yellow: 2, reviewed: 1 });
    expect(d.agents).toEqual([
      // Alice: (100 + 0) + (100 + 100 + 50) over 5 applicable answers
      {
        identityId: agents.alice,
        name: 'Alice Agent',
        items: 2,
        averageScore: 70,
        red: 1,
        yellow: 1,
        green: 0,
      },
      { identityId: agents.bob, name: 'Bob Agent', items: 1, averageScore: 75, red: 0, yellow: 1, green: 0 },
    ]);
    const earlier = await figures(tokens.owner, {
      fromTime: seconds('2026-11-02T00:00:00Z'),
      toTime: seconds('2026-11-08T23:59:59Z'),
    });
    expect(earlier.totals.items).toBe(1);
    expect(earlier.questionPerformance.every((q) => q.averageScore === 0)).toBe(true);
  });

  it("counts the trend's days in the asked time zone, every day of the week listed", async () => {
    const utc = await figures(tokens.owner);
    expect(utc.trendBucket).toBe('day');
    expect(utc.trend.map((p) => p.date)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
    ]);
    expect(utc.trend.filter((p) => p.items > 0)).toEqual([
      { date: '2026-11-10', averageScore: 50, items: 1 },
      { date: '2026-11-11', averageScore: 80, items: 2 },
    ]);
    expect(utc.trend.find((p) => p.date === '2026-11-09')).toEqual({
      date: '2026-11-09',
      averageScore: null,
      items: 0,
    });
    // The week of a Berlin browser: 23:30 UTC on the 11th is 00:30 on the 12th there.
    const berlin = await figures(tokens.owner, {
      fromTime: seconds('2026-11-08T23:00:00Z'),
      toTime: seconds('2026-11-15T22:59:59Z'),
      timeZone: 'Europe/Berlin',
    });
    expect(berlin.trend).toHaveLength(7);
    expect(berlin.trend.filter((p) => p.items > 0)).toEqual([
      { date: '2026-11-10', averageScore: 50, items: 1 },
      { date: '2026-11-11', averageScore: 75, items: 1 },
      { date: '2026-11-12', averageScore: 83.3, items: 1 },
    ]);
  });

  it('shows one day by the hour, so its calls make a trend rather than one dot', async () => {
    const day = await figures(tokens.owner, {
      fromTime: seconds('2026-11-11T00:00:00Z'),
      toTime: seconds('2026-11-11T23:59:59Z'),
    });
    expect(day.trendBucket).toBe('hour');
    expect(day.trend).toHaveLength(24);
    expect(day.trend[0].date).toBe('2026-11-11T00:00');
    expect(day.trend.filter((p) => p.items > 0)).toEqual([
      { date: '2026-11-11T10:00', averageScore: 75, items: 1 },
      { date: '2026-11-11T23:00', averageScore: 83.3, items: 1 },
    ]);
  });

  it('narrows to a team or to chosen agents', async () => {
    expect(agentNames(await figures(tokens.owner, { teamId: support.id }))).toEqual(['Bob Agent']);
    const alice = await figures(tokens.owner, { userIds: agents.alice });
    expect(agentNames(alice)).toEqual(['Alice Agent']);
    expect(alice.totals.items).toBe(2);
  });

  it("shows a manager only the managed teams' agents; another team is 403", async () => {
    const d = await figures(tokens.manager);
    expect(agentNames(d)).toEqual(['Alice Agent']);
    expect(d.totals.items).toBe(2);
    // Asking for Bob by id does not reach him.
    expect((await figures(tokens.manager, { userIds: agents.bob })).totals.items).toBe(0);
    expect((await dashboard(tokens.manager, { teamId: support.id })).statusCode).toBe(403);
  });

  it("never shows another organisation's calls; its team is 404", async () => {
    const d = await figures(tokens.ownerB);
    expect(agentNames(d)).toEqual(['Olga Other']);
    expect(d.questionPerformance.map((q) => q.questionText)).toEqual(['Did the agent say goodbye?']);
    expect((await figures(tokens.owner, { userIds: agents.other })).totals.items).toBe(0);
    expect((await dashboard(tokens.owner, { teamId: otherTeam.id })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    expect((await dashboard(tokens.owner, { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await dashboard(tokens.owner, { fromTime: week.toTime, toTime: week.fromTime })).statusCode).toBe(
      400,
    );
    expect((await dashboard(tokens.owner, { teamId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/qa/dashboard?toTime=5', { token: tokens.owner })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'GET', `/api/qa/dashboard?fromTime=0&toTime=5`)).statusCode).toBe(401);
  });
});

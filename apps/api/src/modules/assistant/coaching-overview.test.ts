import { randomUUID } from 'node:crypto';
import {
  COACHING_OVERVIEW_PAGE_SIZE,
  coachingOverviewResponseSchema,
  coachingReportsPageSchema,
  sessionsPageSchema,
  type TeamUser,
  teamUserSchema,
} from '@agaton/contracts';
import { coachingReports, sessions } from '@agaton/db';
import {
  buildAdmin,
  buildManager,
  buildMember,
  buildTeam,
  buildUser,
  FACTORY_PASSWORD,
} from '@agaton/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../lib/context.ts';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { refreshCoachingReports } from '../coaching-reports/coaching-reports.service.ts';
import { EMPTY_PROFILE, realMeeting } from '../speaking/session-metrics.test-helper.ts';

let t: TestApp;
let orgA: string;
let owner: string;
let manager: string;
let ownerB: string;
let coachToken: string;
let coachId: string;
let sales: { id: string };
let support: { id: string };
let otherOrgTeam: { id: string };
/** Identity ids (astridIdentityId) of the members the tests read. */
const ids = { analysed: '', sessionOnly: '', noCoach: '', supportCoach: '', otherOrg: '' };

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

/** An analysed session of the real engine fixture on a given day, and the reports the product writes for it. */
async function analysedSession(userId: string, day: string) {
  const { metrics } = realMeeting();
  const startedAt = new Date(`${day}T10:00:00Z`);
  const [row] = await t.db
    .insert(sessions)
    .values({
      userId,
      startedAt,
      endedAt: new Date(startedAt.getTime() + metrics.durationSeconds * 1000),
      declaredSeconds: metrics.durationSeconds,
      durationSeconds: metrics.durationSeconds,
      objectKey: `recordings/${userId}/${randomUUID()}.ogg`,
      contentType: 'audio/ogg',
      sizeBytes: 1000,
      sha256: randomUUID(),
      status: 'done',
      stage: 'done',
      percent: 100,
      metrics,
      profile: EMPTY_PROFILE,
      words: [],
      analysedAt: new Date(),
    })
    .returning({ id: sessions.id });
  await refreshCoachingReports({ db: t.db } as AppContext, { userId, sessionId: row.id });
  return row.id;
}

const overview = (token: string, query = '') =>
  call(t.app, 'GET', `/api/admin/coaching-overview${query}`, { token });
const usersOf = async (token: string, query = '') => {
  const res = await overview(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return coachingOverviewResponseSchema.parse(res.json());
};
const byName = (list: TeamUser[], name: string) => list.find((u) => u.name === name);

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await buildAdmin(t.db, { email: 'owner@coaching-a.example' })).orgId;
  sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'manager@coaching-a.example' });
  const orgB = (await buildAdmin(t.db, { email: 'owner@coaching-b.example' })).orgId;
  otherOrgTeam = await buildTeam(t.db, { orgId: orgB, name: 'Sales' });

  const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
  coachId = coach.id;
  coachToken = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
  ids.analysed = (
    await buildMember(t.db, {
      orgId: orgA,
      name: 'Aaron Analysed',
      userId: coach.id,
      teams: [{ teamId: sales.id }],
    })
  ).id;
  await analysedSession(coach.id, '2026-11-09');
  await analysedSession(coach.id, '2026-11-17');

  // Only a session report (no weekly one): coached per session.
  const perSession = await buildUser(t.db);
  ids.sessionOnly = (
    await buildMember(t.db, {
      orgId: orgA,
      name: 'Bea Session',
      userId: perSession.id,
      teams: [{ teamId: sales.id }],
    })
  ).id;
  await analysedSession(perSession.id, '2026-11-18');
  await t.db
    .delete(coachingReports)
    .where(and(eq(coachingReports.userId, perSession.id), eq(coachingReports.type, 'PER_PERIOD')));

  ids.noCoach = (
    await buildMember(t.db, { orgId: orgA, name: 'Cody NoCoach', teams: [{ teamId: sales.id }] })
  ).id;
  const supportUser = await buildUser(t.db);
  ids.supportCoach = (
    await buildMember(t.db, {
      orgId: orgA,
      name: 'Dana Support',
      userId: supportUser.id,
      teams: [{ teamId: support.id }],
    })
  ).id;
  await analysedSession(supportUser.id, '2026-11-18');
  ids.otherOrg = (
    await buildMember(t.db, { orgId: orgB, name: 'Eve Elsewhere', teams: [{ teamId: otherOrgTeam.id }] })
  ).id;

  [owner, manager, ownerB] = await Promise.all(
    ['owner@coaching-a.example', 'manager@coaching-a.example', 'owner@coaching-b.example'].map(adminToken),
  );
});
afterAll(() => t?.close());

describe('GET /api/admin/coaching-overview (spec 3 §2.3)', () => {
  it('gives the last feedback time, the reports sent and the coaching type of each member', async () => {
    const { users } = await usersOf(owner);
    const analysed = byName(users, 'Aaron Analysed')!;
    // Two sessions in two weeks: two session reports and two weekly reports.
    expect(analysed.aiCoachInfo.coachingMeta).toMatchObject({
      coachingsCount: 4,
      coachingType: 'PER_PERIOD',
    });
    const rows = await t.db.select().from(coachingReports).where(eq(coachingReports.userId, coachId));
    const newest = Math.max(...rows.map((r) => r.updatedAt.getTime()));
    expect(analysed.aiCoachInfo.coachingMeta.lastCoachingTimestamp).toBe(Math.floor(newest / 1000));
    expect(analysed.aiCoachInfo).toMatchObject({
      astridIdentityId: ids.analysed,
      teams: [{ id: sales.id, name: 'Sales' }],
      coachingStatus: { enabled: true },
      hasCoachAccount: true,
    });
    expect(byName(users, 'Bea Session')!.aiCoachInfo.coachingMeta).toMatchObject({
      coachingsCount: 1,
      coachingType: 'PER_SESSION',
    });
  });

  it('has nothing to count for a member without coaching (the table shows n/a)', async () => {
    const { users } = await usersOf(owner);
    expect(byName(users, 'Cody NoCoach')!.aiCoachInfo).toMatchObject({
      coachingMeta: { lastCoachingTimestamp: null, coachingsCount: 0, coachingType: null },
      hasCoachAccount: false,
    });
  });

  it('shows an owner every member and a manager only the teams they manage', async () => {
    const all = (await usersOf(owner)).users.map((u) => u.name);
    expect(all).toEqual(expect.arrayContaining(['Aaron Analysed', 'Dana Support']));
    expect(all).not.toContain('Eve Elsewhere');
    const mine = (await usersOf(manager)).users.map((u) => u.name);
    expect(mine).toContain('Aaron Analysed');
    expect(mine).not.toContain('Dana Support');
    // The team selector: a managed team filters; another team is refused; another tenant's is unknown.
    const salesOnly = (await usersOf(owner, `?teamId=${sales.id}`)).users.map((u) => u.name);
    expect(salesOnly).not.toContain('Dana Support');
    expect((await overview(manager, `?teamId=${support.id}`)).statusCode).toBe(403);
    expect((await overview(owner, `?teamId=${otherOrgTeam.id}`)).statusCode).toBe(404);
  });

  it('pages by 10, by name', async () => {
    for (let i = 0; i < 9; i++) {
      await buildMember(t.db, { orgId: orgA, name: `Zed Filler ${i}`, teams: [{ teamId: support.id }] });
    }
    // 1 manager + 3 Sales + 1 Support + 9 fillers = 14 members: two pages.
    const first = await usersOf(owner);
    expect(first.users).toHaveLength(COACHING_OVERVIEW_PAGE_SIZE);
    expect(first.totalPages).toBe(2);
    const names = first.users.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const second = await usersOf(owner, '?page=2');
    expect(second.page).toBe(2);
    expect(second.users).toHaveLength(4);
    expect(second.users.map((u) => u.name)).not.toContain(names[0]);
    expect((await usersOf(owner, '?page=3')).users).toEqual([]);
  });

  it('answers bad input with 400 and other callers with 401/403, never 500', async () => {
    for (const query of ['?page=0', '?page=abc', '?pageSize=1000', '?teamId=sales']) {
      expect((await overview(owner, query)).statusCode, query).toBe(400);
    }
    expect((await call(t.app, 'GET', '/api/admin/coaching-overview')).statusCode).toBe(401);
    expect((await overview(coachToken)).statusCode).toBe(403);
  });
});

describe('the per-user pages read a member by identity id (spec 3 §2.2, spec 1 §6)', () => {
  const user = (token: string, id: string) =>
    call(t.app, 'GET', `/api/admin/coaching-overview/users/${id}`, { token });

  it("gives one member of the admin's reach, 404 outside it", async () => {
    const res = await user(owner, ids.analysed);
    expect(res.statusCode).toBe(200);
    expect(teamUserSchema.parse(res.json()).name).toBe('Aaron Analysed');
    expect((await user(manager, ids.analysed)).statusCode).toBe(200);
    expect((await user(manager, ids.supportCoach)).statusCode).toBe(404);
    expect((await user(ownerB, ids.analysed)).statusCode).toBe(404);
    expect((await user(owner, ids.otherOrg)).statusCode).toBe(404);
    expect((await user(owner, 'not-an-id')).statusCode).toBe(404);
    expect((await user(owner, randomUUID())).statusCode).toBe(404);
    // Shaped like a UUID but not one: still not found, never a failed cast (500).
    const dashes = '-'.repeat(36);
    expect((await user(owner, dashes)).statusCode).toBe(404);
    for (const path of [
      `/api/sessions?forUserId=${dashes}`,
      `/api/coaching-reports?forUserId=${dashes}`,
      `/api/coaching-reports/${dashes}?forUserId=${ids.analysed}`,
      `/api/sessions/${dashes}?forUserId=${ids.analysed}`,
    ]) {
      expect((await call(t.app, 'GET', path, { token: owner })).statusCode, path).toBe(404);
    }
  });

  it('also finds a member by their coach account id, as forUserId does', async () => {
    const res = await user(owner, coachId);
    expect(res.statusCode).toBe(200);
    expect(teamUserSchema.parse(res.json()).aiCoachInfo.astridIdentityId).toBe(ids.analysed);
    const otherTenant = await call(t.app, 'GET', `/api/admin/coaching-overview/users/${coachId}`, {
      token: ownerB,
    });
    expect(otherTenant.statusCode).toBe(404);
  });

  it("lists the member's real coaching reports and sessions by identity id", async () => {
    const reports = await call(t.app, 'GET', `/api/coaching-reports?forUserId=${ids.analysed}`, {
      token: owner,
    });
    expect(reports.statusCode, reports.body).toBe(200);
    const items = coachingReportsPageSchema.parse(reports.json()).items;
    expect(items).toHaveLength(4);
    const one = await call(
      t.app,
      'GET',
      `/api/coaching-reports/${items[0].coachingReportId}?forUserId=${ids.analysed}`,
      { token: manager },
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().blocks.length).toBeGreaterThan(0);

    const list = await call(t.app, 'GET', `/api/sessions?forUserId=${ids.analysed}`, { token: owner });
    expect(list.statusCode, list.body).toBe(200);
    const found = sessionsPageSchema.parse(list.json()).items;
    expect(found).toHaveLength(2);
    const profile = await call(t.app, 'GET', `/api/sessions/${found[0].id}?forUserId=${ids.analysed}`, {
      token: owner,
    });
    expect(profile.statusCode).toBe(200);
  });

  it("refuses other teams' and tenants' members and members without a coach account with 404", async () => {
    const get = (path: string, token: string) => call(t.app, 'GET', path, { token });
    expect((await get(`/api/coaching-reports?forUserId=${ids.supportCoach}`, manager)).statusCode).toBe(404);
    expect((await get(`/api/sessions?forUserId=${ids.supportCoach}`, manager)).statusCode).toBe(404);
    expect((await get(`/api/coaching-reports?forUserId=${ids.analysed}`, ownerB)).statusCode).toBe(404);
    expect((await get(`/api/sessions?forUserId=${ids.noCoach}`, owner)).statusCode).toBe(404);
    // An admin must say whose sessions; a coach still lists their own without it.
    expect((await get('/api/sessions', owner)).statusCode).toBe(400);
    const own = await get('/api/sessions', coachToken);
    expect(sessionsPageSchema.parse(own.json()).items).toHaveLength(2);
  });
});

import { type Candidate, messages } from '@agaton/contracts';
import { members, teamMemberships } from '@agaton/db';
import { buildAdmin, buildManager, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

// Issue 24: a manager must not widen their own scope by editing their own member record
// (docs/decisions/023-manager-scope.md); issue 28: managing users is an owner's job, so a manager
// edits and archives no one, themselves included (docs/decisions/029-manager-permissions.md).

let t: TestApp;
let orgA: string;
let sales: { id: string };
let support: { id: string };
let manager: { memberId: string; token: string };
let ownerToken: string;

async function adminToken(email: string) {
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: email, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

const put = (token: string, memberId: string, body: object) =>
  call(t.app, 'PUT', `/api/astridorg/${orgA}/members/${memberId}`, { token, body });
const setArchive = (token: string, memberId: string, isArchived: boolean) =>
  call(t.app, 'POST', `/api/astridorg/${orgA}/members/${memberId}/set-archive`, {
    token,
    body: { isArchived },
  });

const memberships = async (memberId: string) =>
  (
    await t.db
      .select({ teamId: teamMemberships.teamId, teamRole: teamMemberships.teamRole })
      .from(teamMemberships)
      .where(eq(teamMemberships.memberId, memberId))
  ).sort((a, b) => a.teamId.localeCompare(b.teamId));

const candidateEmails = async (token: string) => {
  const res = await call(t.app, 'GET', '/api/admin/candidates', { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Candidate[]).map((c) => c.email).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await buildAdmin(t.db, { email: 'owner@scope.example' })).orgId;
  sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  const admin = await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'mia@scope.example' });
  ownerToken = await adminToken('owner@scope.example');
  manager = { memberId: admin.memberId as string, token: await adminToken('mia@scope.example') };
  for (const [email, department] of [
    ['sal@cand.example', sales.id],
    ['sup@cand.example', support.id],
  ]) {
    const res = await call(t.app, 'POST', '/api/candidate', {
      token: ownerToken,
      body: { name: email, email, department },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe("a manager's own member record", () => {
  it('refuses leaving their own teams (403), and their scope stays what it was', async () => {
    const before = await memberships(manager.memberId);
    const res = await put(manager.token, manager.memberId, { orgRole: 'MANAGER', teams: [] });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(messages.org.ownersOnlyUsers);
    expect(await memberships(manager.memberId)).toEqual(before);
    // Still a manager of Sales only: never another team's candidates.
    expect(await candidateEmails(manager.token)).toEqual(['sal@cand.example']);
  });

  it('refuses every edit of it, the name alone too, and archiving it (decision 029)', async () => {
    const form = { orgRole: 'MANAGER', teams: [{ teamId: sales.id, teamRole: 'MANAGER' }], hasLicense: true };
    for (const change of [
      { name: 'Mia M.' },
      { orgRole: 'REGULAR_MEMBER' },
      { teams: [{ teamId: sales.id, teamRole: 'REGULAR_MEMBER' }] },
      { hasLicense: false },
    ]) {
      const res = await put(manager.token, manager.memberId, { ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().error.message).toBe(messages.org.ownersOnlyUsers);
    }
    const archive = await setArchive(manager.token, manager.memberId, true);
    expect(archive.statusCode, archive.body).toBe(403);
    expect(archive.json().error.message).toBe(messages.org.ownersOnlyUsers);
    const [row] = await t.db.select().from(members).where(eq(members.id, manager.memberId));
    expect(row).toMatchObject({ isArchived: false, orgRole: 'MANAGER' });
    expect(await candidateEmails(manager.token)).toEqual(['sal@cand.example']);
  });

  it('lets an owner change the manager: the manager of no team then sees no candidate', async () => {
    const res = await put(ownerToken, manager.memberId, { orgRole: 'MANAGER', teams: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await candidateEmails(manager.token)).toEqual([]);
    const back = await put(ownerToken, manager.memberId, {
      orgRole: 'MANAGER',
      teams: [{ teamId: sales.id, teamRole: 'MANAGER' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await candidateEmails(manager.token)).toEqual(['sal@cand.example']);
  });
});

describe('other members', () => {
  it("keeps a member's teams when an owner's edit leaves `teams` out", async () => {
    const sam = await buildMember(t.db, {
      orgId: orgA,
      name: 'Sam',
      teams: [{ teamId: sales.id }, { teamId: support.id, teamRole: 'MANAGER' }],
    });
    const before = await memberships(sam.id);
    const res = await put(ownerToken, sam.id, { orgRole: 'REGULAR_MEMBER', name: 'Sam S' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Sam S');
    expect(await memberships(sam.id)).toEqual(before);
  });

  it('refuses a manager editing, licensing or archiving a member of their own team (403)', async () => {
    const robin = await buildMember(t.db, { orgId: orgA, hasLicense: false, teams: [{ teamId: sales.id }] });
    for (const body of [
      { orgRole: 'REGULAR_MEMBER', name: 'Robin R' },
      { orgRole: 'MANAGER', teams: [{ teamId: sales.id, teamRole: 'MANAGER' }] },
      { orgRole: 'REGULAR_MEMBER', hasLicense: true },
    ]) {
      const res = await put(manager.token, robin.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error.message).toBe(messages.org.ownersOnlyUsers);
    }
    const archive = await setArchive(manager.token, robin.id, true);
    expect(archive.statusCode, archive.body).toBe(403);
    expect(archive.json().error.message).toBe(messages.org.ownersOnlyUsers);
    const [row] = await t.db.select().from(members).where(eq(members.id, robin.id));
    expect(row).toMatchObject({
      name: robin.name,
      orgRole: 'REGULAR_MEMBER',
      hasLicense: false,
      isArchived: false,
    });
    expect(await memberships(robin.id)).toEqual([{ teamId: sales.id, teamRole: 'REGULAR_MEMBER' }]);
  });

  it('lets an owner change their own member record (their scope is every team anyway)', async () => {
    const self = await buildMember(t.db, { orgId: orgA, email: 'olga@scope.example', hasLicense: false });
    await buildAdmin(t.db, { orgId: orgA, email: 'olga@scope.example', memberId: self.id });
    const olga = await adminToken('olga@scope.example');
    const res = await put(olga, self.id, {
      orgRole: 'MANAGER',
      teams: [{ teamId: support.id, teamRole: 'MANAGER' }],
      hasLicense: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orgRole: 'MANAGER', hasLicense: true });
    expect(await candidateEmails(olga)).toEqual(['sal@cand.example', 'sup@cand.example']);
  });
});

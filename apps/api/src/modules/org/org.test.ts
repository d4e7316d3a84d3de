import { messages } from '@agaton/contracts';
import { buildAdmin, buildManager, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let orgA: string;
let ownerA: string;
let managerA: string;
let ownerB: string;
let sales: { id: string };
let support: { id: string };
let sam: { id: string };
let parker: { id: string };

async function adminToken(email: string) {
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: email, password: FACTORY_PASSWORD },
  });
  return res.json().accessToken as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildAdmin(t.db, { email: 'owner@a.example' });
  orgA = owner.orgId;
  sales = await buildTeam(t.db, { orgId: orgA, name: 'Sales' });
  support = await buildTeam(t.db, { orgId: orgA, name: 'Support' });
  await buildManager(t.db, { orgId: orgA, teamIds: [sales.id], email: 'manager@a.example' });
  sam = await buildMember(t.db, { orgId: orgA, name: 'Sam Seller', teams: [{ teamId: sales.id }] });
  parker = await buildMember(t.db, { orgId: orgA, name: 'Parker Support', teams: [{ teamId: support.id }] });
  await buildAdmin(t.db, { email: 'owner@b.example' });
  [ownerA, managerA, ownerB] = await Promise.all(
    ['owner@a.example', 'manager@a.example', 'owner@b.example'].map(adminToken),
  );
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it("refuses another organisation's admin with 403 on every organisation route", async () => {
    const attempts = [
      call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: ownerB }),
      call(t.app, 'POST', `/api/astridorg/${orgA}/teams`, { token: ownerB, body: { name: 'Intruders' } }),
      call(t.app, 'GET', `/api/astridorg/${orgA}/teams-with-members`, { token: ownerB }),
      call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, { token: ownerB, body: {} }),
      call(t.app, 'PUT', `/api/astridorg/${orgA}/members/${sam.id}`, {
        token: ownerB,
        body: { orgRole: 'MANAGER', teams: [] },
      }),
      call(t.app, 'DELETE', `/api/astridorg/${orgA}/teams/${sales.id}`, { token: ownerB }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const teams = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: ownerA });
    expect(teams.json().map((team: { name: string }) => team.name)).toEqual(['Sales', 'Support']);
  });

  it('refuses a coach token on organisation routes', async () => {
    const res = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: 'not-a-jwt' });
    expect(res.statusCode).toBe(401);
  });
});

describe('manager scope', () => {
  it('shows a manager only the teams they manage, in GET /admin too', async () => {
    const teams = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: managerA });
    expect(teams.json()).toEqual([{ id: sales.id, name: 'Sales' }]);
    const admin = await call(t.app, 'GET', '/api/admin', { token: managerA });
    expect(admin.json().organizationInfo.managedTeams).toEqual([{ id: sales.id, name: 'Sales' }]);
    const withMembers = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams-with-members`, {
      token: managerA,
    });
    expect(withMembers.json().map((team: { name: string }) => team.name)).toEqual(['Sales']);
  });

  it("lists only members of the manager's teams and refuses to edit others", async () => {
    const list = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, {
      token: managerA,
      body: {},
    });
    const names = list.json().members.map((m: { name: string }) => m.name);
    expect(names).toContain('Sam Seller');
    expect(names).not.toContain('Parker Support');
    const edit = await call(t.app, 'PUT', `/api/astridorg/${orgA}/members/${parker.id}`, {
      token: managerA,
      body: { orgRole: 'REGULAR_MEMBER', teams: [] },
    });
    expect(edit.statusCode).toBe(403);
    const filter = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, {
      token: managerA,
      body: { filters: { teamId: support.id } },
    });
    expect(filter.statusCode).toBe(403);
  });

  it('does not let a manager create, rename or delete teams, their own included', async () => {
    const res = await call(t.app, 'POST', `/api/astridorg/${orgA}/teams`, {
      token: managerA,
      body: { name: 'Mine' },
    });
    expect(res.statusCode).toBe(403);
    const rename = await call(t.app, 'PUT', `/api/astridorg/${orgA}/teams/${sales.id}`, {
      token: managerA,
      body: { name: 'Sales EU' },
    });
    expect(rename.statusCode).toBe(403);
    const remove = await call(t.app, 'DELETE', `/api/astridorg/${orgA}/teams/${sales.id}`, {
      token: managerA,
    });
    expect(remove.statusCode).toBe(403);
    const teams = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: managerA });
    expect(teams.json()).toEqual([{ id: sales.id, name: 'Sales' }]);
  });
});

describe('teams and members', () => {
  it('creates, renames and deletes a team; a duplicate name gets the spec text', async () => {
    const created = await call(t.app, 'POST', `/api/astridorg/${orgA}/teams`, {
      token: ownerA,
      body: { name: 'Growth' },
    });
    expect(created.statusCode).toBe(200);
    const dup = await call(t.app, 'POST', `/api/astridorg/${orgA}/teams`, {
      token: ownerA,
      body: { name: 'growth' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(messages.org.createTeam);
    const id = created.json().id;
    const renamed = await call(t.app, 'PUT', `/api/astridorg/${orgA}/teams/${id}`, {
      token: ownerA,
      body: { name: 'Growth EU' },
    });
    expect(renamed.json()).toEqual({ id, name: 'Growth EU' });
    expect(
      (await call(t.app, 'DELETE', `/api/astridorg/${orgA}/teams/${id}`, { token: ownerA })).statusCode,
    ).toBe(204);
    const teams = await call(t.app, 'GET', `/api/astridorg/${orgA}/teams`, { token: ownerA });
    expect(teams.json().map((team: { name: string }) => team.name)).toEqual(['Sales', 'Support']);
  });

  it('searches, pages and counts members missing info', async () => {
    await buildMember(t.db, { orgId: orgA, name: '', email: 'nameless@a.example' });
    const page = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, {
      token: ownerA,
      body: { query: 'sell', pagination: { page: 1, pageSize: 25 } },
    });
    expect(page.json().members.map((m: { name: string }) => m.name)).toEqual(['Sam Seller']);
    expect(page.json().totalMembersMissingInfo).toBeGreaterThanOrEqual(1);
    const small = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, {
      token: ownerA,
      body: { pagination: { page: 1, pageSize: 1 } },
    });
    expect(small.json().members).toHaveLength(1);
    expect(small.json().totalPages).toBeGreaterThanOrEqual(4);
  });

  it('updates a member, and archiving revokes the licence and blocks edits', async () => {
    const member = await buildMember(t.db, { orgId: orgA, name: 'Robin Rep', hasLicense: true });
    const updated = await call(t.app, 'PUT', `/api/astridorg/${orgA}/members/${member.id}`, {
      token: ownerA,
      body: { name: 'Robin Reps', orgRole: 'MANAGER', teams: [{ teamId: sales.id, teamRole: 'MANAGER' }] },
    });
    expect(updated.json()).toMatchObject({
      name: 'Robin Reps',
      orgRole: 'MANAGER',
      teams: [{ teamId: sales.id, teamName: 'Sales', teamRole: 'MANAGER' }],
    });
    const archived = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/${member.id}/set-archive`, {
      token: ownerA,
      body: { isArchived: true },
    });
    expect(archived.json()).toMatchObject({ isArchived: true, hasLicense: false });
    const edit = await call(t.app, 'PUT', `/api/astridorg/${orgA}/members/${member.id}`, {
      token: ownerA,
      body: { orgRole: 'REGULAR_MEMBER', teams: [] },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.message).toBe(messages.org.archivedNotEditable);
    const list = await call(t.app, 'POST', `/api/astridorg/${orgA}/members/list`, {
      token: ownerA,
      body: {},
    });
    expect(list.json().members.map((m: { name: string }) => m.name)).not.toContain('Robin Reps');
  });

  it('answers 400 for a malformed team id and 404 for a team of no one', async () => {
    const bad = await call(t.app, 'PUT', `/api/astridorg/${orgA}/teams/not-a-uuid`, {
      token: ownerA,
      body: { name: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await call(t.app, 'PUT', `/api/astridorg/${orgA}/teams/${crypto.randomUUID()}`, {
      token: ownerA,
      body: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

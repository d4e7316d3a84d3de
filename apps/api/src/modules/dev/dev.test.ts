import { buildAdmin, buildManager, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

// Issue 24: with MAIL_OUTBOX_VIEWER=1, an admin of one organisation must not read another's mail.

let t: TestApp;
let ownerA: string;
let managerA: string;
let ownerB: string;

async function adminToken(email: string) {
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: email, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

const read = async (token: string, to?: string) => {
  const res = await call(t.app, 'GET', `/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, {
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { to: string; subject: string; text: string }[];
};

const forgotAdmin = (email: string) =>
  call(t.app, 'POST', '/api/admin/auth/forgot-password', { body: { email } });

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildAdmin(t.db, { email: 'owner@a.example' });
  await buildManager(t.db, { orgId: a.orgId, teamIds: [], email: 'manager@a.example' });
  await buildAdmin(t.db, { email: 'owner@b.example' });
  [ownerA, managerA, ownerB] = await Promise.all(
    ['owner@a.example', 'manager@a.example', 'owner@b.example'].map(adminToken),
  );
  // Organisation A's candidate, invited to training: an e-mail with an invitation link.
  const added = await call(t.app, 'POST', '/api/candidate', {
    token: ownerA,
    body: { name: 'Cara Candidate', email: 'cara@a.example', isRecruit: false, isTrainee: true },
  });
  expect(added.statusCode, added.body).toBe(200);
  await forgotAdmin('owner@a.example');
  await buildUser(t.db, { email: 'coach@nowhere.example' });
  await call(t.app, 'POST', '/api/password-reset-request', { body: { username: 'coach@nowhere.example' } });
});
afterAll(() => t.close());

describe('GET /api/dev/outbox', () => {
  it("shows an owner their organisation's mail: its admins' reset links and its candidates' invitations", async () => {
    const [reset] = await read(ownerA, 'owner@a.example');
    expect(reset.text).toMatch(/\/reset-password\//);
    expect((await read(ownerA, 'cara@a.example')).length).toBe(1);
  });

  it("never shows another organisation's mail, asked by address or not", async () => {
    expect(await read(ownerB, 'owner@a.example')).toEqual([]);
    expect(await read(ownerB, 'cara@a.example')).toEqual([]);
    const all = await read(ownerB);
    expect(all.map((m) => m.to)).not.toContain('owner@a.example');
    expect(all.map((m) => m.to)).not.toContain('cara@a.example');
  });

  it("keeps an admin's address to the admin's organisation even when another adds it as a candidate", async () => {
    const added = await call(t.app, 'POST', '/api/candidate', {
      token: ownerB,
      body: { name: 'Not Really', email: 'owner@a.example', isRecruit: false, isTrainee: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    await forgotAdmin('owner@a.example');
    expect(await read(ownerB, 'owner@a.example')).toEqual([]);
    expect((await read(ownerA, 'owner@a.example')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows mail to addresses of no organisation (a coach account) to any owner', async () => {
    for (const token of [ownerA, ownerB]) {
      const [mail] = await read(token, 'coach@nowhere.example');
      expect(mail?.text).toMatch(/\/coach\/auth\/reset-pass\//);
    }
  });

  it("refuses a manager (403): they would read their owner's reset links", async () => {
    const res = await call(t.app, 'GET', '/api/dev/outbox?to=owner@a.example', { token: managerA });
    expect(res.statusCode).toBe(403);
  });
});

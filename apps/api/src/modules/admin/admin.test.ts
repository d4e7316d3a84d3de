import { messages } from '@agaton/contracts';
import { buildAdmin, buildCandidate, buildOrg, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const workspace = {
  password: 'Founder9',
  firstName: 'Ada',
  lastName: 'King Lovelace',
  organization: 'Analytical Engines',
  industry: 'Technology',
  department: 'Sales B2B',
};

describe('admin sign-up with workspace', () => {
  it('creates the organisation and the admin, then answers a signed-in session', async () => {
    const res = await call(t.app, 'POST', '/api/admin', {
      body: { ...workspace, email: 'ada@engines.example' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.admin).toMatchObject({
      name: 'Ada King Lovelace',
      email: 'ada@engines.example',
      organizationInfo: {
        name: 'Analytical Engines',
        industry: 'Technology',
        department: 'Sales B2B',
        managedTeams: [],
      },
      productAccess: { recruitment: { haveAccess: false, status: 'trial-available' } },
      role: 'OWNER',
    });
    expect(decodeJwt(body.accessToken)).toMatchObject({
      kind: 'admin',
      realm: 'whiskey-admin',
      orgId: body.admin.organizationInfo.id,
    });
    const me = await call(t.app, 'GET', '/api/admin', { token: body.accessToken });
    expect(me.json().email).toBe('ada@engines.example');
  });

  it("refuses an e-mail that already has an admin: 409 'An account with that email already exists.'", async () => {
    await buildAdmin(t.db, { email: 'exists@engines.example' });
    const res = await call(t.app, 'POST', '/api/admin', {
      body: { ...workspace, email: 'Exists@engines.example' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ACCOUNT_EXISTS', message: messages.signUp.accountExists });
  });

  it('only accepts industries and departments from the spec lists', async () => {
    const res = await call(t.app, 'POST', '/api/admin', {
      body: { ...workspace, email: 'mining@engines.example', industry: 'Mining' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].path).toBe('industry');
  });
});

describe('admin sign-in', () => {
  it('checks whether an admin e-mail exists (404 means no)', async () => {
    await buildAdmin(t.db, { email: 'known@admin.example' });
    expect((await call(t.app, 'GET', '/api/admin/auth?email=known%40admin.example')).json()).toEqual({
      exists: true,
    });
    expect((await call(t.app, 'GET', '/api/admin/auth?email=unknown%40admin.example')).statusCode).toBe(404);
  });

  it('signs in with a password and answers the admin, positions and features', async () => {
    const admin = await buildAdmin(t.db, { email: 'pw@admin.example', availablePositions: ['Agent'] });
    const res = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: 'pw@admin.example', password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      admin: { id: admin.id },
      availablePositions: ['Agent'],
      enabledFeatures: [],
    });
    const wrong = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: 'pw@admin.example', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('exchanges an admin sign-in code from the auth service, but not a coach code', async () => {
    await buildAdmin(t.db, { email: 'code@admin.example' });
    const adminCode = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'code@admin.example', password: FACTORY_PASSWORD, realm: 'whiskey-admin' },
    });
    const res = await call(t.app, 'POST', '/api/admin/auth', { body: { authCode: adminCode.json().code } });
    expect(res.statusCode).toBe(200);

    const coach = await buildUser(t.db);
    const coachCode = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: coach.email, password: FACTORY_PASSWORD },
    });
    const refused = await call(t.app, 'POST', '/api/admin/auth', {
      body: { authCode: coachCode.json().code },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('resets an admin password through the e-mailed /reset-password link', async () => {
    await buildAdmin(t.db, { email: 'reset@admin.example' });
    await call(t.app, 'POST', '/api/admin/auth/forgot-password', { body: { email: 'reset@admin.example' } });
    const mail = await latestEmail(t.app, 'reset@admin.example');
    const token = mail!.text.match(/http:\/\/agaton\.test\/reset-password\/(\S+)/)![1];
    const res = await call(t.app, 'POST', '/api/admin/auth/reset-password', {
      body: { password: 'Changed9' },
      token,
    });
    expect(res.statusCode).toBe(204);
    const signIn = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: 'reset@admin.example', password: 'Changed9' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('updates the admin name with PUT /api/admin', async () => {
    await buildAdmin(t.db, { email: 'rename@admin.example' });
    const session = (
      await call(t.app, 'POST', '/api/admin/auth', {
        body: { username: 'rename@admin.example', password: FACTORY_PASSWORD },
      })
    ).json();
    const res = await call(t.app, 'PUT', '/api/admin', {
      body: { name: 'Grace Hopper' },
      token: session.accessToken,
    });
    expect(res.json().name).toBe('Grace Hopper');
  });
});

describe('candidate challenge sign-in', () => {
  it('gives a candidate token for the e-mail and test code, and refuses a wrong code', async () => {
    const org = await buildOrg(t.db, { name: 'Hiring Co' });
    const { candidate, challenge } = await buildCandidate(t.db, { orgId: org.id, code: 'TEST-42' });
    const res = await call(t.app, 'POST', '/api/challenge/auth', {
      body: { username: candidate.email, password: 'test-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      challenge: { id: challenge.id },
      organization: { name: 'Hiring Co' },
      // Sent without a copy of the content: drawn from the product's default, the first position.
      content: { position: 'Sales representative' },
      assessmentStatus: { currentPart: 'Reading', isFinished: false },
    });
    // The candidate never receives answers or the listening texts.
    expect(JSON.stringify(res.json().content)).not.toMatch(/answerIndex|audioText/);
    expect(decodeJwt(res.json().token)).toMatchObject({ kind: 'candidate', sub: candidate.id });
    // A candidate token opens nothing meant for coaches.
    expect((await call(t.app, 'GET', '/api/app-user/me', { token: res.json().token })).statusCode).toBe(403);

    const wrong = await call(t.app, 'POST', '/api/challenge/auth', {
      body: { username: candidate.email, password: 'TEST-43' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.signIn.wrongCredentials);
  });
});

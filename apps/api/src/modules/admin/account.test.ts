import { ACCOUNT_TEXTS, messages } from '@agaton/contracts';
import { admins } from '@agaton/db';
import { buildAdmin, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adminSignIn(email: string, password = FACTORY_PASSWORD) {
  const res = await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string };
}

describe('PUT /api/admin/email', () => {
  it('changes the sign-in e-mail and sends a notice to the old address', async () => {
    const admin = await buildAdmin(t.db, { email: 'old-address@account.example' });
    const { accessToken } = await adminSignIn(admin.email);
    const res = await call(t.app, 'PUT', '/api/admin/email', {
      token: accessToken,
      body: { email: 'New-Address@account.example', currentPassword: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('new-address@account.example');
    const notice = await latestEmail(t.app, 'old-address@account.example');
    expect(notice?.subject).toBe(ACCOUNT_TEXTS.emailChangedNoticeSubject);
    expect(notice?.text).toContain('new-address@account.example');
    // The new address signs in; the old one no longer does.
    await adminSignIn('new-address@account.example');
    const old = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: 'old-address@account.example', password: FACTORY_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers 409 when another admin has the e-mail, and changes nothing', async () => {
    const other = await buildAdmin(t.db);
    const admin = await buildAdmin(t.db);
    const { accessToken } = await adminSignIn(admin.email);
    const res = await call(t.app, 'PUT', '/api/admin/email', {
      token: accessToken,
      body: { email: other.email, currentPassword: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'USERNAME_ALREADY_TAKEN',
      message: messages.signUp.usernameAlreadyTaken,
    });
    const me = await call(t.app, 'GET', '/api/admin', { token: accessToken });
    expect(me.json().email).toBe(admin.email);
    expect(await latestEmail(t.app, admin.email)).toBeUndefined();
  });

  it('answers 401 with a wrong current password', async () => {
    const admin = await buildAdmin(t.db);
    const { accessToken } = await adminSignIn(admin.email);
    const res = await call(t.app, 'PUT', '/api/admin/email', {
      token: accessToken,
      body: { email: 'free-address@account.example', currentPassword: 'Not-the-password1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: messages.signIn.wrongPassword });
    const me = await call(t.app, 'GET', '/api/admin', { token: accessToken });
    expect(me.json().email).toBe(admin.email);
  });

  it('answers 400 for an invalid e-mail and 401 without a session', async () => {
    const admin = await buildAdmin(t.db);
    const { accessToken } = await adminSignIn(admin.email);
    const bad = await call(t.app, 'PUT', '/api/admin/email', {
      token: accessToken,
      body: { email: 'not-an-email', currentPassword: FACTORY_PASSWORD },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const anonymous = await call(t.app, 'PUT', '/api/admin/email', {
      body: { email: 'x@account.example', currentPassword: FACTORY_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/admin/password', () => {
  it('refuses a wrong current password (401) and a weak new one (400)', async () => {
    const admin = await buildAdmin(t.db);
    const { accessToken } = await adminSignIn(admin.email);
    const wrong = await call(t.app, 'PUT', '/api/admin/password', {
      token: accessToken,
      body: { currentPassword: 'Wrong-password1', newPassword: 'Brand-new-pass9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(messages.signIn.wrongPassword);
    const weak = await call(t.app, 'PUT', '/api/admin/password', {
      token: accessToken,
      body: { currentPassword: FACTORY_PASSWORD, newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json().error)).toContain(messages.validation.passwordRule);
    // Neither attempt changed the password.
    await adminSignIn(admin.email);
  });

  it('sets the password, ends the other sessions and keeps the caller signed in with the fresh one', async () => {
    const admin = await buildAdmin(t.db);
    const caller = await adminSignIn(admin.email);
    const otherDevice = await adminSignIn(admin.email);
    const res = await call(t.app, 'PUT', '/api/admin/password', {
      token: caller.accessToken,
      body: { currentPassword: FACTORY_PASSWORD, newPassword: 'Brand-new-pass9' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { accessToken: string; refreshToken: string };
    // The fresh session works (the web stores it); every access token from before is refused at once.
    expect((await call(t.app, 'GET', '/api/admin', { token: fresh.accessToken })).statusCode).toBe(200);
    for (const old of [caller.accessToken, otherDevice.accessToken]) {
      expect((await call(t.app, 'GET', '/api/admin', { token: old })).statusCode).toBe(401);
    }
    const rotated = await call(t.app, 'POST', '/api/token', { body: { refreshToken: fresh.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    // Every refresh token from before the change is dead, the other device's included.
    for (const old of [caller.refreshToken, otherDevice.refreshToken]) {
      const refreshed = await call(t.app, 'POST', '/api/token', { body: { refreshToken: old } });
      expect(refreshed.statusCode).toBe(401);
    }
    await adminSignIn(admin.email, 'Brand-new-pass9');
    const oldPassword = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: admin.email, password: FACTORY_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
  });
});

describe('social-only admins', () => {
  it('says they have no password and refuses both changes with our text (422)', async () => {
    const admin = await buildAdmin(t.db);
    const { accessToken } = await adminSignIn(admin.email);
    const account = () => call(t.app, 'GET', '/api/admin/account', { token: accessToken });
    expect((await account()).json()).toEqual({ hasPassword: true });
    // Signed in, then the account becomes social-only (as after a social sign-up): no password hash.
    await t.db.update(admins).set({ passwordHash: null }).where(eq(admins.id, admin.id));
    expect((await account()).json()).toEqual({ hasPassword: false });
    for (const [url, body] of [
      ['/api/admin/email', { email: 'sso-new@account.example', currentPassword: 'anything' }],
      ['/api/admin/password', { currentPassword: 'anything', newPassword: 'Brand-new-pass9' }],
    ] as const) {
      const res = await call(t.app, 'PUT', url, { token: accessToken, body });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'UNPROCESSABLE', message: ACCOUNT_TEXTS.noPassword });
    }
  });
});

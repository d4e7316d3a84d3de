import { randomUUID } from 'node:crypto';
import { messages } from '@agaton/contracts';
import { buildAdmin, buildUser } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../lib/tokens.ts';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';

/** Issue 24: a token or reset link works only in the realm, and for the kind of account, it was issued for. */
let t: TestApp;
let tokens: AccessTokens;
beforeAll(async () => {
  t = await createTestApp();
  // The server's own secret: these tokens are validly signed, only their claims are wrong.
  tokens = new AccessTokens(t.config.JWT_SECRET, 900);
});
afterAll(() => t.close());

describe('access tokens whose realm does not fit their kind', () => {
  it('refuses a coach token claiming the admin realm, an admin token claiming the coach realm', async () => {
    const coach = await buildUser(t.db);
    const admin = await buildAdmin(t.db);
    const asCoach = (realm: 'whiskey' | 'whiskey-admin') =>
      tokens
        .sign({ sub: coach.id, kind: 'user', realm })
        .then((token) => call(t.app, 'GET', '/api/app-user/me', { token }));
    const asAdmin = (realm: 'whiskey' | 'whiskey-admin') =>
      tokens
        .sign({ sub: admin.id, kind: 'admin', realm, orgId: admin.orgId })
        .then((token) => call(t.app, 'GET', '/api/admin', { token }));
    expect((await asCoach('whiskey')).statusCode).toBe(200);
    expect((await asAdmin('whiskey-admin')).statusCode).toBe(200);
    for (const res of [await asCoach('whiskey-admin'), await asAdmin('whiskey')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses a candidate token claiming the admin realm', async () => {
    const claims = {
      sub: randomUUID(),
      kind: 'candidate',
      orgId: randomUUID(),
      challengeId: randomUUID(),
    } as const;
    const assessment = async (realm: 'whiskey' | 'whiskey-admin') =>
      call(t.app, 'GET', '/api/assessment', { token: await tokens.sign({ ...claims, realm }) });
    // In its realm the token is accepted (the test it names does not exist: not an auth failure).
    expect((await assessment('whiskey')).statusCode).not.toBe(401);
    const refused = await assessment('whiskey-admin');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('INVALID_TOKEN');
  });
});

describe('password-reset links', () => {
  const resetAsCoach = (token: string, password: string) =>
    call(t.app, 'PUT', '/api/password', { body: { password }, token });
  const resetAsAdmin = (token: string, password: string) =>
    call(t.app, 'POST', '/api/admin/auth/reset-password', { body: { password }, token });

  it("works only on its own realm's endpoint: elsewhere it answers as an invalid link", async () => {
    const admin = await buildAdmin(t.db, { email: 'realm.reset@admin.example' });
    const coach = await buildUser(t.db, { email: 'realm.reset@coach.example' });
    await call(t.app, 'POST', '/api/admin/auth/forgot-password', { body: { email: admin.email } });
    await call(t.app, 'POST', '/api/password-reset-request', { body: { username: coach.email } });
    const adminLink = (await latestEmail(t.app, admin.email))!.text.match(/\/reset-password\/(\S+)/)![1];
    const coachLink = (await latestEmail(t.app, coach.email))!.text.match(/reset-pass\/(\S+)/)![1];

    for (const refused of [
      await resetAsCoach(adminLink, 'Taken9Over'),
      await resetAsAdmin(coachLink, 'Taken9Over'),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toEqual({
        code: 'INVALID_TOKEN',
        message: messages.token.resetLinkInvalid,
      });
    }
    const stolen = await call(t.app, 'POST', '/api/admin/auth', {
      body: { username: admin.email, password: 'Taken9Over' },
    });
    expect(stolen.statusCode).toBe(401);

    // Neither link was spent by the refusal.
    expect((await resetAsAdmin(adminLink, 'Changed9Admin')).statusCode).toBe(204);
    expect((await resetAsCoach(coachLink, 'Changed9Coach')).statusCode).toBe(204);
  });
});

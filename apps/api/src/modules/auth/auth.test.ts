import { DEPARTMENTS, INDUSTRIES, messages } from '@agaton/contracts';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, signIn, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('coach sign-up', () => {
  it('creates a trialing account with 100 minutes and signs in with the returned code', async () => {
    const res = await call(t.app, 'POST', '/api/authn/sign-up', {
      body: { email: 'New.Coach@Example.com', password: 'Secret12' },
    });
    expect(res.statusCode).toBe(200);
    const session = (await call(t.app, 'POST', '/api/token', { body: { code: res.json().authCode } })).json();
    expect(session.identity).toMatchObject({
      email: 'new.coach@example.com',
      kind: 'user',
      realm: 'whiskey',
    });
    const me = await call(t.app, 'GET', '/api/app-user/me', { token: session.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'new.coach@example.com',
      firstName: 'New',
      enabledFeatures: ['WEB_APP_RECORDING', 'ASSISTANT_CHAT'],
      plan: {
        subscription: { status: 'TRIALING' },
        features: { recording: { availableRecordingMinutes: 100 } },
      },
    });
  });

  it("answers 409 'Email address already taken.' for an existing e-mail, whatever its case", async () => {
    await buildUser(t.db, { email: 'taken@example.com' });
    const res = await call(t.app, 'POST', '/api/authn/sign-up', {
      body: { email: 'TAKEN@example.com', password: 'Secret12' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'USERNAME_ALREADY_TAKEN',
      message: 'Email address already taken.',
    });
  });

  it('refuses a weak password with the spec text', async () => {
    const res = await call(t.app, 'POST', '/api/authn/sign-up', {
      body: { email: 'weak@example.com', password: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`password: ${messages.validation.passwordRule}`);
  });
});

describe('two-stage sign-in', () => {
  it('asks for a password, then exchanges the code for tokens and identity', async () => {
    const user = await buildUser(t.db, { email: 'two.stage@example.com' });
    const flow = await call(t.app, 'POST', '/api/auth-flow', {
      body: { email: 'two.stage@example.com', authType: 'sign-in', realm: 'whiskey' },
    });
    expect(flow.json()).toEqual({ askForPassword: true });
    const session = await signIn(t.app, 'two.stage@example.com', FACTORY_PASSWORD);
    expect(session.accessTokenExpiresInSeconds).toBe(900);
    expect(session.identity).toEqual({ id: user.id, email: user.email, kind: 'user', realm: 'whiskey' });
  });

  it("answers 401 'Wrong credentials.' for a wrong password and for an unknown e-mail alike", async () => {
    await buildUser(t.db, { email: 'wrong.pw@example.com' });
    for (const username of ['wrong.pw@example.com', 'nobody@example.com']) {
      const res = await call(t.app, 'POST', '/api/authn/password', {
        body: { username, password: 'Nope1234' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'WRONG_CREDENTIALS', message: 'Wrong credentials.' });
    }
  });

  it('accepts a sign-in code only once', async () => {
    await buildUser(t.db, { email: 'once@example.com' });
    const { code } = (
      await call(t.app, 'POST', '/api/authn/password', {
        body: { username: 'once@example.com', password: FACTORY_PASSWORD },
      })
    ).json();
    expect((await call(t.app, 'POST', '/api/token', { body: { code } })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/api/token', { body: { code } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(messages.token.codeInvalid);
  });

  // Nothing mints social tokens (the OIDC callback signs in by linked identity, decision 020), so every
  // route that takes one must refuse it before any e-mail lookup.
  it.each([
    ['/api/authn/social', {}],
    ['/api/authn/sign-up', {}],
    ['/api/app-user/auth', {}],
    ['/api/admin/auth', {}],
    [
      '/api/admin',
      { firstName: 'Eve', organization: 'Eve Ltd', industry: INDUSTRIES[0], department: DEPARTMENTS[0] },
    ],
  ])('refuses a social token it did not issue on %s', async (url, fields) => {
    await buildUser(t.db, { email: `victim-${url.replaceAll('/', '')}@example.com` });
    const res = await call(t.app, 'POST', url, { body: { firebaseAuthToken: 'forged-token', ...fields } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });

  it('signs in through /app-user/auth with the user in the answer', async () => {
    await buildUser(t.db, { email: 'main.api@example.com', firstName: 'Mia' });
    const res = await call(t.app, 'POST', '/api/app-user/auth', {
      body: { username: 'main.api@example.com', password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.firstName).toBe('Mia');
    expect(res.json().token).toMatch(/^ey/);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and revokes the whole family when an old one is replayed', async () => {
    await buildUser(t.db, { email: 'rotate@example.com' });
    const first = await signIn(t.app, 'rotate@example.com', FACTORY_PASSWORD);
    const second = (
      await call(t.app, 'POST', '/api/token', { body: { refreshToken: first.refreshToken } })
    ).json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await call(t.app, 'GET', '/api/app-user/me', { token: second.accessToken })).statusCode).toBe(
      200,
    );

    // The holder moves on (second is used), so the first token presented again is a replay (not the
    // grace retry of an interrupted refresh: revocation.test.ts).
    const third = (
      await call(t.app, 'POST', '/api/token', { body: { refreshToken: second.refreshToken } })
    ).json();
    const replay = await call(t.app, 'POST', '/api/token', { body: { refreshToken: first.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: 'INVALID_TOKEN', message: messages.token.refreshReused });
    // The legitimate holder's newer token died with the family.
    const after = await call(t.app, 'POST', '/api/token', { body: { refreshToken: third.refreshToken } });
    expect(after.statusCode).toBe(401);
  });

  it('issues a desktop-app one-time code from a refresh token', async () => {
    await buildUser(t.db, { email: 'desktop@example.com' });
    const session = await signIn(t.app, 'desktop@example.com', FACTORY_PASSWORD);
    const res = await call(t.app, 'POST', '/api/code', { body: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    const desktop = (await call(t.app, 'POST', '/api/token', { body: { code: res.json().code } })).json();
    expect(desktop.identity.email).toBe('desktop@example.com');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await call(t.app, 'POST', '/api/token', { body: { refreshToken: 'made-up' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });
});

describe('password reset by e-mail', () => {
  it('e-mails a link whose token sets a new password once; old password stops working', async () => {
    await buildUser(t.db, { email: 'forgetful@example.com' });
    const req = await call(t.app, 'POST', '/api/password-reset-request', {
      body: { username: 'forgetful@example.com' },
    });
    expect(req.statusCode).toBe(204);
    const mail = await latestEmail(t.app, 'forgetful@example.com');
    const link = mail?.text.match(/http:\/\/agaton\.test\/coach\/auth\/reset-pass\/(\S+)/);
    expect(link).not.toBeNull();
    const token = link![1];

    const reset = await call(t.app, 'PUT', '/api/password', { body: { password: 'Brand9New' }, token });
    expect(reset.statusCode).toBe(204);
    await expect(signIn(t.app, 'forgetful@example.com', 'Brand9New')).resolves.toBeTruthy();
    await expect(signIn(t.app, 'forgetful@example.com', FACTORY_PASSWORD)).rejects.toThrow();

    const reuse = await call(t.app, 'PUT', '/api/password', { body: { password: 'Other9New' }, token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.message).toBe(messages.token.resetLinkInvalid);
  });

  it('a completed reset also voids the other links still in the mailbox', async () => {
    await buildUser(t.db, { email: 'two.links@example.com' });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await call(t.app, 'POST', '/api/password-reset-request', {
        body: { username: 'two.links@example.com' },
      });
      tokens.push((await latestEmail(t.app, 'two.links@example.com'))!.text.match(/reset-pass\/(\S+)/)![1]);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(
      (await call(t.app, 'PUT', '/api/password', { body: { password: 'First9New' }, token: tokens[1] }))
        .statusCode,
    ).toBe(204);
    const stale = await call(t.app, 'PUT', '/api/password', {
      body: { password: 'Second9New' },
      token: tokens[0],
    });
    expect(stale.statusCode).toBe(401);
  });

  it('answers 204 for an unknown e-mail without sending anything', async () => {
    const res = await call(t.app, 'POST', '/api/app-user/auth/forgot-password', {
      body: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(204);
    expect(await latestEmail(t.app, 'ghost@example.com')).toBeUndefined();
  });

  it('resets through /app-user/auth/reset-password with astridToken', async () => {
    await buildUser(t.db, { email: 'astrid@example.com' });
    await call(t.app, 'POST', '/api/app-user/auth/forgot-password', {
      body: { email: 'astrid@example.com' },
    });
    const token = (await latestEmail(t.app, 'astrid@example.com'))!.text.match(/reset-pass\/(\S+)/)![1];
    const res = await call(t.app, 'POST', '/api/app-user/auth/reset-password', {
      body: { password: 'Astrid9New', astridToken: token },
    });
    expect(res.statusCode).toBe(204);
    await expect(signIn(t.app, 'astrid@example.com', 'Astrid9New')).resolves.toBeTruthy();
  });

  it("says 'No token provided' when the reset has no token", async () => {
    const res = await call(t.app, 'PUT', '/api/password', { body: { password: 'Brand9New' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.password.noToken);
  });
});

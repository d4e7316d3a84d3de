import { messages } from '@agaton/contracts';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('bad input gets a clear error', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/password',
      headers: json,
      payload: '{"username": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'MALFORMED_JSON', message: messages.request.malformedJson },
    });
  });

  it("missing fields → 400 VALIDATION naming the field with 'Required'", async () => {
    const res = await call(t.app, 'POST', '/api/authn/password', { body: { username: 'a@b.co' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'password: Required' });
  });

  it('wrong types → 400 VALIDATION', async () => {
    const res = await call(t.app, 'POST', '/api/auth-flow', {
      body: { email: 'a@b.co', authType: 'sign-in', realm: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.details[0].path).toBe('realm');
  });

  it("an invalid e-mail says 'Please enter valid email address'", async () => {
    const res = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'not-an-email', password: 'x' },
    });
    expect(res.json().error.message).toBe(`username: ${messages.validation.invalidEmail}`);
  });

  it('oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'a@b.co', password: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.request.tooLarge });
  });

  it('unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/password',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('unknown API path → 404 JSON', async () => {
    const res = await call(t.app, 'GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('access tokens', () => {
  it('no token → 401 UNAUTHENTICATED', async () => {
    const res = await call(t.app, 'GET', '/api/app-user/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('forged token (wrong key) → 401 INVALID_TOKEN', async () => {
    const forged = await new SignJWT({ kind: 'user', realm: 'whiskey' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setIssuer('agaton')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('an-attacker-secret-of-sufficient-length!!'));
    const res = await call(t.app, 'GET', '/api/app-user/me', { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'INVALID_TOKEN', message: messages.token.invalid });
  });

  it('"none"-algorithm token → 401 INVALID_TOKEN', async () => {
    const header = Buffer.from('{"alg":"none"}').toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'x', kind: 'user', realm: 'whiskey', iss: 'agaton' }),
    ).toString('base64url');
    const res = await call(t.app, 'GET', '/api/app-user/me', { token: `${header}.${payload}.` });
    expect(res.statusCode).toBe(401);
  });

  it('expired token → 401 TOKEN_EXPIRED', async () => {
    const user = await buildUser(t.db);
    const expired = await new SignJWT({ kind: 'user', realm: 'whiskey' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('agaton')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const res = await call(t.app, 'GET', '/api/app-user/me', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: messages.token.expired });
  });

  it('an admin token on a coach endpoint → 403', async () => {
    const user = await buildUser(t.db);
    const session = await signIn(t.app, user.email, FACTORY_PASSWORD);
    const res = await call(t.app, 'GET', '/api/admin', { token: session.accessToken });
    expect(res.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many sign-in attempts', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        call(limited.app, 'POST', '/api/authn/password', {
          body: { username: 'a@b.co', password: 'Wrong123' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(res.json().error.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
      // Other endpoints keep their own budget.
      const reset = await call(limited.app, 'POST', '/api/password-reset-request', {
        body: { username: 'a@b.co' },
      });
      expect(reset.statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe('service endpoints', () => {
  it('GET /api/health answers ok once migrated', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI description at /api/docs/json', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/auth-flow',
        '/api/token',
        '/api/app-user/me',
        '/api/astridorg/{orgId}/teams',
      ]),
    );
  });

  it('never leaks internals: a database failure answers 500 with the spec server text', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.execute(sql`drop table users cascade`);
      const res = await call(broken.app, 'POST', '/api/app-user/auth', {
        body: { username: 'a@b.co', password: 'Secret12' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: messages.general.server } });
      expect(res.body).not.toMatch(/relation|users|select/i);
    } finally {
      await broken.close();
    }
  });
});

describe('rate limits cannot be dodged', () => {
  it('ignores a spoofed X-Forwarded-For unless TRUST_PROXY=1', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const attempt = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/authn/password',
          headers: { 'x-forwarded-for': ip },
          payload: { username: 'a@b.co', password: 'Wrong123' },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
      expect((await attempt('10.0.0.3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

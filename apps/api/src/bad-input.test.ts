import { DEMO_ACCOUNTS, seedDemoData } from '@agaton/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './testing/fuzz-cases.ts';
import { call, createTestApp, signIn, type TestApp } from './testing/test-app.ts';

/** Issue 16 part 5: the malformed requests a black-box review sent, each answered 4xx, never 500. */
let t: TestApp;
let admin: string;
let coach: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  const res = await call(t.app, 'POST', '/api/admin/auth', {
    body: { username: DEMO_ACCOUNTS.admin, password: DEMO_ACCOUNTS.password },
  });
  admin = res.json().accessToken;
  orgId = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString()).orgId;
  coach = (await signIn(t.app, DEMO_ACCOUNTS.coach, DEMO_ACCOUNTS.password)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };

describe('NUL characters', () => {
  it('are refused on the field with 400 in bodies, queries and paths', async () => {
    const team = await call(t.app, 'POST', `/api/astridorg/${orgId}/teams`, {
      token: admin,
      body: { name: 'Sales\u0000Ops' },
    });
    expect(team.statusCode).toBe(400);
    expect(team.json().error).toMatchObject({
      code: 'VALIDATION',
      details: [{ path: 'name', message: 'Text must not contain NUL characters.' }],
    });
    const signInRes = await call(t.app, 'POST', '/api/challenge/auth', {
      body: { username: 'a\u0000@b.co', password: 'x' },
    });
    expect(signInRes.statusCode).toBe(400);
    const checkout = await call(t.app, 'GET', '/api/billing/local/checkout/a%00b', { token: admin });
    expect(checkout.statusCode).toBe(400);
    const search = await call(t.app, 'POST', `/api/astridorg/${orgId}/members/list`, {
      token: admin,
      body: { query: '\u0000' },
    });
    expect(search.statusCode).toBe(400);
  });
});

describe('repeated and nested input', () => {
  it('answers a repeated query parameter with 400', async () => {
    const res = await call(t.app, 'GET', '/api/sessions?limit=1&limit=2', { token: coach });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('answers 10,000 nested arrays with 400, not a stack overflow', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/app-user/goals',
      headers: { ...json, authorization: `Bearer ${coach}` },
      payload: `{"goals":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('nested too deeply');
  });
});

describe('content types', () => {
  it('answers a JSON body on an upload route and a multipart body on a JSON route with 415', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/recordings',
      headers: { ...json, authorization: `Bearer ${coach}` },
      payload: '{"files":"x"}',
    });
    expect(upload.statusCode).toBe(415);
    const form = multipartBody({ name: 'Sales' });
    const team = await t.app.inject({
      method: 'POST',
      url: `/api/astridorg/${orgId}/teams`,
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
      payload: form.payload,
    });
    expect(team.statusCode).toBe(415);
  });

  it('answers a broken multipart body with 400', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/score/public/phrase',
        headers: { 'content-type': contentType },
        payload: '--other\r\nbroken',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().error.message).toBe('The multipart body is malformed.');
    }
  });
});

describe('conflicts and tokens', () => {
  it("answers 409 when a member's e-mail is changed to another member's", async () => {
    const list = await call(t.app, 'POST', `/api/astridorg/${orgId}/members/list`, {
      token: admin,
      body: {},
    });
    const [first, second] = (
      list.json().members as { astridIdentityId: string; email: string | null }[]
    ).filter((m) => m.email);
    const res = await call(t.app, 'PUT', `/api/astridorg/${orgId}/members/${second.astridIdentityId}`, {
      token: admin,
      body: { email: first.email, orgRole: 'REGULAR_MEMBER', teams: [] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
  });

  it('answers 401 to a validly signed token whose subject is not a UUID', async () => {
    const token = await new SignJWT({ kind: 'user', realm: 'whiskey' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setIssuer('agaton')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const res = await call(t.app, 'GET', '/api/app-user/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });
});

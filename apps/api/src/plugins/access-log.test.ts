import { Writable } from 'node:stream';
import { users } from '@agaton/db';
import { buildUser } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';

/** Every line the app logs, parsed, in order. */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: capture } });
});
afterAll(() => t.close());

const PASSWORD = 'Sekrit9Password';

describe('access log', () => {
  it('writes one line per request with its id, method, route, status and duration, and echoes the id', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'probe-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('probe-42');
    const forRequest = lines.filter((line) => line.reqId === 'probe-42');
    expect(forRequest).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        route: '/api/health',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);

    // A request without an id (or with one that is not a plain token) gets a fresh UUID.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'a b\u0001' },
    });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((line) => line.reqId === other.headers['x-request-id'])).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', route: null, status: 404 }),
    ]);
  });

  it('logs a sign-in with its route pattern and never the password, the code or the tokens', async () => {
    await buildUser(t.db, { email: 'logged@example.com', password: PASSWORD });
    raw.length = 0;
    const codeRes = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'logged@example.com', password: PASSWORD, realm: 'whiskey' },
    });
    expect(codeRes.statusCode).toBe(200);
    const tokenRes = await call(t.app, 'POST', '/api/token', { body: { code: codeRes.json().code } });
    expect(tokenRes.statusCode).toBe(200);
    const wrong = await call(t.app, 'POST', '/api/authn/password', {
      body: { username: 'logged@example.com', password: `${PASSWORD}x`, realm: 'whiskey' },
    });
    expect(wrong.statusCode).toBe(401);
    const log = raw.join('\n');
    expect(log).toContain('"route":"/api/authn/password"');
    for (const secret of [
      PASSWORD,
      codeRes.json().code,
      tokenRes.json().accessToken,
      tokenRes.json().refreshToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('query-failure logs', () => {
  it('print the failed SQL and its SQLSTATE but never the parameters (a password hash)', async () => {
    const user = await buildUser(t.db, { email: 'dup@example.com' });
    const hash = `$argon2id$v=19$m=65536,t=3,p=4$NEVER-LOG-THIS-${Date.now()}`;
    // A real failing query: a second user with the same e-mail (unique violation).
    const error = await t.db
      .insert(users)
      .values({ ...user, id: undefined, email: 'dup@example.com', passwordHash: hash })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    raw.length = 0;
    t.app.log.error({ err: error }, 'unhandled error');
    const log = raw.join('\n');
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('"constraint":"users_email_unique"');
    expect(log).toContain('23505');
    expect(log).not.toContain('NEVER-LOG-THIS');
    expect(log).not.toContain('dup@example.com');
  });

  it('redact credential fields a log call passes by mistake', () => {
    raw.length = 0;
    t.app.log.info(
      { body: { password: PASSWORD, code: 'ABCD-1234' }, headers: { authorization: 'Bearer xyz.abc' } },
      'oops',
    );
    const log = raw.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('ABCD-1234');
    expect(log).not.toContain('xyz.abc');
  });
});

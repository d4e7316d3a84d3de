import { randomInt, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../testing/test-app.ts';
import { FREE_FAILURES } from './sign-in-throttle.ts';
import {
  burstAfterTheWait,
  burstOfWrongPasswords,
  faultsGiveTheirTriesBack,
} from './throttle.test-helper.ts';

/**
 * REDIS_URL (issue 16 part 2): two api processes that share only a Redis server share its per-IP rate
 * limits and per-account sign-in throttle. Each app below has a database of its own, so whatever one
 * learns from the other came through Redis. Runs against the machine's Redis (REDIS_TEST_URL, default
 * loopback 6379); skipped with a reason where none answers.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
  socket.once('connect', () => resolve(true));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => resolve(false));
}).then((ok) => {
  if (!ok) console.warn(`Redis tests skipped: nothing answers at ${REDIS_URL}`);
  return ok;
});

/** A fresh client address per test, so runs sharing the Redis server never count each other's tries. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(!redisAnswers)('REDIS_URL: state shared by api processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ REDIS_URL, AUTH_RATE_LIMIT_MAX: '10' }),
      createTestApp({ REDIS_URL, AUTH_RATE_LIMIT_MAX: '10' }),
    ]);
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  const passwordSignIn = (t: TestApp, username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authn/password',
      payload: { username, password, realm: 'whiskey' },
      remoteAddress,
    });

  it('counts one address against one per-IP limit across both processes', async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await passwordSignIn(
        i % 2 ? b : a,
        `nobody-${randomUUID()}@example.com`,
        'Wrong123',
        address,
      );
      statuses.push(res.statusCode);
    }
    // Ten tries per window in all, not ten per process.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('makes an account wait on the other process too, and a success there clears it for both', async () => {
    const email = `target-${randomUUID()}@example.com`;
    await Promise.all([buildUser(a.db, { email }), buildUser(b.db, { email })]);
    for (let i = 0; i < FREE_FAILURES; i++) {
      const res = await passwordSignIn(a, email, 'Guess1234', someAddress());
      expect(res.statusCode).toBe(401);
    }
    // Process b never saw a failure, yet even the right password waits there.
    const refused = await passwordSignIn(b, email, FACTORY_PASSWORD, someAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);

    await new Promise((r) => setTimeout(r, 2_100));
    expect((await passwordSignIn(b, email, FACTORY_PASSWORD, someAddress())).statusCode).toBe(200);
    // The success forgot the count: process a grants the free failures again.
    for (let i = 0; i < FREE_FAILURES - 1; i++) {
      expect((await passwordSignIn(a, email, 'Guess1234', someAddress())).statusCode).toBe(401);
    }
    expect((await passwordSignIn(a, email, FACTORY_PASSWORD, someAddress())).statusCode).toBe(200);
  });
});

describe.skipIf(!redisAnswers)('REDIS_URL: the sign-in throttle under concurrent tries (issue 24)', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => Promise.all([a?.close(), b?.close(), redis?.quit()]));

  it('checks FREE_FAILURES passwords of a burst of 8 over two processes on a fresh account', async () => {
    const email = `burst-${randomUUID()}@example.com`;
    await Promise.all([buildUser(a.db, { email }), buildUser(b.db, { email })]);
    expect(await burstOfWrongPasswords([a, b], email)).toEqual({
      checked: FREE_FAILURES,
      refused: 8 - FREE_FAILURES,
    });
  });

  it('checks 1 password of a burst of 8 over two processes when the wait is over', async () => {
    const email = `waited-${randomUUID()}@example.com`;
    await Promise.all([buildUser(a.db, { email }), buildUser(b.db, { email })]);
    expect(await burstAfterTheWait([a, b], email)).toEqual({ checked: 1, refused: 7 });
  }, 30_000);

  it('gives a try back when it failed for another reason than a wrong password', async () => {
    const email = `fault-${randomUUID()}@example.com`;
    await buildUser(a.db, { email });
    await faultsGiveTheirTriesBack({ ...serviceContext(a), redis }, a, email);
  });
});

describe('REDIS_URL pointing at nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback: connections are refused at once.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('refuses password sign-in with 503 and Retry-After (no hang) and serves everything else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/password',
      payload: { username: 'someone@example.com', password: 'Guess1234', realm: 'whiskey' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('BUSY');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

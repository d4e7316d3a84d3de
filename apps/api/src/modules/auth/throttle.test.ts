import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { AccessTokens } from '../../lib/tokens.ts';
import { call, createTestApp, serviceContext, signIn, type TestApp } from '../../testing/test-app.ts';
import { backoffSeconds, FREE_FAILURES } from './sign-in-throttle.ts';
import {
  burstAfterTheWait,
  burstOfWrongPasswords,
  faultsGiveTheirTriesBack,
} from './throttle.test-helper.ts';

const base = { DATA_DIR: '/tmp/agaton-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('TRUST_PROXY (issue 16 part 2)', () => {
  it('takes a hop count or proxy addresses, never "trust everything"', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(typeof loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe('function');
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  const fortyWithVariedForwardedFor = async (env: Record<string, string>) => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10', ...env });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/authn/password',
          // Unknown addresses, so the per-account limit stays out of it: only the per-IP limit counts.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          payload: { username: `nobody${i}@example.com`, password: 'Wrong123' },
        });
        statuses.push(res.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  };

  it('limits 40 sign-ins with varied X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const statuses = await fortyWithVariedForwardedFor({ TRUST_PROXY: '10.0.0.1' });
    expect(statuses.filter((s) => s === 429).length).toBe(30);
  }, 120_000);

  it('behind one trusted hop, reads the address that proxy saw, not what the client wrote', async () => {
    const statuses = await fortyWithVariedForwardedFor({ TRUST_PROXY: '1' });
    expect(statuses.filter((s) => s === 429).length).toBe(30);
  }, 120_000);
});

describe('per-account sign-in limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('backs off exponentially after the free failures', () => {
    expect(backoffSeconds(FREE_FAILURES - 1)).toBe(0);
    expect(backoffSeconds(FREE_FAILURES)).toBe(2);
    expect(backoffSeconds(FREE_FAILURES + 1)).toBe(4);
    expect(backoffSeconds(FREE_FAILURES + 3)).toBe(16);
    expect(backoffSeconds(100)).toBe(900);
  });

  it('slows a brute force across the coach, admin and candidate sign-ins and many addresses', async () => {
    const email = 'target@example.com';
    await buildUser(t.db, { email });
    const routes = [
      ['/api/authn/password', { username: email, password: 'Guess1234', realm: 'whiskey' }],
      ['/api/admin/auth', { username: email, password: 'Guess1234' }],
      ['/api/challenge/auth', { username: email, password: 'GUESS-CODE' }],
      ['/api/app-user/auth', { username: email, password: 'Guess1234' }],
    ] as const;
    for (let i = 0; i < FREE_FAILURES; i++) {
      const [url, payload] = routes[i % routes.length];
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${i}` });
      expect(res.statusCode, url).toBe(401);
    }
    // Now even the right password waits, from yet another address, on any of the routes.
    for (const [url, payload] of routes) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { ...payload, password: FACTORY_PASSWORD },
        remoteAddress: '192.0.2.200',
      });
      expect(res.statusCode, url).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(2);
    }
  });

  it('leaves other accounts alone and forgets the failures after a success', async () => {
    const email = 'other@example.com';
    await buildUser(t.db, { email });
    for (let i = 0; i < FREE_FAILURES - 1; i++) {
      const res = await call(t.app, 'POST', '/api/authn/password', {
        body: { username: email, password: 'Nope1234' },
      });
      expect(res.statusCode).toBe(401);
    }
    await signIn(t.app, email, FACTORY_PASSWORD);
    for (let i = 0; i < FREE_FAILURES - 1; i++) {
      const res = await call(t.app, 'POST', '/api/authn/password', {
        body: { username: email, password: 'Nope1234' },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn(t.app, email, FACTORY_PASSWORD)).identity.email).toBe(email);
  });
});

describe('per-account sign-in limit under concurrent tries (issue 24)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('checks FREE_FAILURES passwords of a burst of 8 on a fresh account', async () => {
    await buildUser(t.db, { email: 'burst@example.com' });
    expect(await burstOfWrongPasswords([t], 'burst@example.com')).toEqual({
      checked: FREE_FAILURES,
      refused: 8 - FREE_FAILURES,
    });
  });

  it('checks 1 password of a burst of 8 when the wait after FREE_FAILURES wrong ones is over', async () => {
    await buildUser(t.db, { email: 'waited@example.com' });
    expect(await burstAfterTheWait([t], 'waited@example.com')).toEqual({ checked: 1, refused: 7 });
  }, 30_000);

  it('gives a try back when it failed for another reason than a wrong password', async () => {
    await buildUser(t.db, { email: 'fault@example.com' });
    await faultsGiveTheirTriesBack(serviceContext(t), t, 'fault@example.com');
  });
});

describe('POST /api/score/phrase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SCORING_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('is limited per candidate, whatever address the requests come from', async () => {
    const tokens = new AccessTokens(t.config.JWT_SECRET, 900);
    const candidate = (n: number) =>
      tokens.sign({ sub: `00000000-0000-4000-8000-00000000000${n}`, kind: 'candidate', realm: 'whiskey' });
    const send = async (token: string, i: number) =>
      t.app.inject({
        method: 'POST',
        // No level: refused with 400 before any upload is read, which is enough to count.
        url: '/api/score/phrase',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: `198.51.100.${i}`,
      });
    const first = await candidate(1);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(first, i)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await send(await candidate(2), 9)).statusCode).toBe(400);
  });
});

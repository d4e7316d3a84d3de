import { FACTORY_PASSWORD } from '@agaton/db/testing';
import { expect } from 'vitest';
import type { AppContext } from '../../lib/context.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { backoffSeconds, FREE_FAILURES, throttledSignIn } from './sign-in-throttle.ts';

/** Every sign-in the throttle guards: coach, admin, candidate test code, mobile coach. */
const routes = [
  ['/api/authn/password', { realm: 'whiskey' }],
  ['/api/admin/auth', {}],
  ['/api/challenge/auth', {}],
  ['/api/app-user/auth', {}],
] as const;

/**
 * Eight wrong guesses at once, spread over the apps, the sign-in routes and client addresses. Answers
 * how many passwords were checked (401 WRONG_CREDENTIALS) and how many were refused unchecked (429).
 */
export async function burstOfWrongPasswords(apps: TestApp[], email: string) {
  const responses = await Promise.all(
    Array.from({ length: 8 }, (_, i) => {
      const [url, extra] = routes[i % routes.length];
      return apps[i % apps.length].app.inject({
        method: 'POST',
        url,
        payload: { username: email, password: 'Guess1234', ...extra },
        remoteAddress: `198.51.100.${i + 1}`,
      });
    }),
  );
  const codes = responses.map((res) => res.json().error?.code);
  expect(codes.filter((code) => code !== 'WRONG_CREDENTIALS' && code !== 'RATE_LIMITED')).toEqual([]);
  return {
    checked: codes.filter((code) => code === 'WRONG_CREDENTIALS').length,
    refused: codes.filter((code) => code === 'RATE_LIMITED').length,
  };
}

/**
 * FREE_FAILURES wrong guesses one by one, the wait they earn, then a burst of eight: only one of the
 * burst may be checked, since the first starts the next wait.
 */
export async function burstAfterTheWait(apps: TestApp[], email: string) {
  for (let i = 0; i < FREE_FAILURES; i++) {
    const res = await apps[i % apps.length].app.inject({
      method: 'POST',
      url: '/api/authn/password',
      payload: { username: email, password: 'Guess1234', realm: 'whiskey' },
    });
    expect(res.statusCode).toBe(401);
  }
  await new Promise((r) => setTimeout(r, backoffSeconds(FREE_FAILURES) * 1000 + 100));
  return burstOfWrongPasswords(apps, email);
}

/**
 * Eight sign-ins that fail with a server fault, at once and then one by one, must leave the account as
 * if they never happened: FREE_FAILURES wrong passwords are still free, and the right one signs in.
 */
export async function faultsGiveTheirTriesBack(ctx: AppContext, t: TestApp, email: string) {
  const fault = () =>
    throttledSignIn(ctx, email, async () => {
      throw new Error('database went away');
    });
  const burst = await Promise.allSettled(Array.from({ length: 8 }, fault));
  expect(burst.every((r) => r.status === 'rejected')).toBe(true);
  for (let i = 0; i < 8; i++) await expect(fault()).rejects.toThrow('database went away');
  const signInOnce = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authn/password',
      payload: { username: email, password, realm: 'whiskey' },
    });
  for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await signInOnce('Guess1234')).statusCode).toBe(401);
  expect((await signInOnce(FACTORY_PASSWORD)).statusCode).toBe(200);
}

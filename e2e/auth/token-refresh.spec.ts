/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from '../../playwright.config';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { createCoach, readTokens, storeTokens } from '../fixtures/api';

const outlive = (E2E_ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;

test.describe('token refresh', () => {
  test('an expired access token is refreshed on the 401 and the page loads as if nothing happened', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('refresh');
    await storeTokens(page, 'user', await createCoach(request, email, NEW_PASSWORD));
    const before = await readTokens(page, 'user');
    await page.waitForTimeout(outlive);
    // Make the client believe the token is still fresh, so only the server's 401 can reveal it.
    await page.evaluate(() => localStorage.setItem('agaton.user.expiresAt', String(Date.now() + 3_600_000)));

    const answers: { url: string; status: number }[] = [];
    // The sign-in state's calls; the page's own data (the sessions list) follows them.
    const auth = /\/api\/(app-user\/me|token)$/;
    page.on('response', (response) => {
      if (auth.test(new URL(response.url()).pathname))
        answers.push({ url: new URL(response.url()).pathname, status: response.status() });
    });
    await page.goto('/coach/sessions');
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByTestId('user-block')).toContainText(email);

    expect(answers.slice(0, 3)).toEqual([
      { url: '/api/app-user/me', status: 401 },
      { url: '/api/token', status: 200 },
      { url: '/api/app-user/me', status: 200 },
    ]);
    // The new token lives E2E_ACCESS_TOKEN_TTL_SECONDS, so the page's next calls may refresh it ahead
    // of time (the next test's case); on a slow machine one does before this line. Nothing refused.
    expect(answers.slice(3).filter((a) => a.status !== 200)).toEqual([]);
    const after = await readTokens(page, 'user');
    expect(after.token).not.toBe(before.token);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });

  test('a token close to expiry is refreshed before the request', async ({ page, request }) => {
    const email = uniqueEmail('proactive');
    await storeTokens(page, 'user', await createCoach(request, email, NEW_PASSWORD));
    await page.waitForTimeout(outlive);
    const statuses: string[] = [];
    page.on('response', (response) => {
      if (/\/api\/(app-user\/me|token)$/.test(new URL(response.url()).pathname))
        statuses.push(`${new URL(response.url()).pathname} ${response.status()}`);
    });
    await page.goto('/coach/sessions');
    await expect(page.getByTestId('user-block')).toContainText(email);
    expect(statuses).toEqual(['/api/token 200', '/api/app-user/me 200']);
  });

  test('a refused refresh clears the stored tokens and asks the coach to sign in again', async ({
    page,
    request,
  }) => {
    const session = await createCoach(request, uniqueEmail('revoked'), NEW_PASSWORD);
    // Use the refresh token elsewhere, and the one it rotated into too (that holder moved on): the copy
    // in the browser is now a replay, past the grace a just-rotated token has for an interrupted refresh.
    const rotated = await request.post('/api/token', { data: { refreshToken: session.refreshToken } });
    expect(rotated.ok()).toBe(true);
    const movedOn = await request.post('/api/token', {
      data: { refreshToken: (await rotated.json()).refreshToken },
    });
    expect(movedOn.ok()).toBe(true);
    await storeTokens(page, 'user', session);
    await page.waitForTimeout(outlive);

    await page.goto('/coach/sessions');
    await expect(page).toHaveURL(/\/coach\/auth\?return=%2Fcoach%2Fsessions$/);
    const tokens = await readTokens(page, 'user');
    expect(tokens).toEqual({ token: null, refreshToken: null, expiresAt: null });
  });
});

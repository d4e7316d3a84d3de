/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { adminSession, coachSession, readTokens, storeTokens } from '../fixtures/api';

test.describe('logout', () => {
  test('coach logout clears all three tokens and returns to coach sign-in', async ({ page, request }) => {
    const coach = await coachSession(request, seeded.coach.email, seeded.coach.password);
    const admin = await adminSession(request, seeded.admin.email, seeded.admin.password);
    await storeTokens(page, 'user', coach);
    await storeTokens(page, 'admin', admin);
    await page.evaluate(() => localStorage.setItem('agaton.candidate.token', 'candidate-token'));

    await page.goto('/coach');
    await expect(page).toHaveURL(/\/coach\/sessions$/);
    await page.getByRole('button', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/coach\/auth$/);
    for (const kind of ['user', 'admin', 'candidate'] as const) {
      expect((await readTokens(page, kind)).token, kind).toBeNull();
    }
    // The coach area is closed again.
    await page.goto('/coach/sessions');
    await expect(page).toHaveURL(/\/coach\/auth\?return=%2Fcoach%2Fsessions$/);
    // And the sign-ins are ended on the server: a copied refresh token is worth nothing (issue 24).
    for (const session of [coach, admin]) {
      await expect
        .poll(async () =>
          (await request.post('/api/token', { data: { refreshToken: session.refreshToken } })).status(),
        )
        .toBe(401);
    }
  });

  test('admin logout leaves the dashboard for admin sign-in', async ({ page, request }) => {
    await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await readTokens(page, 'admin')).token).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("an 'account' link for someone else signs the current coach out", async ({ page, request }) => {
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto(`/coach/sessions?account=${encodeURIComponent(seeded.coach.email)}`);
    await expect(page.getByTestId('user-block')).toContainText(seeded.coach.email);
    await page.goto('/coach/sessions?account=someone-else%40example.com');
    await expect(page).toHaveURL(/\/coach\/auth\?return=/);
    expect((await readTokens(page, 'user')).token).toBeNull();
  });
});

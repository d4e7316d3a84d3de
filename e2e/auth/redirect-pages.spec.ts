import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';

test.describe('redirect pages', () => {
  test('signing in from the desktop app hands a one-time code to the app', async ({ page }) => {
    await page.goto('/coach/auth?redirect=desktop-app');
    await page.getByLabel('Email').fill(seeded.coach.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(seeded.coach.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    await expect(page).toHaveURL(/\/coach\/desktop-app-redirect\?url=/);
    const handoff = new URL(new URL(page.url()).searchParams.get('url') ?? '');
    expect(handoff.protocol).toBe('agaton:');
    expect(handoff.searchParams.get('code')).toMatch(/.{8,}/);
    expect(handoff.searchParams.get('onboarding')).toBe('false');
    await expect(page.getByRole('heading', { name: 'Redirecting to Agaton app' })).toBeVisible();
    // The page hands the URL to the desktop app as it opens, and Chromium may hold further navigations
    // while it weighs that external URL (clicks were lost on loaded machines): check where the link
    // goes, then follow it.
    const webApp = page.getByRole('link', { name: 'Continue to web app' });
    await expect(webApp).toHaveAttribute('href', '/coach/assistant');
    await page.goto((await webApp.getAttribute('href')) ?? '');
    await expect(page.getByRole('heading', { name: 'Record Meeting' })).toBeVisible();
  });

  test('the OAuth callback without a code returns to the realm dashboard; a bad code explains', async ({
    page,
  }) => {
    await page.goto('/coach/oauth2-redirect?realm=whiskey-admin');
    // The dashboard's guard then sends the signed-out admin to sign-up.
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto('/coach/oauth2-redirect?code=not-a-real-code&realm=whiskey&auth-type=sign-in');
    await expect(page.getByRole('alert')).toHaveText(messages.other.oauth);
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page).toHaveURL(/\/coach\/auth$/);
  });
});

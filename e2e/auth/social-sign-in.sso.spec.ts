import { messages } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { seeded, uniqueEmail } from '../fixtures/accounts';
import { readTokens } from '../fixtures/api';

/** Signs in on the OpenID provider's own login page and consents. */
async function signInAtProvider(page: Page, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  // The development provider asks for consent once per client.
  const consent = page.locator('button[type="submit"]');
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

test.describe('social sign-in through a real OpenID provider', () => {
  test('Sign up with Google creates the coach and opens onboarding; signing in later works', async ({
    page,
  }) => {
    const email = uniqueEmail('olive');
    await page.goto('/coach/signup');
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(page).not.toHaveURL(/\/coach\/signup/);
    await signInAtProvider(page, email);

    await expect(page).toHaveURL(/\/coach\/onboarding/);
    await expect(page.getByRole('heading', { name: 'Select your goals' })).toBeVisible();
    expect((await readTokens(page, 'user')).token).toBeTruthy();

    // Continue waits for at least one goal (spec 1 §5).
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('user-block')).toContainText(email);
    await expect(page.getByTestId('user-block')).toContainText('Olive');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/coach\/auth$/);
    // The provider still holds its own session, so it sends the coach straight back.
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);
    await expect(page.getByTestId('user-block')).toContainText(email);
  });

  test('Log in with Google for an address without an account says so', async ({ page }) => {
    await page.goto('/coach/auth');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await signInAtProvider(page, uniqueEmail('stranger'));
    await expect(page).toHaveURL(/\/coach\/oauth2-redirect/);
    await expect(page.getByRole('alert')).toHaveText(messages.signIn.noAccountWithEmail);
  });

  test('an admin signs in with Google and lands on the dashboard', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await signInAtProvider(page, seeded.admin.email);
    await expect(page).toHaveURL(/\/dashboard\/[a-z-]+$/);
    await expect(page.getByTestId('user-block')).toContainText(seeded.admin.email);
    expect((await readTokens(page, 'admin')).token).toBeTruthy();
    expect((await readTokens(page, 'user')).token).toBeNull();
  });

  test('Microsoft is not configured on this server and says so', async ({ page }) => {
    await page.goto('/coach/auth');
    await page.getByRole('button', { name: 'Log in with Microsoft' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signIn.providerNotConfigured);
  });
});

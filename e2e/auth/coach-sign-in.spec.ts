import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { expectAccessible } from '../fixtures/axe';

test.describe('coach sign-in', () => {
  test('two stages: the password appears and is focused after the e-mail, then the coach area opens', async ({
    page,
  }) => {
    await page.goto('/coach/auth');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Log in · Agaton');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expectAccessible(page, 'the coach sign-in');

    await page.getByLabel('Email').fill(seeded.coach.email);
    await page.getByRole('button', { name: 'Continue' }).click();

    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await password.fill(seeded.coach.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expectAccessible(page, 'the coach sign-in’s password step');

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page).toHaveTitle('Sessions · Agaton');
    await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
    // The demo coach's sessions (analysed from real recordings on the first start) are listed.
    await expect(page.getByText(/^Session on /).first()).toBeVisible();
    const userBlock = page.getByTestId('user-block');
    await expect(userBlock).toContainText(seeded.coach.email);
    await expectAccessible(page, 'the Sessions list');
  });

  test('a wrong password shows the spec text and keeps the user on the form', async ({ page }) => {
    await page.goto('/coach/auth');
    await page.getByLabel('Email').fill(seeded.coach.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('NotThePassword1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signIn.wrongCredentials);
    await expect(page).toHaveURL(/\/coach\/auth$/);
  });

  test('an empty e-mail is required', async ({ page }) => {
    await page.goto('/coach/auth');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(messages.validation.required)).toBeVisible();
  });

  test('social buttons say when the provider is not set up on this server', async ({ page }) => {
    await page.goto('/coach/auth');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signIn.providerNotConfigured);
    await page.getByRole('button', { name: 'Log in with Microsoft' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signIn.providerNotConfigured);
    await expect(page).toHaveURL(/\/coach\/auth$/);
  });
});

/// <reference lib="dom" />
import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { adminSession, createCoach, latestMail, linkIn } from '../fixtures/api';

test.describe('password reset', () => {
  test('coach: forgot → e-mailed link → new password → sign in with it', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await createCoach(request, email, NEW_PASSWORD);

    await page.goto('/coach/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/coach\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: messages.password.resetSentTitle })).toBeVisible();
    await expect(page.getByText(messages.password.resetSentBody)).toBeVisible();

    const link = linkIn(await latestMail(request, email), '/coach/auth/reset-pass/');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByLabel('New password').fill('Changed456');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: messages.password.changedTitle })).toBeVisible();
    await expect(page.getByText(messages.password.changedBody)).toBeVisible();

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/coach\/auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Changed456');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);

    // The link is single-use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel('New password').fill('Another789');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.password.changedTitle })).toHaveCount(0);
  });

  test('admin: the reset page rates the password and lists what is missing', async ({ page, request }) => {
    const email = uniqueEmail('admin-reset');
    // Create an admin through the API, then reset its password through the UI.
    const created = await request.post('/api/admin', {
      data: {
        email,
        password: NEW_PASSWORD,
        firstName: 'Reset',
        lastName: 'Admin',
        organization: `Reset Org ${email}`,
        industry: 'Technology',
        department: 'Sales B2B',
      },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: messages.password.resetSentTitle })).toBeVisible();

    // Mail of another organisation's admin: only that organisation's owner reads it in the outbox.
    await page.goto(
      linkIn(await latestMail(request, email, { email, password: NEW_PASSWORD }), '/reset-password/'),
    );
    const field = page.getByLabel('New password');
    await field.fill('abc');
    await expect(page.getByTestId('password-strength')).toHaveText('weak');
    await expect(page.getByRole('list', { name: 'Password errors' })).toContainText('At least one number');
    await expect(page.getByRole('button', { name: 'Set new password' })).toBeDisabled();
    await field.fill('Abc123');
    await expect(page.getByTestId('password-strength')).toHaveText('medium');
    await field.fill('Abc123!xyzQ');
    await expect(page.getByTestId('password-strength')).toHaveText('strong');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: messages.password.changedTitle })).toBeVisible();

    const session = await adminSession(request, email, 'Abc123!xyzQ');
    expect(session.accessToken).toBeTruthy();
  });

  test('a reset page without a token explains what to do', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText(messages.password.noTokenAdmin);
    await page.goto('/coach/auth/reset-pass');
    await expect(page.getByRole('alert')).toHaveText(messages.password.noToken);
  });
});

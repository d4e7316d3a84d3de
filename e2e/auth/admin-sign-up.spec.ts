import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { ACCOUNT_LABELS } from '../../apps/web/src/features/account/texts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { readTokens } from '../fixtures/api';

test.describe('admin sign-up', () => {
  test('step 1 checks the e-mail, step 2 creates the workspace and opens the dashboard', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'AI Agents for Sales Teams' })).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();

    // A registered admin address is refused at step 1.
    await page.getByLabel('Work email').fill(seeded.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.signUp.accountExists);

    const email = uniqueEmail('owner');
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Workspace' })).toBeVisible();
    const complete = page.getByRole('button', { name: 'Complete' });
    await expect(complete).toBeDisabled();

    await page.getByLabel('Name').fill('Grace Brewster Hopper');
    await page.getByLabel('Company').fill(`Journey Labs ${email}`);
    await expect(complete).toBeDisabled();
    await page.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Telecommunications' }).click();
    await expect(complete).toBeDisabled();
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: 'Customer Success' }).click();
    await expect(complete).toBeEnabled();

    // Clearing a field disables 'Complete' again and says why.
    await page.getByLabel('Company').fill('');
    await expect(page.getByText(messages.validation.required)).toBeVisible();
    await expect(complete).toBeDisabled();
    await page.getByLabel('Company').fill(`Journey Labs ${email}`);

    await complete.click();
    await expect(page).toHaveURL(/\/dashboard(\/[a-z-]+)?$/);
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
    expect((await readTokens(page, 'admin')).token).toBeTruthy();

    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    const account = page.getByRole('main');
    await expect(account.getByLabel(ACCOUNT_LABELS.name)).toHaveValue('Grace Brewster Hopper');
    await expect(account.getByText('Customer Success')).toBeVisible();
    await expect(page.getByTestId('user-block')).toContainText(email);
  });
});

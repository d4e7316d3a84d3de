import { ACCOUNT_TEXTS, messages } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNT_LABELS as L } from '../../apps/web/src/features/account/texts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, latestMail, storeTokens } from '../fixtures/api';
import { waitForDemoEnglishTest } from './demo-english-test';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/account-${name}.png`, fullPage: true });

async function signIn(page: Page, path: string) {
  await storeTokens(
    page,
    'admin',
    await adminSession(page.request, seeded.admin.email, seeded.admin.password),
  );
  await page.goto(path);
}

/** The demo admin's name in the seed; the journey puts it back so other journeys see it unchanged. */
const SEEDED_NAME = 'Avery Admin';

async function saveName(page: Page, name: string) {
  const field = page.getByLabel(L.name);
  await field.fill(name);
  await page.getByRole('button', { name: L.saveName }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.nameSaved).last()).toBeVisible();
}

test.describe('My Account, Help and Getting started', () => {
  test('the demo admin changes their name on My Account', async ({ page }) => {
    await signIn(page, '/dashboard/settings');
    await expect(page.getByRole('heading', { name: L.title })).toBeVisible();
    // The demo admin signs in with a password, so both credential forms are offered.
    await expect(page.getByRole('button', { name: L.saveEmail })).toBeVisible();
    await expect(page.getByRole('button', { name: L.savePassword })).toBeVisible();
    try {
      await page.getByLabel(L.name).fill('');
      await page.getByRole('button', { name: L.saveName }).click();
      await expect(page.getByText('Required')).toBeVisible();
      await saveName(page, 'Avery Jones');
      await shot(page, 'name-saved');
      await page.reload();
      await expect(page.getByLabel(L.name)).toHaveValue('Avery Jones');
    } finally {
      await saveName(page, SEEDED_NAME);
    }
  });

  test('a new admin changes e-mail and password; this browser stays signed in, the other device is signed out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('account-admin');
    const signUp = await request.post('/api/admin', {
      data: {
        email,
        password: NEW_PASSWORD,
        firstName: 'Nell',
        lastName: 'Newcomer',
        organization: `Account Journey ${email}`,
        industry: 'Technology',
        department: 'Customer Success',
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const otherDevice = await adminSession(request, email, NEW_PASSWORD);
    await storeTokens(page, 'admin', await signUp.json());
    await page.goto('/dashboard/settings');

    const newEmail = uniqueEmail('account-moved');
    await page.getByLabel(L.newEmail).fill(newEmail);
    await page.getByRole('region', { name: L.signInEmail }).getByLabel(L.currentPassword).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: L.saveEmail }).click();
    await expect(page.getByText(ACCOUNT_TEXTS.emailSaved)).toBeVisible();
    expect((await latestMail(request, email)).subject).toBe(ACCOUNT_TEXTS.emailChangedNoticeSubject);

    const passwordBox = page.getByRole('region', { name: L.password });
    await passwordBox.getByLabel(L.currentPassword).fill('Not-my-password1');
    await passwordBox.getByLabel(L.newPassword, { exact: true }).fill('Changed-pass42');
    await passwordBox.getByLabel(L.confirmPassword).fill('Changed-pass42');
    await page.getByRole('button', { name: L.savePassword }).click();
    await expect(passwordBox.getByText(messages.signIn.wrongPassword)).toBeVisible();
    await passwordBox.getByLabel(L.currentPassword).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: L.savePassword }).click();
    await expect(page.getByText(ACCOUNT_TEXTS.passwordSaved)).toBeVisible();

    // Journey access tokens live 5 s: after 6 s a reload needs the fresh refresh token, and has it.
    await page.waitForTimeout(6_000);
    await page.reload();
    await expect(page.getByLabel(L.newEmail)).toHaveValue(newEmail);
    const refreshed = await request.post('/api/token', { data: { refreshToken: otherDevice.refreshToken } });
    expect(refreshed.status()).toBe(401);
    await adminSession(request, newEmail, 'Changed-pass42');
  });

  test('the help page links to the pages it talks about', async ({ page }) => {
    await signIn(page, '/dashboard/settings');
    await page.getByRole('link', { name: L.helpLink, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/help$/);
    await expect(page.getByRole('heading', { name: 'How the English test is scored' })).toBeVisible();
    await shot(page, 'help');
    await page.getByRole('link', { name: 'Go to the English Test' }).click();
    await expect(page).toHaveURL(/\/dashboard\/test$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Your getting-started checklist' }).click();
    await expect(page).toHaveURL(/\/dashboard\/onboarding$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Contact us' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact sales' })).toBeVisible();
  });

  test("the onboarding checklist shows the demo organisation's done items", async ({ page, request }) => {
    await waitForDemoEnglishTest(request);
    await signIn(page, '/dashboard/onboarding');
    for (const key of ['access', 'team', 'candidate', 'test', 'result', 'name']) {
      await expect(page.getByTestId(`checklist-${key}`)).toHaveAttribute('data-done', 'true');
    }
    await expect(page.getByTestId('checklist-progress')).toHaveText(/^[67] of 7 done$/);
    await shot(page, 'onboarding');
    await page.getByTestId('checklist-team').getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/assistant$/);
  });
});

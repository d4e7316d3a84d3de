import { GOALS, type GoalId, goalTexts } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { createCoach, readTokens, storeTokens } from '../fixtures/api';

const nameOf = (id: GoalId) => GOALS.find((g) => g.goal === id)?.humanReadableGoalName ?? id;
const goal = (page: Page, id: GoalId) => page.getByRole('checkbox', { name: nameOf(id), exact: true });
/** Pictures for review, in the test's own output folder. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`goals-${name}.png`), fullPage: true });

/** The goals the API has saved for the signed-in coach of `page`. */
async function savedGoals(page: Page) {
  const { token } = await readTokens(page, 'user');
  const response = await page.request.get('/api/app-user/preferences', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).userPreferences.goalPreferences.goals as GoalId[];
}

test.describe('coach goals', () => {
  test('a new coach picks up to three goals at onboarding, then changes them from the coach area', async ({
    page,
  }) => {
    await page.goto('/coach/signup');
    await page.getByLabel('Email').fill(uniqueEmail('goals'));
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/onboarding$/, { timeout: 10_000 });

    await expect(page.getByRole('heading', { name: goalTexts.heading })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(GOALS.length);
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await shot(page, 'onboarding-empty');

    for (const id of ['FEWER_FILLERS', 'STEADY_PACE', 'CONFIDENT_IN_MEETINGS'] as const) {
      await goal(page, id).click();
      await expect(goal(page, id)).toHaveAttribute('aria-checked', 'true');
    }
    // At three the fourth cannot be chosen; unticking one frees it again.
    await expect(goal(page, 'TEST_PREP')).toBeDisabled();
    await expect(goal(page, 'CLEARER_SOUNDS')).toBeDisabled();
    await expect(page.getByText('3 of 3 chosen')).toBeVisible();
    await shot(page, 'onboarding-three');
    await goal(page, 'STEADY_PACE').click();
    await expect(goal(page, 'TEST_PREP')).toBeEnabled();
    await goal(page, 'STEADY_PACE').click();

    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).not.toHaveURL(/onboarding/);
    await expect(page.getByTestId('user-block')).toBeVisible();
    expect(await savedGoals(page)).toEqual(['FEWER_FILLERS', 'CONFIDENT_IN_MEETINGS', 'STEADY_PACE']);

    // Later, from the coach area: the saved goals come ticked.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: goalTexts.yourGoals })).toBeVisible();
    await shot(page, 'account-menu');
    await page.getByRole('menuitem', { name: goalTexts.yourGoals }).click();
    const modal = page.getByRole('dialog', { name: goalTexts.yourGoals });
    await expect(modal).toBeVisible();
    for (const id of ['FEWER_FILLERS', 'STEADY_PACE', 'CONFIDENT_IN_MEETINGS'] as const) {
      await expect(goal(page, id)).toHaveAttribute('aria-checked', 'true');
    }
    await expect(goal(page, 'TEST_PREP')).toBeDisabled();
    await page.waitForTimeout(300); // the modal's fade, so the picture shows it settled
    await shot(page, 'modal');

    await goal(page, 'FEWER_FILLERS').click();
    await goal(page, 'TEST_PREP').click();
    await modal.getByRole('button', { name: 'Save goals' }).click();
    await expect(page.getByText('Your goals are saved.')).toBeVisible();
    await expect(modal).toBeHidden();
    expect(await savedGoals(page)).toEqual(['CONFIDENT_IN_MEETINGS', 'STEADY_PACE', 'TEST_PREP']);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: goalTexts.yourGoals }).click();
    await expect(goal(page, 'TEST_PREP')).toHaveAttribute('aria-checked', 'true');
    await expect(goal(page, 'FEWER_FILLERS')).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test('after saving, a saved redirect opens with the onboarding flag; the desktop app gets its code', async ({
    page,
    request,
  }) => {
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('goals-redirect'), NEW_PASSWORD));
    await page.goto('/coach/onboarding?redirect=%2Fcoach%2Fcoaching-reports');
    await goal(page, 'UNDERSTOOD_FIRST_TIME').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/coach\/coaching-reports\?onboarding=true$/);

    // Coming back, the page starts from the saved goal.
    await page.goto('/coach/onboarding?redirect=desktop-app');
    await expect(goal(page, 'UNDERSTOOD_FIRST_TIME')).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/coach\/desktop-app-redirect\?url=/);
    const handoff = new URL(new URL(page.url()).searchParams.get('url') ?? '');
    expect(handoff.protocol).toBe('agaton:');
    expect(handoff.searchParams.get('code')).toMatch(/.{8,}/);
    expect(handoff.searchParams.get('onboarding')).toBe('true');
  });

  test('signed out, onboarding goes to sign-in and comes back after it', async ({ page, request }) => {
    const email = uniqueEmail('goals-signed-out');
    await createCoach(request, email, NEW_PASSWORD);
    await page.goto('/coach/onboarding');
    await expect(page).toHaveURL(/\/coach\/auth\?return=%2Fcoach%2Fonboarding$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('heading', { name: goalTexts.heading })).toBeVisible();
  });

  test('looks right on a phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('goals-phone'), NEW_PASSWORD));
    await page.goto('/coach/onboarding');
    await goal(page, 'CLEARER_SOUNDS').click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await shot(page, 'onboarding-phone');
  });
});

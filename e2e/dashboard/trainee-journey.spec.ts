import { expect, type Page, test } from '@playwright/test';
import { PLANS_LABELS } from '../../apps/web/src/features/plans/texts';
import { PRACTICE_TEXTS } from '../../apps/web/src/features/practice/texts';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts';
import { TR_LABELS } from '../../apps/web/src/features/training/texts';
import { fakeMicLaunch, holdRecord } from '../demo/demo-mic.ts';
import { NEW_PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { latestMail, linkIn } from '../fixtures/api';
import { signUpAdmin } from './trial-helpers';

// The microphone reads one sentence aloud; the trainee practises the new workspace's default content.
test.use({ launchOptions: fakeMicLaunch('practice-reading.wav') });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`trainee-journey-${name}.png`), fullPage: true });

test('a new admin starts the English Learning App trial, invites a trainee who practises, and sees them in the insights', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const company = 'Learning Ltd';
  const admin = { email: uniqueEmail('learn-admin'), password: NEW_PASSWORD };
  await signUpAdmin(page, admin.email, company);

  // The trial of the English Learning App from its own page.
  await page.goto('/dashboard/training');
  await page.getByRole('button', { name: PLANS_LABELS.startTrialOf(TR_LABELS.pageTitle) }).click();
  await page
    .getByRole('dialog', { name: PLANS_LABELS.startedTitle })
    .getByRole('button', { name: PLANS_LABELS.open(TR_LABELS.pageTitle) })
    .click();
  await expect(page.getByRole('heading', { name: TR_LABELS.pageTitle, exact: true })).toBeVisible();

  // Add a training user, invited at once.
  const trainee = { name: 'Theo Trainee', email: uniqueEmail('learn-trainee') };
  await page.getByRole('button', { name: TR_LABELS.addUser }).first().click();
  const add = page.getByRole('dialog', { name: RT_LABELS.addTrainingUserTitle });
  await add.getByRole('textbox', { name: RT_LABELS.name, exact: true }).fill(trainee.name);
  await add.getByRole('textbox', { name: RT_LABELS.email, exact: true }).fill(trainee.email);
  await expect(add.getByLabel(RT_LABELS.inviteTrainingNow)).toBeChecked();
  await add.getByRole('button', { name: RT_LABELS.addTrainingUser }).click();
  await expect(page.getByTestId('trainee-row').filter({ hasText: trainee.name })).toContainText(
    'Invite pending',
  );

  // The trainee, in a browser of their own, opens the e-mailed link, signs up and accepts.
  // Mail to the new organisation's trainee: its owner reads it in the outbox (decision 024).
  const link = linkIn(await latestMail(page.request, trainee.email, admin), '/coach/training-invite/');
  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto(link);
  // The workspace is named after the company and the admin's e-mail (see signUpAdmin).
  await expect(learner.getByTestId('invitation-lead')).toContainText(company);
  await expect(learner.getByTestId('invitation-lead')).toContainText(trainee.name);
  await learner.getByRole('link', { name: PRACTICE_TEXTS.signUpToAccept }).click();
  await expect(learner.getByLabel('Email')).toHaveValue(trainee.email);
  await learner.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await learner.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(learner).toHaveURL(/\/coach\/onboarding/, { timeout: 10_000 });
  await learner.getByRole('checkbox').first().click();
  await learner.getByRole('button', { name: 'Continue' }).click();
  await expect(learner).toHaveURL(/\/coach\/practice$/, { timeout: 15_000 });

  // They read the first sentence of the default content and get the engine's feedback.
  await expect(learner.getByTestId('reading-sentence')).toBeVisible();
  await holdRecord(learner, 4_500);
  await expect(learner.getByTestId('results-panel')).toBeVisible({ timeout: 120_000 });
  await expect(learner.getByTestId('lessons-completed')).toHaveText('1');
  await shot(learner, 'practised');
  await context.close();

  // The admin sees them training, and in this week's insights with their exercise.
  await page.reload();
  await expect(page.getByTestId('trainee-row').filter({ hasText: trainee.name })).toContainText('Training');
  await page.getByRole('tab', { name: TR_LABELS.tabInsights }).click();
  await expect(page.getByTestId('card-lessons').getByTestId('card-value')).toHaveText('1');
  const row = page.getByRole('row').filter({ hasText: trainee.name });
  await expect(row).toBeVisible();
  await shot(page, 'insights');
  await row.getByRole('link', { name: trainee.name }).click();
  await expect(page.getByRole('heading', { name: trainee.name })).toBeVisible();
  await expect(page.getByTestId('card-lessons').getByTestId('card-value')).toHaveText('1');
});

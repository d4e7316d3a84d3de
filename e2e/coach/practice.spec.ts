import { trainingTexts } from '@agaton/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fakeMicLaunch, holdRecord } from '../demo/demo-mic.ts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, latestMail, linkIn } from '../fixtures/api';

// The fake microphone reads "We need a new coach." (flite), a sentence of the demo organisation's
// "Everyday English" practice topic.
test.use({ launchOptions: fakeMicLaunch('practice-reading.wav') });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`practice-${name}.png`), fullPage: true });

/** The demo admin adds a trainee (Add user, isTrainee); answers the e-mailed invitation link. */
async function invite(request: APIRequestContext, name: string, email: string) {
  const admin = await adminSession(request, seeded.admin.email, seeded.admin.password);
  const added = await request.post('/api/candidate', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
    data: { name, email, isRecruit: false, isTrainee: true },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const mail = await latestMail(request, email);
  return linkIn(mail, '/coach/training-invite/');
}

/** The trainee's status in the demo admin's list (a fresh sign-in: journeys' tokens live 5 s). */
async function traineeStatus(request: APIRequestContext, email: string) {
  const admin = await adminSession(request, seeded.admin.email, seeded.admin.password);
  const list = await request.get('/api/admin/candidates', {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const row = (await list.json()).find((c: { email: string }) => c.email === email);
  return row?.traineeInfo.traineeStatus as string | undefined;
}

/**
 * Waits until the start-up seeding is over (the last demo trainee has read all four of their sentences):
 * on a busy machine the shared engine is otherwise queued behind it past the reading deadline.
 */
async function seedingDone(request: APIRequestContext) {
  // The demo trainee's account exists once they accepted their invitation. Not signing in before
  // that: wrong sign-ins to an account, even one not made yet, count towards its sign-in backoff.
  await expect
    .poll(() => traineeStatus(request, 'drew@agaton.local'), { timeout: 240_000, intervals: [5_000] })
    .toBe('Training');
  await expect
    .poll(
      async () => {
        const signIn = await request.post('/api/authn/password', {
          data: { username: 'drew@agaton.local', password: seeded.coach.password, realm: 'whiskey' },
        });
        if (!signIn.ok()) return 0;
        const token = await request.post('/api/token', { data: { code: (await signIn.json()).code } });
        const res = await request.get('/api/practice', {
          headers: { authorization: `Bearer ${(await token.json()).accessToken}` },
        });
        return res.ok() ? (await res.json()).progress.attempts : 0;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBe(4);
}

test.describe('trainee practice', () => {
  test('an invited trainee signs up from the e-mail, lands in practice and reads a sentence', async ({
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    const email = uniqueEmail('trainee');
    const link = await invite(request, 'Tina Trainee', email);

    await page.goto(link);
    await expect(page.getByTestId('invitation-lead')).toHaveText(
      'Northwind Demo invites Tina Trainee to practise English with Agaton.',
    );
    await shot(page, 'invitation');
    await page.getByRole('link', { name: 'Create your account to accept' }).click();
    await expect(page).toHaveURL(/\/coach\/signup\?/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    // Onboarding first (the spec's 2 s wait, then goals), then back to the invitation, accepted.
    await expect(page).toHaveURL(/\/coach\/onboarding/, { timeout: 10_000 });
    await page.getByRole('checkbox').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/coach\/practice$/, { timeout: 15_000 });
    expect(await traineeStatus(request, email)).toBe('Training');
    await expect(page.getByRole('link', { name: 'Practice' })).toBeVisible();
    await expect(page.getByTestId('lessons-completed')).toHaveText('0');

    // The demo trainees' practice is real data: their seeding ends before this trainee records.
    await seedingDone(request);
    // Everyday English, beginner, read aloud: the sentence the microphone says.
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Everyday English' }).click();
    await page.getByText('We need a new coach.', { exact: true }).first().click();
    await expect(page.getByTestId('reading-sentence')).toHaveText('We need a new coach.');
    await holdRecord(page, 4_500);
    const panel = page.getByTestId('results-panel');
    await expect(panel).toBeVisible({ timeout: 120_000 });
    const overall = Number(await panel.getByTestId('overall-score').textContent());
    expect(overall).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Next sentence' })).toBeVisible();
    await expect(page.getByTestId('lessons-completed')).toHaveText('1');
    await expect(page.getByTestId('attempts')).toHaveText('1');
    await shot(page, 'scored');

    // The invitation link now says so and leads to practice.
    await page.goto(link);
    await expect(page.getByText(trainingTexts.invitationAccepted)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start practising' })).toBeVisible();
  });

  test('an invitee declines without an account; a broken link says it is not valid', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('decliner');
    const link = await invite(request, 'Dina Decliner', email);
    await page.goto(link);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText(trainingTexts.invitationDeclined)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    expect(await traineeStatus(request, email)).toBe('InviteRejected');
    await shot(page, 'declined');

    await page.goto(`${link.slice(0, -4)}AAAA`);
    await expect(page.getByText(trainingTexts.invitationInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

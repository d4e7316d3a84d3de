/// <reference lib="dom" />
import { messages, sessionTexts } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { fakeMicLaunch } from '../demo/demo-mic.ts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts.ts';
import { coachSession, createCoach, storeTokens } from '../fixtures/api.ts';
import { expectAccessible, expectFocusVisible, tabTo } from '../fixtures/axe.ts';

// The fake microphone loops about 17 s of flite speech about a working day.
test.use({ launchOptions: fakeMicLaunch('free-answer.wav') });

const timer = (page: Page) => page.getByTestId('record-timer');

/** Seconds shown by the timer ('mm:ss / 90:00'). */
async function timerSeconds(page: Page) {
  const [mm, ss] = ((await timer(page).textContent()) ?? '').split(' / ')[0].split(':').map(Number);
  return mm * 60 + ss;
}

/** A text field of the multipart upload. */
function field(body: string, name: string) {
  return body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`))?.[1];
}

/** Recordings this browser still holds in IndexedDB (they go once uploaded). */
function storedRecordings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('agaton-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('recordings').objectStore('recordings').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
}

async function signInCoach(
  page: Page,
  email: string = seeded.coach.email,
  password: string = seeded.coach.password,
) {
  await storeTokens(page, 'user', await coachSession(page.request, email, password));
  await page.goto('/coach/assistant');
  await expect(page.getByText(sessionTexts.record.prompt)).toBeVisible();
}

test.describe('record meeting', () => {
  test('a coach records ~20 s with a pause, uploads and follows the analysis to the feedback', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInCoach(page);
    await expect(timer(page)).toHaveText('00:00 / 90:00');
    await expectAccessible(page, 'Record Meeting');
    // By keyboard: Tab reaches Record with a visible focus, and Enter starts recording.
    const record = page.getByRole('button', { name: 'Record' });
    await tabTo(page, record);
    await expectFocusVisible(record);
    await page.keyboard.press('Enter');
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();
    await page.waitForTimeout(10_000);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText(sessionTexts.record.paused)).toBeVisible();
    // The recorder settles its pause within a tick; from then on the clock must stand still.
    await page.waitForTimeout(1_000);
    const pausedAt = await timerSeconds(page);
    await page.screenshot({ path: 'test-results/record-meeting-paused.png', fullPage: true });
    await expectAccessible(page, 'a paused recording');
    await page.waitForTimeout(3_000);
    expect(await timerSeconds(page)).toBe(pausedAt);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();
    await page.waitForTimeout(10_000);
    await page.screenshot({ path: 'test-results/record-meeting-recording.png', fullPage: true });

    // Read the upload on its way (request events do not carry Blob bodies); it goes on unchanged.
    let body = '';
    await page.route('**/api/sessions/recordings', async (route) => {
      body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/sessions/recordings'));
    // The recorder's own clock, which stood still through the pause (checked above).
    const recorded = await timerSeconds(page);
    await page.getByRole('button', { name: 'Stop' }).click();
    expect((await answered).status()).toBe(202);
    expect(body).toMatch(/name="files"; filename="meeting\.webm"/);
    expect(field(body, 'username')).toBe(seeded.coach.email);
    expect(field(body, 'sessionType')).toBe('default');
    // The pause (4 s or more) is left out: start to end is the ~20 s actually recorded, as the
    // recorder's clock showed it — judged against that clock, not the wall, which a busy machine stretches.
    const seconds =
      (Date.parse(field(body, 'endTime') ?? '') - Date.parse(field(body, 'startTime') ?? '')) / 1000;
    expect(seconds).toBeGreaterThan(18);
    expect(Math.abs(seconds - recorded)).toBeLessThan(2);

    await expect(page.getByTestId('upload-success')).toBeVisible();
    await expect(page.getByTestId('analysis-progress')).toBeVisible();
    await expect(page.getByTestId('feedback-tooltip')).toBeVisible();
    await page.screenshot({ path: 'test-results/record-meeting-analysing.png', fullPage: true });
    await expectAccessible(page, 'an uploaded recording being analysed');
    const viewFeedback = page.getByRole('link', { name: 'View feedback' });
    await expect(viewFeedback).toBeVisible({ timeout: 180_000 });
    expect(await storedRecordings(page)).toBe(0);
    await page.screenshot({ path: 'test-results/record-meeting-done.png', fullPage: true });
    await viewFeedback.click();
    await expect(page).toHaveURL(/\/coach\/sessions\/[0-9a-f-]{36}$/);

    // Back on the page it is ready to record again; the one-time tooltip is flagged as shown.
    await page.goBack();
    await expect(page.getByText(sessionTexts.record.prompt)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('agaton.feedbackTooltipShown'))).toBe('1');
  });

  test('leaving asks first; a recording cut off by leaving or a reload is offered again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInCoach(page);
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();
    await page.waitForTimeout(6_000);

    const sessionsLink = page.getByRole('navigation').getByRole('link', { name: 'Sessions' });
    await sessionsLink.click();
    await expect(page.getByText(sessionTexts.record.leaveConfirm)).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/record-meeting-leave.png', fullPage: true });
    await page.getByRole('button', { name: sessionTexts.record.leaveNo }).click();
    await expect(page).toHaveURL(/\/coach\/assistant$/);
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();

    await sessionsLink.click();
    await page.getByRole('button', { name: sessionTexts.record.leaveYes }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);

    // Back on the page, the recording made before leaving is still in the browser.
    await page.goto('/coach/assistant');
    const offer = page.getByTestId('pending-recording');
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Yes, discard' }).click();
    await expect(offer).toHaveCount(0);
    expect(await storedRecordings(page)).toBe(0);

    // A reload mid-recording (the browser asks first) leaves the chunks written so far.
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();
    await page.waitForTimeout(7_000);
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('beforeunload');
      void dialog.accept();
    });
    await page.reload();
    await expect(page.getByTestId('pending-recording')).toBeVisible();
    await page.screenshot({ path: 'test-results/record-meeting-pending.png', fullPage: true });
    await page.getByRole('button', { name: 'Upload it' }).click();
    await expect(page.getByTestId('upload-success')).toBeVisible({ timeout: 30_000 });
    expect(await storedRecordings(page)).toBe(0);
  });

  test('a cancelled trial cannot record and is offered Upgrade', async ({ page }) => {
    // No API or dev route can cancel a trial, so the journey makes a fresh coach and rewrites the
    // plan in their /me answer; the server's own refusal (402) is covered by the API tests.
    const email = uniqueEmail('trial-ended');
    const session = await createCoach(page.request, email, NEW_PASSWORD);
    await page.route('**/api/app-user/me', async (route) => {
      const response = await route.fetch();
      const user = await response.json();
      user.plan.subscription = { trialStart: user.plan.subscription.trialStart, status: 'CANCELED' };
      await route.fulfill({ response, json: user });
    });
    await storeTokens(page, 'user', session);
    await page.goto('/coach/assistant');
    const gate = page.getByTestId('recording-gate');
    await expect(gate.getByText(sessionTexts.record.upgradeToContinue)).toBeVisible();
    await expect(gate.getByText(sessionTexts.record.trialEnded)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record' })).toHaveCount(0);
    await expect(page.getByText(messages.recording.noMinutes)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/record-meeting-trial-ended.png', fullPage: true });
    await gate.getByRole('link', { name: sessionTexts.record.upgrade }).click();
    await expect(page).toHaveURL(/\/coach\/pricing$/);
  });
});

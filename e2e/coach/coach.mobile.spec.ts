import { sessionTexts } from '@agaton/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { CHAT } from '../../apps/web/src/features/chat/texts';
import { fakeMicLaunch } from '../demo/demo-mic.ts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, coachSession, createCoach, storeTokens } from '../fixtures/api';
import { everyTabReachable, expectFitsPhone } from '../fixtures/phone';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from './demo-analysis';

// Recording and practice need a microphone: the fake one reads "We need a new coach." (flite).
test.use({ launchOptions: fakeMicLaunch('practice-reading.wav') });

/** A page's first load, on a server still busy analysing the demo sessions. */
const FIRST_LOAD = 30_000;

/** What each insights tab shows first. */
const INSIGHTS_CARDS: Record<string, string> = {
  Overview: 'latest-scores',
  Clarity: 'chart-clarity',
  Pronunciation: 'recurring-sounds-card',
  Fluency: 'chart-rate',
  Intelligibility: 'chart-intelligibility',
  Confidence: 'chart-talk-share',
  Mastery: 'mastered-words',
};

/** A seeded trainee who accepted their invitation while the server seeded (apps/api/src/seed). */
const TRAINEE = 'drew@agaton.local';

/** Waits until the seeded trainee is training (their account exists), asking the admin's list. */
async function traineeReady(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const { accessToken } = await adminSession(request, seeded.admin.email, seeded.admin.password);
        const list = await request.get('/api/admin/candidates', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const rows = list.ok()
          ? ((await list.json()) as { email: string; traineeInfo: { traineeStatus: string } }[])
          : [];
        return rows.find((c) => c.email === TRAINEE)?.traineeInfo.traineeStatus;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBe('Training');
}

test.describe('the coach area on a phone', () => {
  test('sessions list → a session feedback, every tab reachable with its score', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/sessions');
    const analysed = page.locator('[data-testid="session-item"][data-status="done"]');
    await expect(analysed.first()).toBeVisible({ timeout: FIRST_LOAD });
    await expectFitsPhone(page);

    await analysed.first().click();
    await expect(page.getByRole('heading', { level: 1, name: sessionTexts.feedback.heading })).toBeVisible();
    await expect(page.getByTestId('timed-transcript')).toBeVisible({ timeout: FIRST_LOAD });
    await expectFitsPhone(page);
    await everyTabReachable(page, page.getByRole('tablist'), async (name) => {
      if (name === 'Overview') await expect(page.getByTestId('breakdown')).toBeVisible();
      else await expect(page.getByTestId('tab-score')).toHaveText(/^\d{1,3}$/);
    });
  });

  test('insights: all seven tabs reachable, the latest scores in view', async ({ page, request }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/insights');
    await expect(page.getByTestId('latest-pronunciation')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(page.getByTestId('latest-pronunciation')).toBeInViewport();
    await expect(page.getByRole('tab')).toHaveCount(7);
    await everyTabReachable(page, page.getByRole('tablist'), async (name) => {
      await expect(page.getByTestId(INSIGHTS_CARDS[name])).toBeVisible();
    });
  });

  test('Record Meeting starts on a phone with its controls on screen', async ({ page, request }) => {
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('phone-record'), NEW_PASSWORD));
    await page.goto('/coach/assistant');
    await expect(page.getByText(sessionTexts.record.prompt)).toBeVisible({ timeout: FIRST_LOAD });
    await expectFitsPhone(page);
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page.getByText(sessionTexts.record.recording)).toBeVisible();
    await expect(page.getByTestId('record-timer')).not.toHaveText('00:00 / 90:00');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeInViewport();
    await expectFitsPhone(page);
  });

  test('a trainee starts a practice sentence on a phone', async ({ page, request }) => {
    test.setTimeout(300_000);
    await traineeReady(request);
    await storeTokens(page, 'user', await coachSession(request, TRAINEE, seeded.coach.password));
    await page.goto('/coach/practice');
    await expect(page.getByTestId('lessons-completed')).toBeVisible({ timeout: FIRST_LOAD });
    await expectFitsPhone(page);
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Everyday English' }).click();
    await page.getByText('We need a new coach.', { exact: true }).first().click();
    await expect(page.getByTestId('reading-sentence')).toHaveText('We need a new coach.');
    await expect(page.getByRole('button', { name: 'Press and hold to record' })).toBeVisible();
    await expectFitsPhone(page);
  });

  test('Ask Agaton: the suggested questions fit, and one is asked and answered', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/ask-agaton');
    const composer = page.getByRole('textbox', { name: 'Ask Agaton about your speaking…' });
    await expect(composer).toBeVisible({ timeout: FIRST_LOAD });
    // A new conversation is chosen once created and the list is read again (then its suggestions show).
    const threads = (method: string) =>
      page.waitForResponse((r) => r.url().endsWith('/api/chat/threads') && r.request().method() === method);
    const [created, listed] = [threads('POST'), threads('GET')];
    await page.getByRole('button', { name: 'New conversation' }).click();
    await created;
    await listed;
    // The longest suggestion wraps rather than running off the screen.
    const longest = page.getByRole('button', { name: CHAT.examplesCoach[3] });
    await longest.scrollIntoViewIfNeeded();
    await expect(longest).toBeInViewport({ ratio: 1 });
    const question = page.getByRole('button', { name: CHAT.examplesCoach[0] });
    await expect(question).toBeVisible();
    await expectFitsPhone(page);
    await question.click();
    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toContainText('Pronunciation:', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expect(composer).toBeVisible();
    await expectFitsPhone(page);
  });
});

/// <reference lib="dom" />
import { sessionTexts } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { coachSession, createCoach, storeTokens } from '../fixtures/api';
import { expectAccessible, expectFocusVisible, tabTo } from '../fixtures/axe';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from './demo-analysis';

const HHMMSS = /\d{2}:\d{2}:\d{2}/;

/** The recording's playback state, read from the page's one <audio> element. */
const audioState = (page: Page) =>
  page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    time: audio.currentTime,
    paused: audio.paused,
  }));

test.describe('coach sessions', () => {
  test('the demo coach opens an analysed session from the history and plays words of it', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/sessions');
    await expect(page.getByRole('tab', { name: sessionTexts.sessions.historyTab })).toBeVisible();
    const analysed = page.locator('[data-testid="session-item"][data-status="done"]');
    await expect(analysed.first()).toBeVisible();
    await expect(analysed.first()).toContainText('Session on ');
    await expect(analysed.first()).toContainText(/Session length \d{2}:\d{2}:\d{2}/);
    await expectAccessible(page, 'the Sessions history');

    await analysed.first().click();
    await expect(page).toHaveURL(/\/coach\/sessions\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: sessionTexts.feedback.heading })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByTestId('feedback-duration')).toHaveText(HHMMSS);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toHaveText('Overview');
    await expect(page.getByTestId('breakdown')).toBeVisible();
    await expectAccessible(page, 'the session feedback’s Overview');

    // By keyboard: Tab reaches Play with a visible focus; Space plays and pauses.
    const play = page.getByTestId('play-toggle');
    await tabTo(page, play);
    await expectFocusVisible(play);
    await page.keyboard.press('Space');
    await expect(play).toHaveAccessibleName('Pause');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect(play).toHaveAccessibleName('Play');

    // Any transcript word plays the recording from where it was said, and is then highlighted.
    const transcript = page.getByTestId('timed-transcript');
    const word = transcript.locator('button[data-index]').nth(4);
    await word.click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect(transcript.locator('[data-active]')).toHaveCount(1);
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0);

    // A challenging word of the Pronunciation tab seeks the player to it.
    if (await page.getByRole('tab', { name: 'Pronunciation' }).isVisible()) {
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('tab', { name: 'Pronunciation' }).click();
      await expect(page.getByTestId('tab-score')).toHaveText(/^\d{1,3}$/);
      await expectAccessible(page, 'the session feedback’s Pronunciation');
      const chip = page.getByTestId('challenging-words').getByTestId('word-chip').first();
      if (await chip.count()) {
        await chip.click();
        await expect.poll(async () => (await audioState(page)).paused).toBe(false);
      }
    }
  });

  test('a session that cannot be loaded says so, with a way back', async ({ page, request }) => {
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/sessions/no-such-session');
    await expect(page.getByRole('alert')).toHaveText(sessionTexts.feedback.loadFailed);
    await page.getByRole('link', { name: 'Back to sessions' }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);
  });

  test('a new coach sees the empty history with a way to record a meeting', async ({ page, request }) => {
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('sessions'), NEW_PASSWORD));
    await page.goto('/coach/sessions');
    await expect(page.getByText(sessionTexts.sessions.empty)).toBeVisible();
    await page.getByRole('link', { name: 'Record Meeting' }).last().click();
    await expect(page).toHaveURL(/\/coach\/assistant$/);
  });
});

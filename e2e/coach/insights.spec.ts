import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { coachSession, createCoach, storeTokens } from '../fixtures/api';
import { expectAccessible } from '../fixtures/axe';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from './demo-analysis';

const TABS = ['Overview', 'Clarity', 'Pronunciation', 'Fluency', 'Intelligibility', 'Confidence', 'Mastery'];

test.describe('insights', () => {
  test('the demo coach reads trends across sessions in seven tabs', async ({ page, request }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/sessions');
    await page.getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(/\/coach\/insights$/);
    await expect(page.getByRole('tab')).toHaveText(TABS);

    // Overview: the latest session's scores and lines drawn from the analysed sessions.
    await expect(page.getByTestId('latest-pronunciation')).toHaveText(/^\d{1,3}$/);
    await expect(page.getByTestId('chart-scores').locator('.recharts-line')).toHaveCount(3);
    await expect(page.getByTestId('chart-words').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page, 'the Insights Overview');

    await page.getByRole('tab', { name: 'Fluency' }).click();
    await expect(page.getByTestId('chart-rate').locator('.recharts-reference-area')).toHaveCount(1);
    await expect(page.getByTestId('chart-pauses').locator('.recharts-bar')).toHaveCount(2);

    for (const [tab, card] of [
      ['Clarity', 'chart-clarity'],
      ['Pronunciation', 'recurring-sounds-card'],
      ['Intelligibility', 'chart-intelligibility'],
      ['Confidence', 'chart-talk-share'],
      ['Mastery', 'mastered-words'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByTestId(card)).toBeVisible();
      await expectAccessible(page, `the Insights ${tab} tab`);
    }
  });

  test('a new coach is told why there are no insights and how to get them', async ({ page, request }) => {
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('insights'), NEW_PASSWORD));
    await page.goto('/coach/insights');
    await expect(page.getByTestId('insights-empty')).toContainText('No insights to show yet.');
    await page.getByTestId('insights-empty').getByRole('link', { name: 'Record Meeting' }).click();
    await expect(page).toHaveURL(/\/coach\/assistant$/);
  });
});

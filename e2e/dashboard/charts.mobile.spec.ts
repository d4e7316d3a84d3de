import { expect, type Locator, test } from '@playwright/test';
import { DEMO_DASHBOARD_SAMPLE } from '../../apps/web/src/features/assistant/texts';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

/** The words of a label as shown (one SVG tspan a line), without a closing '…'. */
const shownWords = (lines: string[]) => lines.join(' ').replace(/…$/, '').split(/\s+/).filter(Boolean);

async function tickLines(tick: Locator) {
  return tick.locator('tspan').allTextContents();
}

// Issue 28: the QA Item Performance chart cut its questions mid-word ("Did the customer agree to the
// purchas…"), and on a phone the Call Categorization axis dropped four of its six names.
test.describe('charts on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.admin.email, seeded.admin.password),
    );
  });

  test("the QA dashboard's questions read whole, beside bars that keep room", async ({ page }) => {
    test.setTimeout(300_000);
    // The demo calls are analysed in the background at start: reload until this week's questions show.
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/assistant?tab=qa-dashboard');
          await page
            .getByTestId('qa-performance-chart')
            .waitFor({ timeout: 20_000 })
            .catch(() => {});
          return page.getByTestId('question-tick').count();
        },
        { timeout: 240_000, intervals: [5_000] },
      )
      .toBeGreaterThan(0);
    const chart = page.getByTestId('qa-performance-chart');
    const ticks = chart.getByTestId('question-tick');
    const chartBox = await chart.boundingBox();
    for (const tick of await ticks.all()) {
      const question = (await tick.locator('title').textContent()) ?? '';
      const lines = await tickLines(tick);
      // Every word shown is a whole word of the question; the demo's questions fit whole.
      expect(lines.join(' '), question).toBe(question);
      for (const word of shownWords(lines)) expect(question.split(' '), question).toContain(word);
      const box = await tick.boundingBox();
      expect(box?.x ?? -1, question).toBeGreaterThanOrEqual(chartBox?.x ?? 0);
    }
    // The bars keep at least 40 % of the chart's width for themselves.
    const bar = await chart.locator('.recharts-bar-rectangle').first().boundingBox();
    if (!bar || !chartBox) throw new Error('no bar or chart box');
    expect(chartBox.x + chartBox.width - bar.x).toBeGreaterThan(0.4 * chartBox.width);
  });

  test('the sample Call Categorization names every category', async ({ page }) => {
    await page.goto('/dashboard/assistant?tab=insights');
    const chart = page.getByTestId('chart-call-categorization');
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 60_000 });
    const names = (await chart.locator('.recharts-cartesian-axis-tick-value').all()).map(async (tick) =>
      (await tickLines(tick)).join(' '),
    );
    const shown = await Promise.all(names);
    for (const { category } of DEMO_DASHBOARD_SAMPLE.callCategorization) expect(shown).toContain(category);
  });
});

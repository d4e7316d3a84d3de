import { CANDIDATE_TEST_STATUS_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { QA_LABELS } from '../../apps/web/src/features/qa/texts';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';
import { everyTabReachable, expectFitsPhone } from '../fixtures/phone';
import { DEMO_TESTED_CANDIDATE, waitForDemoEnglishTest } from './demo-english-test';

test.describe('the dashboard on a phone', () => {
  test('the English Test list shows each candidate’s status, code and result without a sideways scroll', async ({
    page,
    request,
  }) => {
    test.setTimeout(6 * 60_000);
    await waitForDemoEnglishTest(request);
    await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
    await page.goto('/dashboard/test');
    const rows = page.getByTestId('candidate-row');
    // The first load waits on a server busy analysing the demo sessions.
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // The list starts on the first screen; the top 5 words and sounds follow it.
    await expect(rows.first()).toBeInViewport();
    await expectFitsPhone(page);

    const dana = rows.filter({ hasText: DEMO_TESTED_CANDIDATE.name });
    await dana.scrollIntoViewIfNeeded();
    await expect(dana.getByText(RT_LABELS.columns.status)).toBeInViewport();
    await expect(dana.getByText(CANDIDATE_TEST_STATUS_LABELS.Done)).toBeInViewport();
    await expect(dana.getByText(RECRUITMENT_TEXTS.codeUsed)).toBeInViewport();
    await expect(dana.getByTestId('result-link')).toBeInViewport();
    await expect(dana.getByTestId('result-link')).toHaveText(/^(A1|A2|B1|B2|C1|C2)$/);
    await expect(page.getByTestId('top-challenging')).toBeVisible();

    await dana.getByTestId('result-link').click();
    await expect(page.getByTestId('report-benchmark')).toBeVisible();
    await expectFitsPhone(page);
  });

  test('QA Alerts shows each call as a card, sorted from a list, a tap opening its report', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.admin.email, seeded.admin.password),
    );
    // The demo calls are analysed in the background at start: reload until their alerts show.
    const cards = page.getByTestId('qa-alert-row');
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/assistant?tab=qa-alerts');
          await cards
            .first()
            .waitFor({ timeout: 20_000 })
            .catch(() => {});
          return cards.count();
        },
        { timeout: 240_000, intervals: [5_000] },
      )
      .toBeGreaterThan(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    // A whole card fits the screen: its flag and counts sit beside their labels, none off to the right.
    await cards.first().scrollIntoViewIfNeeded();
    await expect(cards.first()).toBeInViewport({ ratio: 1 });
    await expect(cards.first().getByText(QA_LABELS.alerts.columns.flag)).toBeVisible();
    await expectFitsPhone(page);

    await page.getByRole('combobox', { name: QA_LABELS.alerts.sortBy }).click();
    await page.getByRole('option', { name: QA_LABELS.alerts.sorts['flagLevel:desc'] }).click();
    await expect(page.getByRole('combobox', { name: QA_LABELS.alerts.sortBy })).toHaveValue(
      QA_LABELS.alerts.sorts['flagLevel:desc'],
    );
    await cards.first().getByText(QA_LABELS.alerts.columns.agent).click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\/qa-report\//);
  });

  test('the assistant’s eight tabs sit on one scrolling line', async ({ page, request }) => {
    await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
    await page.goto('/dashboard/assistant');
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveCount(8, { timeout: 30_000 });
    await everyTabReachable(page, tablist, async () => {}, { panelsFit: false });
  });
});

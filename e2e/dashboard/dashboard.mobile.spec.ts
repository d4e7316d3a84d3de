import { CANDIDATE_TEST_STATUS_LABELS, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
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

  test('the assistant’s eight tabs sit on one scrolling line', async ({ page, request }) => {
    await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
    await page.goto('/dashboard/assistant');
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveCount(8, { timeout: 30_000 });
    await everyTabReachable(page, tablist, async () => {}, { panelsFit: false });
  });
});

import { sessionTexts } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { coachSession, createCoach, storeTokens } from '../fixtures/api';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from './demo-analysis';

const R = sessionTexts.reports;

test.describe('coaching reports', () => {
  test('the demo coach opens a report from the list and reads its summary', async ({ page, request }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach');
    await page.getByRole('link', { name: 'Coaching', exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/coaching-reports$/);
    const first = page.getByTestId('report-item').first();
    // Titled by what it covers (issue 28): a week or one session; the day it was written beside it.
    await expect(first.getByTestId('report-title')).toHaveText(
      /^(Week of \d{1,2} \w{3} \d{4}|Session on \d{1,2} \w{3} \d{4}, \d{2}:\d{2})$/,
    );
    await expect(first).toContainText('Coaching report on ');
    await expect(first.getByTestId('report-length')).toHaveText(
      /(Average session|Session) length \d{2}:\d{2}:\d{2}/,
    );

    await first.click();
    await expect(page).toHaveURL(/\/coach\/coaching-reports\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: R.heading })).toBeVisible();
    await expect(page.getByTestId('report-meta')).toBeVisible();
    const summary = page.getByTestId('coaching-summary');
    await expect(summary.getByRole('heading', { name: R.summary })).toBeVisible();
    await expect(summary.getByTestId('summary-block').first()).toBeVisible();

    await page.getByRole('link', { name: R.breadcrumb }).click();
    await expect(page).toHaveURL(/\/coach\/coaching-reports$/);
  });

  test('a report that does not exist is not found, with a way back', async ({ page, request }) => {
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/coaching-reports/no-such-report');
    await expect(page.getByRole('alert')).toHaveText(R.notFound);
    await page.getByRole('link', { name: 'Back to coaching reports' }).click();
    await expect(page).toHaveURL(/\/coach\/coaching-reports$/);
  });

  test('a new coach sees the empty list with a next step', async ({ page, request }) => {
    await storeTokens(page, 'user', await createCoach(request, uniqueEmail('reports'), NEW_PASSWORD));
    await page.goto('/coach/coaching-reports');
    await expect(page.getByText(sessionTexts.sessions.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Record Meeting' }).last()).toHaveAttribute(
      'href',
      '/coach/assistant',
    );
  });
});

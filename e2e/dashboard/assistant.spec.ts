import { ASSISTANT_TEXTS } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ASSISTANT_LABELS as L } from '../../apps/web/src/features/assistant/texts';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from '../coach/demo-analysis';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';
import { expectAccessible, waitForLoaders } from '../fixtures/axe';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/assistant-${name}.png`, fullPage: true });

async function signIn(page: Page, account: { email: string; password: string }, path: string) {
  await storeTokens(page, 'admin', await adminSession(page.request, account.email, account.password));
  await page.goto(path);
  await expect(page.getByRole('heading', { name: L.pageTitle, exact: true })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const row = (page: Page, name: string) => page.getByTestId('coaching-row').filter({ hasText: name });
const DATE_TIME = /^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/;

test.describe('Assistant area', () => {
  test('the demo admin sees every tab in order, the contact-sales banner and the sample insights', async ({
    page,
  }) => {
    await signIn(page, seeded.admin, '/dashboard/assistant');
    const order = [
      'chat',
      'coaching',
      'insights',
      'qa-dashboard',
      'qa-alerts',
      'admin',
      'users',
      'scorecards',
    ];
    await expect(page.getByRole('tab')).toHaveText(order.map((t) => L.tabs[t as keyof typeof L.tabs]));
    // Admin is the default tab; the chosen tab lives in the URL.
    await expect(tab(page, L.tabs.admin)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('contact-sales-banner')).toContainText(L.banner.text);
    await page.getByTestId('contact-sales-banner').getByRole('button', { name: L.banner.action }).click();
    await expect(page.getByRole('dialog', { name: 'Contact sales' })).toBeVisible();
    await page.keyboard.press('Escape');

    await tab(page, L.tabs.insights).click();
    await expect(page).toHaveURL(/\?tab=insights$/);
    for (const chart of ['chart-call-categorization', 'chart-common-objections', 'chart-churn-reasons']) {
      await expect(page.getByTestId(chart)).toContainText(L.demo.sample);
      await expect(page.getByTestId(chart).locator('.recharts-surface').first()).toBeVisible();
    }
    await shot(page, 'insights');

    // QA Alerts has its own journey (qa.spec.ts); here the tab opens with its upload action.
    await tab(page, L.tabs['qa-alerts']).click();
    await expect(page).toHaveURL(/\?tab=qa-alerts$/);
    await expect(page.getByRole('button', { name: 'Upload call' }).first()).toBeVisible();

    // Every tab passes the accessibility gate (WCAG 2.1 AA, serious and critical).
    for (const name of order.map((t) => L.tabs[t as keyof typeof L.tabs])) {
      await tab(page, name).click();
      await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
      await waitForLoaders(page);
      await expectAccessible(page, `the assistant’s ${name} tab`);
    }
  });

  test('the demo admin opens a member from Coaching, reads the newest report, switches by History and goes back', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 90_000);
    await waitForDemoAnalysis(request);
    await signIn(page, seeded.admin, '/dashboard/assistant?tab=coaching');
    await page.reload();
    await expect(tab(page, L.tabs.coaching)).toHaveAttribute('aria-selected', 'true');

    // A member without coaching shows n/a; the demo coach has their reports counted.
    const sam = row(page, 'Sam Seller');
    await expect(sam.getByTestId('last-feedback')).toHaveText(ASSISTANT_TEXTS.notAvailable);
    await expect(sam.getByTestId('total-feedback')).toHaveText(ASSISTANT_TEXTS.notAvailable);
    const casey = row(page, 'Casey Coach');
    await expect(casey.getByTestId('last-feedback')).toHaveText(DATE_TIME);
    const total = Number(await casey.getByTestId('total-feedback').textContent());
    expect(total).toBeGreaterThanOrEqual(2);
    await shot(page, 'coaching');

    // Per-period coaching opens the report view with the newest report selected.
    await casey.getByRole('link', { name: L.coaching.open('Casey Coach') }).click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\/user\/[^/]+\/report\/[^/]+$/);
    await expect(page.getByTestId('crumb-user')).toHaveText('Casey Coach');
    await expect(page.getByTestId('coaching-summary').getByTestId('summary-block').first()).toBeVisible();
    const history = page.getByRole('combobox', { name: L.user.history });
    const newest = await history.inputValue();
    await history.click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(total);
    await expect(options.first()).toHaveText(newest);
    await expect(options.first()).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} · /);
    const firstUrl = page.url();
    const second = (await options.nth(1).textContent()) ?? '';
    await options.nth(1).click();
    await expect(page).not.toHaveURL(firstUrl);
    await expect(history).toHaveValue(second);
    await expect(page.getByTestId('report-meta')).toBeVisible();
    await shot(page, 'member-report');

    // The breadcrumb leads back to the Coaching tab.
    await page.getByRole('link', { name: L.user.breadcrumb, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\?tab=coaching$/);
    await expect(row(page, 'Casey Coach')).toBeVisible();

    // A member without sessions: an empty state with the way back.
    await row(page, 'Sam Seller')
      .getByRole('link', { name: L.coaching.open('Sam Seller') })
      .click();
    await expect(page).toHaveURL(/\/user\/[^/]+\/session$/);
    await expect(page.getByTestId('member-coaching-empty')).toContainText(L.user.noSessions('Sam Seller'));
    await page.getByRole('link', { name: L.user.back }).click();
    await expect(page).toHaveURL(/\?tab=coaching$/);
  });

  test('a missing user or report is an error toast and a redirect to the assistant dashboard', async ({
    page,
    request,
  }) => {
    // Casey's reports exist once the demo sessions are analysed.
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);

    await signIn(page, seeded.admin, '/dashboard/assistant?tab=coaching');
    await page.goto('/dashboard/assistant/user/00000000-0000-4000-8000-000000000000/report');
    await expect(page.getByText(ASSISTANT_TEXTS.couldNotFindUser)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/assistant\?tab=coaching$/);

    await row(page, 'Casey Coach').getByRole('link').click();
    await expect(page).toHaveURL(/\/report\/[^/]+$/);
    const member = page.url().match(/\/user\/([^/]+)\//)![1];
    // Fresh tokens for the typed URL: access tokens live 5 s in the journeys, and leaving a page while
    // it refreshes one would replay the old refresh token (which signs the browser out).
    await expect(page.getByTestId('coaching-summary')).toBeVisible();
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.admin.email, seeded.admin.password),
    );
    await page.goto(`/dashboard/assistant/user/${member}/report/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByText(ASSISTANT_TEXTS.fetchReport)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/assistant\?tab=coaching$/);
  });

  test('the Sales manager sees Coaching for Sales only', async ({ page }) => {
    await signIn(page, seeded.manager, '/dashboard/assistant?tab=coaching');
    await expect(page.getByRole('tab')).toHaveText([
      L.tabs.coaching,
      L.tabs['qa-dashboard'],
      L.tabs['qa-alerts'],
      L.tabs.admin,
    ]);
    await expect(row(page, 'Sam Seller')).toBeVisible();
    await expect(row(page, 'Parker Support')).toHaveCount(0);
    await page.getByRole('combobox', { name: L.coaching.team }).click();
    await expect(page.getByRole('option')).toHaveText([L.coaching.allTeams, 'Sales']);
  });
});

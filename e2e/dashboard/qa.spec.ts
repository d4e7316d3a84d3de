import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { QA_TEXTS, type QcItem } from '@agaton/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ASSISTANT_LABELS } from '../../apps/web/src/features/assistant/texts';
import { QA_LABELS as L } from '../../apps/web/src/features/qa/texts';
import { FLAG_STYLE } from '../../apps/web/src/features/qa/utils/flags';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';
import { expectAccessible } from '../fixtures/axe';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const TRANSCRIPT = fixture('qa/support-call.vtt');
const RECORDING = fixture('audio/free-answer.wav');
/** Analysing a five-line transcript is quick; the engine's models may still be loading on a cold server. */
const ANALYSIS_TIMEOUT_MS = 90_000;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/qa-${name}.png`, fullPage: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/**
 * The manager's API calls (their scorecard is set up the way the Scorecard Management tab would).
 * Journeys' access tokens live 5 s, so each call signs in afresh, apart from the page's own session.
 */
function managerApi(request: APIRequestContext) {
  const headers = async () => {
    const { accessToken } = await adminSession(request, seeded.manager.email, seeded.manager.password);
    return { authorization: `Bearer ${accessToken}` };
  };
  // biome-ignore lint/suspicious/noExplicitAny: the journey reads the JSON the way the page does.
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
    expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    get: async (url: string) => ok(await request.get(url, { headers: await headers() })),
    post: async (url: string, data: unknown) =>
      ok(await request.post(url, { headers: await headers(), data })),
    delete: async (url: string) => {
      const res = await request.delete(url, { headers: await headers() });
      expect(res.status(), `${url} answered ${res.status()}`).toBe(204);
    },
  };
}

/** Seconds of the first time in a citation's "m:ss – m:ss". */
const startOf = (times: string) => {
  const [m, s] = times.split(/[–-]/)[0].trim().split(':').map(Number);
  return m * 60 + s;
};

test.describe('Call QA', () => {
  /**
   * The scorecard a journey made: deleted after it, so that a retry's call is not answered by the
   * first try's questions too (the report would then hold two of each).
   */
  let scorecardId: string | undefined;
  test.afterEach(async ({ page }) => {
    if (scorecardId) await managerApi(page.request).delete(`/api/qa/question-sets/${scorecardId}`);
    scorecardId = undefined;
  });

  test('a manager uploads a call, sees its alert, checks a cited moment in the QA report, marks it reviewed and reads the dashboard', async ({
    page,
  }) => {
    test.setTimeout(ANALYSIS_TIMEOUT_MS + 120_000);
    const api = managerApi(page.request);
    const scorecard = await api.post('/api/qa/question-sets', {
      name: `Support calls ${randomUUID().slice(0, 6)}`,
    });
    scorecardId = scorecard.questionSetId;
    const question = (questionText: string, presentationText: string, more: Record<string, unknown>) =>
      api.post('/api/qa/questions', {
        questionText,
        presentationText,
        purposes: ['QUALITY'],
        isActive: true,
        isTrueGood: true,
        severity: 'HIGH',
        speaker: 'AGENT',
        questionSetIds: [scorecard.questionSetId],
        ...more,
      });
    await question(
      'Did the agent introduce themselves by name?',
      'The agent says who they are at the start.',
      {
        phrases: ['my name is'],
        examples: ["I'm Sam from support"],
      },
    );
    await question(
      'Did the agent promise the customer a refund?',
      'Refunds are decided by billing, not on calls.',
      {
        isTrueGood: false,
        phrases: ['I will refund', 'you will get a refund', 'I can refund'],
        examples: ['we will give you your money back'],
      },
    );
    await question('Did the agent recap the next steps?', 'The call ends with what happens next.', {
      severity: 'MEDIUM',
      phrases: ['to recap'],
      examples: ['so to sum up, here is what happens next'],
    });

    // The manager's agent picker lists their Sales team only.
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.manager.email, seeded.manager.password),
    );
    await page.goto('/dashboard/assistant?tab=qa-alerts');
    // The first page of a fresh server loads its chunks while the engine warms up: give it longer.
    await expect(tab(page, ASSISTANT_LABELS.tabs['qa-alerts'])).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: L.upload.button }).first().click();
    const modal = page.getByRole('dialog', { name: L.upload.title });
    await modal.getByRole('combobox', { name: L.upload.agent }).click();
    await expect(page.getByRole('option', { name: 'Sam Seller' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Parker Support' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Sam Seller' }).click();

    // Nothing is sent without a file.
    const title = `Invoice complaint ${randomUUID().slice(0, 6)}`;
    await modal.getByRole('textbox', { name: L.upload.callTitle }).fill(title);
    await modal.getByRole('button', { name: L.upload.submit }).click();
    await expect(modal).toContainText(L.upload.needFile);
    await modal.locator('input[type="file"][accept*=".vtt"]').setInputFiles(TRANSCRIPT);
    await modal.locator('input[type="file"][accept^="audio"]').setInputFiles(RECORDING);
    await shot(page, 'upload');
    await expectAccessible(page, 'the Upload call dialog');
    await modal.getByRole('button', { name: L.upload.submit }).click();
    await expect(modal).toBeHidden();

    // The call shows as analysing until its QA item exists.
    const pending = page.getByTestId('pending-call').filter({ hasText: title });
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute('data-state', 'ready', { timeout: ANALYSIS_TIMEOUT_MS });

    // The alert is in the table with the item's flag and counts.
    const item = (await api.get('/api/qa/items?limit=50')).items.find(
      (i: QcItem) => i.fields.callTitle === title,
    ) as QcItem;
    expect(item, 'the uploaded call has a QA item').toBeTruthy();
    const row = page.getByTestId('qa-alert-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Sam Seller');
    await expect(row.locator('[data-flag]')).toHaveText(FLAG_STYLE[item.flagLevel].label);
    await expect(row.getByTestId('red-count')).toHaveText(String(item.fields.redCount));
    await expect(row.getByTestId('yellow-count')).toHaveText(String(item.fields.yellowCount));
    await shot(page, 'alerts');
    await expectAccessible(page, 'QA Alerts');

    // The QA report: the call, its transcript and every answer.
    await row.getByRole('link', { name: L.alerts.open(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/assistant/qa-report/${item.qcItemId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId(`qa-fact-${L.report.agent.toLowerCase()}`)).toHaveText('Sam Seller');
    await expect(page.getByTestId('qa-transcript-line')).toHaveCount(5);
    await expect(page.getByTestId('qa-transcript-line').first()).toContainText('my name is Sam');
    const answers = page.getByTestId('qa-answer');
    await expect(answers).toHaveCount(item.bullets.length);
    await expect(answers.filter({ hasText: 'recap the next steps' })).toContainText(
      `${QA_TEXTS.explanation}: The call ends with what happens next.`,
    );

    // A citation marks its lines and plays the recording from that moment.
    const cited = item.bullets.find((b) => b.sessionCitations.some((c) => c.start > 1));
    expect(cited, 'an answer cites a moment after the first second').toBeTruthy();
    const citation = cited!.sessionCitations.find((c) => c.start > 1)!;
    const button = answers
      .filter({ hasText: cited!.questionText })
      .getByRole('button', { name: L.report.playFrom(citation.citationTimeStrings.join(', ')) });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const marked = page.locator('[data-testid="qa-transcript-line"][data-highlighted]');
    await expect(marked).toHaveCount(citation.lineIndexes.length);
    await expect(marked.first()).toContainText(citation.quotes[0].slice(0, 30));
    const player = page.getByTestId('qa-player');
    await expect
      .poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThanOrEqual(startOf(citation.citationTimeStrings[0]));
    await shot(page, 'report');
    await expectAccessible(page, 'the QA report');

    // Reviewed sticks.
    await page.getByRole('switch', { name: L.report.reviewed }).click();
    await expect(page.getByRole('switch', { name: L.report.reviewed })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: L.report.reviewed })).toBeChecked();
    await page.getByRole('link', { name: L.report.breadcrumb }).click();
    await expect(page.getByRole('switch', { name: L.alerts.markReviewed(title) })).toBeChecked();

    // The dashboard: this week's performance per question, the trend, and Sam in the explorer.
    await tab(page, ASSISTANT_LABELS.tabs['qa-dashboard']).click();
    const performance = page.getByTestId('qa-performance-chart');
    await expect(performance).toContainText(L.dashboard.performance);
    await expect(performance.locator('.recharts-bar-rectangle').first()).toBeVisible();
    // Axis labels wrap onto two lines (SVG tspans), so the start of a question is what reads whole.
    await expect(performance).toContainText('Did the agent recap the next');
    await expect(performance).not.toContainText('undefined');
    const trend = page.getByTestId('qa-trend-chart');
    // The points the manager sees: on a day whose period holds one point the area has no width
    // (2026-11-30 CI), but the point's dot is drawn (withDots).
    await expect(trend.locator('.recharts-area-dot').first()).toBeVisible();
    const explorer = page.getByTestId('qa-data-explorer');
    await expect(explorer.getByTestId('qa-explorer-row').filter({ hasText: 'Parker Support' })).toHaveCount(
      0,
    );
    await shot(page, 'dashboard');
    await expectAccessible(page, 'the QA dashboard');
    await explorer.getByRole('button', { name: L.dashboard.chooseAgent('Sam Seller') }).click();
    const analysis = page.getByTestId('qa-agent-analysis');
    await expect(
      analysis.getByRole('heading', { name: `${QA_TEXTS.qaAnalysisFor} Sam Seller` }),
    ).toBeVisible();
    await expect(analysis.getByRole('link', { name: title })).toBeVisible();
    await shot(page, 'dashboard-agent');
    await analysis.getByRole('button', { name: L.dashboard.removeAgent }).click();
    await expect(page.getByTestId('qa-data-explorer')).toBeVisible();
  });

  test('an unknown QA report says it was not found and leads back to QA Alerts', async ({ page }) => {
    await storeTokens(
      page,
      'admin',
      await adminSession(page.request, seeded.manager.email, seeded.manager.password),
    );
    await page.goto(`/dashboard/assistant/qa-report/${randomUUID()}`);
    await expect(page.getByTestId('qa-report-error')).toContainText(L.report.notFound);
    await page.getByRole('link', { name: L.report.back }).click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\?tab=qa-alerts$/);
  });
});

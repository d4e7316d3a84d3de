/// <reference lib="dom" />
import type { Calibration, QcBullet, QcItem, QcItemList, QuestionSet } from '@agaton/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { QA_LABELS as L } from '../../apps/web/src/features/qa/texts';
import { calibrationWorstFirst } from '../../apps/web/src/features/qa/utils/calibration';
import { answerLabel } from '../../apps/web/src/features/qa/utils/flags';
import { SCORECARD_LABELS as S } from '../../apps/web/src/features/scorecards/texts';
import { DEMO_ANALYSIS_TIMEOUT_MS } from '../coach/demo-analysis';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

/** The demo's Sales call of Casey Coach and the answer the seed disputes (apps/api/src/seed/demo-qa). */
const DISPUTED_CALL = 'Customer orders the Basic plan';
const DISPUTED = "Did the agent ask about the customer's needs?";
const SEEDED_COMMENT = 'I asked how many people would log in';
/** The call the seed overrides an answer of (by the demo admin), on the Compliance scorecard. */
const SEEDED_OVERRIDE_CALL = 'No discount, customer will think about it';
const COMPLIANCE = 'Compliance';

const V = L.review;
/** A whole page, or only the viewport (a modal or drawer open), with transitions finished. */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `test-results/screens/qa-reviews-${name}.png`, fullPage, animations: 'disabled' });

/** The demo admin's API: access tokens live 5 s in the journeys, so each call signs in afresh. */
function adminApi(request: APIRequestContext) {
  return async <T>(url: string): Promise<T> => {
    const { accessToken } = await adminSession(request, seeded.admin.email, seeded.admin.password);
    const response = await request.get(url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/**
 * The demo calls are answered by the QA workers after the server starts, and the seed's override and
 * dispute are filed once they are (the override first): waits until the reviewers' list of open
 * disputes holds Casey's call.
 */
async function waitForSeededReviews(request: APIRequestContext) {
  const get = adminApi(request);
  await expect
    .poll(
      async () => {
        const { items } = await get<QcItemList>('/api/qa/items?hasOpenDispute=true&limit=50');
        const call = items.find((i) => i.fields.callTitle === DISPUTED_CALL);
        if (!call) return 'no dispute yet';
        return call.bullets.some((b) => b.questionText === DISPUTED && b.review.disputeOpen)
          ? 'disputed'
          : 'another dispute';
      },
      { timeout: DEMO_ANALYSIS_TIMEOUT_MS, intervals: [3000] },
    )
    .toBe('disputed');
}

/** The flag an answer gets (decision 022's rule, without review since a person set it). */
function flagOf(answer: QcBullet['answer'], bullet: QcBullet): QcBullet['flagLevel'] {
  if (answer === 'NOT_APPLICABLE') return 'UNSPECIFIED';
  if ((answer === 'YES') === bullet.isTrueGood) return 'GREEN';
  return bullet.severity === 'HIGH' ? 'RED' : 'YELLOW';
}

/**
 * An answer to override, away from the seeded reviews: on a demo call other than Casey's and the seed's
 * override, a HIGH question answered well or not yet decided, so that overriding it to the bad answer
 * turns it red — preferably on a call that is not red yet, so the item's flag changes too.
 */
function pickTarget(items: QcItem[]) {
  const candidates = items
    .filter((i) => ![DISPUTED_CALL, SEEDED_OVERRIDE_CALL].includes(String(i.fields.callTitle)))
    .filter((i) => i.bullets.every((b) => !b.review.override && !b.review.agentResponse))
    .flatMap((item) =>
      item.bullets
        .filter((b) => b.severity === 'HIGH' && b.flagLevel !== 'RED')
        .map((bullet) => ({ item, bullet })),
    );
  const target = candidates.find((c) => c.item.flagLevel !== 'RED') ?? candidates[0];
  expect(target, 'a demo answer that can be overridden to red').toBeTruthy();
  const answer: QcBullet['answer'] = target.bullet.isTrueGood ? 'NO' : 'YES';
  return { ...target, answer, flag: flagOf(answer, target.bullet) };
}

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

test.describe('QA reviews', () => {
  test('the demo admin overrides an answer, sees the seeded dispute, filters the alerts by open disputes and reads a scorecard’s calibration', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 180_000);
    await waitForSeededReviews(request);
    const get = adminApi(request);
    const session = await adminSession(request, seeded.admin.email, seeded.admin.password);
    const adminName = (session.admin as unknown as { name: string }).name;
    await storeTokens(page, 'admin', session);
    await page.setViewportSize(DESKTOP);

    // --- Override an answer with a reason: its flag and the item's follow. ---
    const { items } = await get<QcItemList>('/api/qa/items?limit=50');
    const target = pickTarget(items);
    const question = target.bullet.questionText;
    await page.goto(`/dashboard/assistant/qa-report/${target.item.qcItemId}`);
    const title = String(target.item.fields.callTitle);
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
    const card = page.getByTestId('qa-answer').filter({ hasText: question });
    const header = page.getByRole('heading', { name: title }).locator('..');
    await expect(card).toHaveAttribute('data-flag', target.bullet.flagLevel);
    await expect(header.locator('[data-flag]')).toHaveAttribute('data-flag', target.item.flagLevel);

    await card.getByRole('button', { name: V.overrideLabel(question) }).click();
    const dialog = page.getByRole('dialog', { name: V.modal.overrideTitle });
    await expect(dialog).toContainText(V.automatic(answerLabel(target.bullet.answer), 0).split(',')[0]);
    await dialog.getByText(answerLabel(target.answer), { exact: true }).click();
    // The reason is required.
    await dialog.getByRole('button', { name: V.modal.saveOverride }).click();
    await expect(dialog).toContainText(L.required);
    const reason = 'Checked the call: the agent never said it, whatever the automation heard.';
    await dialog.getByRole('textbox', { name: V.modal.reason }).fill(reason);
    await shot(page, 'override-form-desktop', false);
    await dialog.getByRole('button', { name: V.modal.saveOverride }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(V.saved)).toBeVisible();

    await expect(card).toHaveAttribute('data-flag', target.flag);
    await expect(header.locator('[data-flag]')).toHaveAttribute('data-flag', 'RED');
    await expect(card.getByTestId('qa-answer-value')).toHaveText(answerLabel(target.answer));
    const override = card.getByTestId('qa-answer-override');
    await expect(override).toContainText(`Overridden by ${adminName}`);
    await expect(override).toContainText(reason);
    await expect(override).toContainText(`Automatic answer: ${answerLabel(target.bullet.answer)}`);
    // Stored: a reload shows the same.
    await page.reload();
    await expect(card).toHaveAttribute('data-flag', target.flag);
    await expect(card.getByTestId('qa-review-badge')).toHaveText(V.overridden);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'report-overridden-desktop');

    // The history says who did what.
    await page.getByRole('button', { name: L.history.open }).click();
    const drawer = page.getByRole('dialog', { name: L.history.title });
    await expect(drawer.getByTestId('qa-history-event').first()).toContainText(
      L.history.overrode(adminName, answerLabel(target.bullet.answer), answerLabel(target.answer)),
    );
    await expect(drawer.getByTestId('qa-history-event').first()).toContainText(reason);
    await shot(page, 'history-desktop', false);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // --- QA Alerts: only the items with an open dispute, each marked. ---
    await page.goto('/dashboard/assistant?tab=qa-alerts');
    await expect(page.getByTestId('qa-alert-row').first()).toBeVisible({ timeout: 30_000 });
    const disputesFilter = page.locator('.mantine-InputWrapper-root', { hasText: L.filters.disputes });
    await disputesFilter.getByText(L.filters.disputeOptions.open, { exact: true }).click();
    const disputedRow = page.getByTestId('qa-alert-row').filter({ hasText: DISPUTED_CALL });
    await expect(disputedRow).toBeVisible();
    await expect(page.getByTestId('qa-alert-row').filter({ hasText: title })).toHaveCount(0);
    const rows = page.getByTestId('qa-alert-row');
    const count = await rows.count();
    for (let i = 0; i < count; i += 1) {
      await expect(rows.nth(i).getByTestId('qa-dispute-badge')).toHaveText(L.alerts.disputed);
    }
    await shot(page, 'alerts-disputes-desktop');
    await page.setViewportSize(PHONE);
    await page.reload();
    await disputesFilter.getByText(L.filters.disputeOptions.open, { exact: true }).click();
    await expect(page.getByTestId('qa-alert-row')).toHaveCount(count);
    await expectNoSidewaysScroll(page);
    await shot(page, 'alerts-disputes-375');
    await page.setViewportSize(DESKTOP);

    // --- The seeded dispute on Casey's call: her comment, open, and Override as the next step. ---
    await disputedRow.getByRole('link', { name: L.alerts.open(DISPUTED_CALL) }).click();
    await expect(page.getByRole('heading', { name: DISPUTED_CALL })).toBeVisible();
    await expect(page.getByTestId('qa-report-disputes')).toBeVisible();
    const disputed = page.getByTestId('qa-answer').filter({ hasText: DISPUTED });
    await expect(disputed.getByTestId('qa-dispute-badge')).toHaveText(V.disputedBy('Casey Coach'));
    const response = disputed.getByTestId('qa-agent-response');
    await expect(response).toHaveAttribute('data-open', 'true');
    await expect(response).toContainText(SEEDED_COMMENT);
    await expect(disputed.getByTestId('qa-review-hint')).toHaveText(V.disputeNext);
    await expect(disputed.getByRole('button', { name: V.overrideLabel(DISPUTED) })).toBeVisible();
    await disputed.scrollIntoViewIfNeeded();
    await shot(page, 'report-dispute-desktop');
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(disputed.getByTestId('qa-dispute-badge')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'report-dispute-375');
    await disputed.getByRole('button', { name: V.overrideLabel(DISPUTED) }).click();
    await expect(page.getByRole('dialog', { name: V.modal.overrideTitle })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'override-form-375', false);
    await page.getByRole('dialog').getByRole('button', { name: V.modal.cancel }).click();
    await page.getByRole('button', { name: L.history.open }).click();
    const seededEvent = page
      .getByRole('dialog', { name: L.history.title })
      .getByTestId('qa-history-event')
      .filter({ hasText: SEEDED_COMMENT });
    await expect(seededEvent).toHaveAttribute('data-kind', 'DISPUTE');
    await expect(seededEvent).toContainText('Casey Coach disputed');
    await shot(page, 'history-375', false);
    await page.keyboard.press('Escape');
    // The seeded dispute stays open for the other journeys.
    await page.setViewportSize(DESKTOP);

    // --- Calibration of the Compliance scorecard, reached from Scorecard Management. ---
    await page.goto('/dashboard/assistant?tab=scorecards');
    await page.getByTestId('scorecard-item').filter({ hasText: COMPLIANCE }).click();
    const calibrationAnswer = page.waitForResponse(
      (r) => /\/api\/qa\/question-sets\/[^/]+\/calibration/.test(r.url()) && r.ok(),
    );
    await page.getByRole('link', { name: S.calibrationLabel(COMPLIANCE) }).click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\/scorecards\/[0-9a-f-]{36}\/calibration$/);
    await expect(page.getByRole('heading', { name: L.calibration.title(COMPLIANCE) })).toBeVisible();
    const figures = (await (await calibrationAnswer).json()) as Calibration;
    const sets = await get<{ questionSets: QuestionSet[] }>('/api/qa/question-sets');
    expect(figures.questionSetId).toBe(sets.questionSets.find((s) => s.name === COMPLIANCE)?.questionSetId);

    // The admin's override and the seed's are reviews of this scorecard's questions.
    const mine = figures.questions.find((q) => q.questionText === question);
    const seededReview = figures.questions.find((q) =>
      q.questionText.startsWith('Did the agent promise a result'),
    );
    expect(mine?.reviewed, 'the override counts as reviewed').toBeGreaterThanOrEqual(1);
    expect(seededReview?.reviewed, 'the seed’s override counts as reviewed').toBeGreaterThanOrEqual(1);
    const table = page.getByTestId('qa-calibration-table');
    await expect(page.getByTestId('qa-calibration-row')).toHaveCount(figures.questions.length);
    for (const q of figures.questions) {
      const row = table.locator(`[data-question="${q.questionId}"]`);
      await expect(row.getByTestId('qa-calibration-answers')).toHaveText(String(q.answers));
      await expect(row.getByTestId('qa-calibration-reviewed')).toHaveText(String(q.reviewed));
      await expect(row.getByTestId('qa-calibration-agreed')).toHaveText(String(q.agreed));
      await expect(row.getByTestId('qa-calibration-agreement')).toHaveText(
        q.agreementShare === null ? L.calibration.notReviewed : `${Math.round(q.agreementShare * 100)}%`,
      );
    }
    // Worst-answered first: the admin's disagreement leads the table.
    const order = calibrationWorstFirst(figures.questions).map((q) => q.questionId);
    expect(order[0]).not.toBe(figures.questions.find((q) => q.agreementShare === null)?.questionId);
    await expect
      .poll(() =>
        page
          .getByTestId('qa-calibration-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-question'))),
      )
      .toEqual(order);
    await expect(
      page.getByTestId('qa-calibration-totals').getByTestId('qa-calibration-agreement'),
    ).toHaveText(`${Math.round((figures.totals.agreementShare ?? 0) * 100)}%`);
    await shot(page, 'calibration-desktop');
    await page.setViewportSize(PHONE);
    await page.reload();
    // A phone: a card per question instead of the table.
    await expect(page.getByTestId('qa-calibration-card')).toHaveCount(figures.questions.length);
    await expect(table).toBeHidden();
    await expectNoSidewaysScroll(page);
    await shot(page, 'calibration-375');
    await page.setViewportSize(DESKTOP);

    // --- Remove the override: the automatic answer and its flag count again. ---
    await page.goto(`/dashboard/assistant/qa-report/${target.item.qcItemId}`);
    await card.getByRole('button', { name: V.removeLabel(question) }).click();
    await expect(page.getByText(V.removed)).toBeVisible();
    await expect(card).toHaveAttribute('data-flag', target.bullet.flagLevel);
    await expect(header.locator('[data-flag]')).toHaveAttribute('data-flag', target.item.flagLevel);
    await expect(card.getByTestId('qa-answer-override')).toHaveCount(0);
  });
});

/// <reference lib="dom" />
import type { QcItemList } from '@agaton/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { CALL_REVIEW_TEXTS as T } from '../../apps/web/src/features/call-reviews/texts';
import { seeded } from '../fixtures/accounts';
import { coachSession, storeTokens } from '../fixtures/api';
import { DEMO_ANALYSIS_TIMEOUT_MS } from './demo-analysis';

/** The demo's Sales call of Casey Coach, and the answer the seed disputes (apps/api/src/seed/demo-qa). */
const CALL = 'Customer orders the Basic plan';
const DISPUTED = "Did the agent ask about the customer's needs?";
const SEEDED_COMMENT = 'I asked how many people would log in';

const R = T.response;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/call-reviews-${name}.png`, fullPage: true });

/**
 * The demo calls are answered by the QA workers after the server starts, and Casey's dispute is filed
 * once hers is: waits for both, as the coach's own API shows them.
 */
async function waitForSeededDispute(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        // Access tokens live 5 s in the journeys: sign in for each look.
        const { accessToken } = await coachSession(request, seeded.coach.email, seeded.coach.password);
        const response = await request.get('/api/app-user/qa-items?limit=50', {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        if (!response.ok()) return 'unavailable';
        const { items } = (await response.json()) as QcItemList;
        const call = items.find((i) => i.fields.callTitle === CALL);
        if (!call) return 'not answered yet';
        const disputed = call.bullets.some(
          (b) => b.questionText === DISPUTED && b.review.agentResponse?.kind === 'DISPUTE',
        );
        return disputed ? 'disputed' : 'no dispute yet';
      },
      { timeout: DEMO_ANALYSIS_TIMEOUT_MS, intervals: [3000] },
    )
    .toBe('disputed');
}

const answerCard = (page: Page, question: string) =>
  page.getByRole('article', { name: question, exact: true });

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectResponse(card: Locator, kind: 'ACKNOWLEDGE' | 'DISPUTE', comment?: string) {
  const latest = card.getByTestId('response-latest');
  await expect(latest).toHaveAttribute('data-kind', kind);
  await expect(latest).toContainText(R.kinds[kind]);
  if (comment) await expect(latest).toContainText(comment);
}

test.describe('coach call reviews', () => {
  test('the demo coach reads her reviewed call, sees her dispute, acknowledges one answer and disputes another', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 120_000);
    await waitForSeededDispute(request);
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/sessions');

    // The menu has Call reviews: the coach has a reviewed call.
    await page.getByRole('navigation').getByRole('link', { name: T.nav }).click();
    await expect(page).toHaveURL(/\/coach\/call-reviews$/);
    await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
    const row = page.getByTestId('call-review-item').filter({ hasText: CALL });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    await expect(row).toContainText(T.list.disputed(1));
    await shot(page, 'list-desktop');

    await row.click();
    await expect(page).toHaveURL(/\/coach\/call-reviews\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: CALL })).toBeVisible();
    await expect(page.getByTestId('qa-transcript-line').first()).toBeVisible();

    // The seeded dispute: Casey's comment, still open.
    const disputed = answerCard(page, DISPUTED);
    await expectResponse(disputed, 'DISPUTE', SEEDED_COMMENT);
    await expect(disputed.getByTestId('dispute-state')).toHaveText(R.disputeOpen);

    // Two other answers: the first two after the disputed one in the page's order (worst flag first).
    const others = page.getByTestId('review-answer').filter({ hasNotText: DISPUTED });
    expect(await others.count()).toBeGreaterThanOrEqual(2);
    const [toAcknowledge, toDispute] = await Promise.all(
      [0, 1].map(async (i) => (await others.nth(i).getByTestId('review-question').textContent()) ?? ''),
    );
    const ackCard = answerCard(page, toAcknowledge);
    const disputeCard = answerCard(page, toDispute);

    await ackCard.getByRole('button', { name: R.acknowledge }).click();
    await ackCard.getByRole('button', { name: R.send.ACKNOWLEDGE }).click();
    await expect(ackCard.getByRole('status')).toHaveText(R.saved.ACKNOWLEDGE);
    await expectResponse(ackCard, 'ACKNOWLEDGE');

    // A dispute needs a comment.
    await disputeCard.getByRole('button', { name: R.dispute }).click();
    await disputeCard.getByRole('button', { name: R.send.DISPUTE }).click();
    await expect(disputeCard.getByText(R.commentNeeded)).toBeVisible();
    const comment = 'The customer asked for this plan by name; there was nothing to recap.';
    await disputeCard.getByRole('textbox').fill(comment);
    await shot(page, 'detail-desktop');
    await disputeCard.getByRole('button', { name: R.send.DISPUTE }).click();
    await expect(disputeCard.getByRole('status')).toHaveText(R.saved.DISPUTE);
    await expectResponse(disputeCard, 'DISPUTE', comment);

    // Stored: after a reload every response is there.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: CALL })).toBeVisible();
    await expectResponse(answerCard(page, toAcknowledge), 'ACKNOWLEDGE');
    await expectResponse(answerCard(page, toDispute), 'DISPUTE', comment);
    await expect(answerCard(page, toDispute).getByTestId('dispute-state')).toHaveText(R.disputeOpen);
    await expectResponse(answerCard(page, DISPUTED), 'DISPUTE', SEEDED_COMMENT);

    // On a phone: the detail and the list fit the width.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1, name: CALL })).toBeVisible();
    await answerCard(page, toDispute).getByRole('button', { name: R.dispute }).click();
    await expectNoSidewaysScroll(page);
    await shot(page, 'detail-375');
    await page.goto('/coach/call-reviews');
    await expect(row).toBeVisible();
    await expect(row).toContainText(T.list.disputed(2));
    await expectNoSidewaysScroll(page);
    await shot(page, 'list-375');
  });
});

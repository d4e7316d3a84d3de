import { expect, test } from '@playwright/test';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from '../coach/demo-analysis';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

test.describe('Ask Agaton (admin)', () => {
  test('the demo admin picks a team from the # list and gets only that team’s people, with links to their sessions', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 60_000);
    await waitForDemoAnalysis(request);
    await storeTokens(page, 'admin', await adminSession(request, seeded.admin.email, seeded.admin.password));
    await page.goto('/dashboard/assistant?tab=chat');

    const help = page.getByText(/Tag an agent with @ .* and a team with #/);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(help).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // The team comes from the # list: typed in part, then picked with the mouse.
    const composer = page.getByRole('textbox', { name: /Ask about your team/ });
    await composer.pressSequentially('Who needs coaching in #sa');
    await expect(page.getByRole('option')).toHaveText(['#Sales']);
    await page.getByRole('option', { name: '#Sales' }).click();
    await expect(composer).toHaveValue('Who needs coaching in #Sales ');
    await composer.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toContainText('#Sales');
    await expect(answer).toContainText('Casey Coach');
    await expect(answer).not.toContainText('Parker Support');
    const link = answer.getByRole('link').first();
    await expect(link).toHaveAttribute(
      'href',
      /^\/dashboard\/assistant\/user\/[0-9a-f-]+\/session\/[0-9a-f-]+$/,
    );

    const href = (await link.getAttribute('href')) ?? '';
    // A question sent while an answer streams is ignored: wait until the answer is complete.
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    // Someone outside the organisation's people is refused, not guessed.
    await composer.fill('What is the score of @Someone Else?');
    await composer.press('Enter');
    await expect(page.getByTestId('assistant-message').last()).toContainText(
      "I can't find @Someone among the people and teams you manage",
    );

    await page.locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(/\/dashboard\/assistant\/user\/[^/]+\/session\/[^/]+$/);
  });
});

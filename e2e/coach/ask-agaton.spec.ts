import { CHAT_TEXTS } from '@agaton/contracts';
import { expect, test } from '@playwright/test';
import { seeded } from '../fixtures/accounts';
import { coachSession, storeTokens } from '../fixtures/api';
import { expectAccessible } from '../fixtures/axe';
import { DEMO_ANALYSIS_TIMEOUT_MS, waitForDemoAnalysis } from './demo-analysis';

type InsightSession = { id: string; timestampSeconds: number; pronunciation: number; fluency: number };

test.describe('Ask Agaton (coach)', () => {
  test('the demo coach asks about their last session, gets the real scores with a link, and rates the answer', async ({
    page,
    request,
  }) => {
    test.setTimeout(DEMO_ANALYSIS_TIMEOUT_MS + 90_000);
    await waitForDemoAnalysis(request);
    const session = await coachSession(request, seeded.coach.email, seeded.coach.password);
    const insights = await request.get('/api/sessions/insights', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const sessions = ((await insights.json()) as { sessions: InsightSession[] }).sessions;
    const last = sessions.reduce((a, b) => (b.timestampSeconds > a.timestampSeconds ? b : a));

    await storeTokens(page, 'user', session);
    await page.goto('/coach/ask-agaton');
    const composer = page.getByRole('textbox', { name: 'Ask Agaton about your speaking…' });
    await composer.fill('What was my score in my last session?');
    await composer.press('Enter');

    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toContainText(`Pronunciation: ${last.pronunciation}`);
    await expect(answer).toContainText(`Fluency: ${last.fluency}`);
    const link = answer.getByRole('link').first();
    await expect(link).toHaveAttribute('href', `/coach/sessions/${last.id}`);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expectAccessible(page, 'Ask Agaton with an answer');

    // Thumbs down with a reason and a comment.
    await answer.getByRole('button', { name: 'Bad answer' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByPlaceholder(CHAT_TEXTS.commentPlaceholder)).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
    await modal.getByLabel(CHAT_TEXTS.thumbsDownReasons[3]).check();
    await modal.getByPlaceholder(CHAT_TEXTS.commentPlaceholder).fill('I wanted the words too.');
    await expectAccessible(page, 'the answer feedback dialog');
    await modal.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(modal).toHaveCount(0);

    await page.screenshot({ path: '/tmp/h5-coach-chat.png', fullPage: true });

    // The link opens the session the score came from.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/coach/sessions/${last.id}$`));
  });

  test('Stop during a streamed answer keeps what was shown and the chat is ready again', async ({
    page,
    request,
  }) => {
    await storeTokens(page, 'user', await coachSession(request, seeded.coach.email, seeded.coach.password));
    await page.goto('/coach/ask-agaton');
    await page.getByRole('button', { name: 'New conversation' }).click();
    const composer = page.getByRole('textbox', { name: 'Ask Agaton about your speaking…' });
    // Empty text is ignored.
    await composer.press('Enter');
    await expect(page.getByTestId('assistant-message')).toHaveCount(0);
    await composer.fill('Is my score improving over time?');
    await composer.press('Enter');
    const stop = page.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeVisible();
    await stop.click();
    await expect(stop).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    // The run ended as cancelled, not as a failure.
    const { accessToken } = await coachSession(request, seeded.coach.email, seeded.coach.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    const threads = await (await request.get('/api/chat/threads', { headers })).json();
    const thread = threads.threads[0];
    const stored = await (
      await request.get(`/api/chat/threads/${thread.threadId}/messages`, { headers })
    ).json();
    expect(stored.runs[0]).toMatchObject({ status: 'incomplete', reason: 'run_cancelled' });
    expect(thread.summary).toBe('Is my score improving over time?');
  });
});

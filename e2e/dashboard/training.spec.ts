import { readFileSync } from 'node:fs';
import { type Candidate, trainingTexts } from '@agaton/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts';
import { TR_LABELS } from '../../apps/web/src/features/training/texts';
import { NEW_PASSWORD, seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, createCoach, latestMail, linkIn, storeTokens } from '../fixtures/api';
import { expectAccessible } from '../fixtures/axe';

/** A real learner reading aloud (speechocean762), committed with the demo practice seed. */
const RECORDING = readFileSync(
  new URL('../../apps/api/src/seed/demo-practice-recordings/020220048.ogg', import.meta.url),
);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/training-${name}.png`, fullPage: true });
const row = (page: Page, email: string) => page.locator(`[data-testid="trainee-row"][data-email="${email}"]`);

async function openTraining(page: Page) {
  await storeTokens(
    page,
    'admin',
    await adminSession(page.request, seeded.admin.email, seeded.admin.password),
  );
  await page.goto('/dashboard/training');
  await expect(page.getByRole('heading', { name: TR_LABELS.pageTitle, exact: true })).toBeVisible();
}

/** The trainee's side through the API: accept the e-mailed invitation, then practise one reading. */
async function acceptAndPractise(request: APIRequestContext, email: string) {
  const invitation = linkIn(await latestMail(request, email), '/coach/training-invite/');
  const token = invitation.split('/').pop() as string;
  const coach = await createCoach(request, email, NEW_PASSWORD);
  const auth = { authorization: `Bearer ${coach.accessToken}` };
  const accepted = await request.post(`/api/training/invitations/${token}/accept`, { headers: auth });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const catalog = await (await request.get('/api/practice', { headers: auth })).json();
  const topic = catalog.topics[0];
  const item = topic.levels.LOW.reading[0];
  const scored = await request.post('/api/practice/attempts', {
    headers: auth,
    timeout: 150_000,
    multipart: {
      meta: JSON.stringify({
        topic: topic.topic,
        level: 'LOW',
        kind: 'reading',
        itemId: item.id,
        studySeconds: 90,
      }),
      audio: { name: 'reading.ogg', mimeType: 'audio/ogg', buffer: RECORDING },
    },
  });
  expect(scored.ok(), await scored.text()).toBe(true);
  return { topic: topic.topic as string };
}

test.describe('English Learning App dashboard', () => {
  test('the demo admin adds training users, with and without the invitation, and invites a selected one', async ({
    page,
  }) => {
    await openTraining(page);
    await expectAccessible(page, 'the English Learning App’s users');
    const invitedNow = uniqueEmail('trainee-now');
    const invitedLater = uniqueEmail('trainee-later');

    // Add training user, invited at once: Invite pending and the e-mail in the outbox.
    await page.getByRole('button', { name: TR_LABELS.addUser }).first().click();
    let dialog = page.getByRole('dialog', { name: RT_LABELS.addTrainingUserTitle });
    await dialog.getByRole('button', { name: RT_LABELS.addTrainingUser }).click();
    await expect(dialog.getByText('Please provide a name')).toBeVisible();
    await dialog.getByRole('textbox', { name: RT_LABELS.name, exact: true }).fill('Nora Now');
    await dialog.getByRole('textbox', { name: RT_LABELS.email, exact: true }).fill(invitedNow);
    await expect(dialog.getByLabel(RT_LABELS.inviteTrainingNow)).toBeChecked();
    await dialog.getByRole('button', { name: RT_LABELS.addTrainingUser }).click();
    await expect(page.getByText(RT_LABELS.addedAndInvited('Nora Now'))).toBeVisible();
    await expect(row(page, invitedNow)).toContainText(trainingTexts.statusLabels.InvitePending);
    const mail = await latestMail(page.request, invitedNow);
    expect(linkIn(mail, '/coach/training-invite/')).toMatch(/^\/coach\/training-invite\/.+/);

    // Added without the invitation: Not invited until Invite users to training.
    await page.getByRole('button', { name: TR_LABELS.addUser }).first().click();
    dialog = page.getByRole('dialog', { name: RT_LABELS.addTrainingUserTitle });
    await dialog.getByRole('textbox', { name: RT_LABELS.name, exact: true }).fill('Leo Later');
    await dialog.getByRole('textbox', { name: RT_LABELS.email, exact: true }).fill(invitedLater);
    await dialog.getByLabel(RT_LABELS.inviteTrainingNow).uncheck();
    await dialog.getByRole('button', { name: RT_LABELS.addTrainingUser }).click();
    await expect(row(page, invitedLater)).toContainText(trainingTexts.statusLabels.NotInvited);

    // Nobody selected: the spec's text. Then the one selected is invited.
    await page.getByRole('button', { name: TR_LABELS.invite }).click();
    await expect(page.getByText(trainingTexts.selectUsersFirst)).toBeVisible();
    await page.getByPlaceholder(TR_LABELS.searchPlaceholder).fill('Leo Later');
    await expect(page.getByTestId('trainee-row')).toHaveCount(1);
    await row(page, invitedLater)
      .getByRole('checkbox', { name: TR_LABELS.selectRow('Leo Later') })
      .check();
    await page.getByRole('button', { name: TR_LABELS.invite }).click();
    const invite = page.getByRole('dialog', { name: TR_LABELS.inviteTitle });
    await expect(invite).toContainText(invitedLater);
    await shot(page, 'invite');
    await expectAccessible(page, 'the Invite users dialog');
    await invite.getByRole('button', { name: TR_LABELS.inviteSend }).click();
    await expect(page.getByText(TR_LABELS.invited(1))).toBeVisible();
    await expect(row(page, invitedLater)).toContainText(trainingTexts.statusLabels.InvitePending);
    expect(linkIn(await latestMail(page.request, invitedLater), '/coach/training-invite/')).toBeTruthy();
  });

  test('a trainee who practised shows in the insights, per person, and in the printable report', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // The demo admin adds a trainee in the Sales team; the trainee accepts and practises (real scoring).
    const admin = await adminSession(page.request, seeded.admin.email, seeded.admin.password);
    const email = uniqueEmail('insights-trainee');
    const sales = admin.admin.organizationInfo as unknown as { managedTeams: { id: string; name: string }[] };
    const added = await page.request.post('/api/candidate', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
      data: {
        name: 'Ivan Insight',
        email,
        isRecruit: false,
        isTrainee: true,
        department: sales.managedTeams[0]?.id,
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const candidate = (await added.json()).createdCandidate as Candidate;
    const { topic } = await acceptAndPractise(page.request, email);

    await openTraining(page);
    await expect(row(page, email)).toContainText(trainingTexts.statusLabels.Training);
    await page.getByRole('tab', { name: TR_LABELS.tabInsights }).click();
    await expect(page).toHaveURL(/tab=insights/);
    const cards = page.getByTestId('insight-cards');
    await expect(cards.getByTestId('card-overall').getByTestId('card-value')).toHaveText(/^\d+(\.\d)?$/);
    await expect(cards.getByTestId('card-lessons').getByTestId('card-value')).not.toHaveText('–');
    await expect(page.getByTestId('day-chart')).toBeVisible();
    await expect(page.getByTestId('popular-topics')).toContainText(topic);
    const person = page.locator(`[data-testid="person-row"][data-email="${email}"]`);
    await expect(person).toContainText(trainingTexts.statusLabels.Training);
    await shot(page, 'insights');
    await expectAccessible(page, 'the training insights');

    // Another period is kept in the address (and carried to the person and back).
    await page.getByTestId('period-select').click();
    await page.getByRole('option', { name: TR_LABELS.periods['all-time'] }).click();
    await expect(page).toHaveURL(/period=all-time/);
    await expect(page.getByTestId('insight-cards')).toBeVisible();

    // One person: their figures, and the way back to the Insights tab.
    await person.getByRole('link', { name: 'Ivan Insight' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/training/user/${candidate.identityId}`));
    await expect(page.getByRole('heading', { name: 'Ivan Insight' })).toBeVisible();
    await expect(page.getByTestId('card-overall').getByTestId('card-value')).toHaveText(/^\d+(\.\d)?$/);
    await expect(page.getByTestId('card-study').getByTestId('card-value')).toHaveText('1.5');
    await shot(page, 'person');
    await expectAccessible(page, 'a trainee’s insights');
    await page.getByRole('link', { name: TR_LABELS.backToInsights }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/training\?tab=insights&period=all-time/);

    // The same insights at /admin, inside the dashboard shell, and the printable report.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: TR_LABELS.insightsTitle })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await page.getByRole('link', { name: TR_LABELS.openReport }).click();
    await expect(page).toHaveURL(/\/admin\/insights\/report/);
    await expect(page.getByRole('heading', { name: TR_LABELS.reportTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: TR_LABELS.print })).toBeVisible();
    await expect(page.locator(`[data-testid="person-row"][data-email="${email}"]`)).toBeVisible();
    await page.goto(`/admin/insights/${candidate.identityId}`);
    await expect(page.getByRole('heading', { name: 'Ivan Insight' })).toBeVisible();
    await page.goto('/admin/insights/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(TR_LABELS.userNotFound)).toBeVisible();
    await page.getByRole('link', { name: TR_LABELS.backToInsights }).last().click();
    await expect(page).toHaveURL(/\/admin\/insights$/);
  });
});

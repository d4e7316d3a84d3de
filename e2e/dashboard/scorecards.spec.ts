import { randomUUID } from 'node:crypto';
import { QA_TEXTS } from '@agaton/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ASSISTANT_LABELS } from '../../apps/web/src/features/assistant/texts';
import { SCORECARD_LABELS as L } from '../../apps/web/src/features/scorecards/texts';
import { seeded } from '../fixtures/accounts';
import { adminSession, storeTokens } from '../fixtures/api';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/scorecards-${name}.png`, fullPage: true });

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Sees a toast, then closes it: on a fast run the next save can come before this one's auto-close, and
 * two toasts with one text (two "Question created") would be ambiguous.
 */
async function seeToast(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole('button').click();
  await expect(shown).toHaveCount(0);
}
const questionRow = (page: Page, text: string) => page.getByTestId('question-row').filter({ hasText: text });

async function openScorecards(page: Page) {
  await storeTokens(
    page,
    'admin',
    await adminSession(page.request, seeded.admin.email, seeded.admin.password),
  );
  await page.goto('/dashboard/assistant?tab=scorecards');
  await expect(page.getByRole('tab', { name: ASSISTANT_LABELS.tabs.scorecards })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function createScorecard(page: Page, name: string) {
  await page.getByRole('button', { name: L.newScorecard }).first().click();
  await dialog(page).getByLabel(L.nameModal.name).fill(name);
  await dialog(page).getByRole('button', { name: L.nameModal.save }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

const chooseScorecard = (page: Page, name: string) =>
  page.getByRole('navigation', { name: L.scorecards }).getByRole('button', { name }).click();

/** Picks an option of the modal's Scorecards multi-select. */
async function pickScorecard(page: Page, name: string) {
  await dialog(page).getByRole('combobox', { name: L.modal.scorecards }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

const saveButton = (page: Page): Locator =>
  dialog(page).getByRole('button', { name: L.modal.save, exact: true });

test.describe('Scorecard Management', () => {
  test('the admin builds a scorecard: questions with validation, edit, duplicate into a second scorecard (Shared), a TXT document, and delete', async ({
    page,
  }) => {
    const suffix = randomUUID().slice(0, 6);
    const retention = `Retention ${suffix}`;
    const winBack = `Win-back ${suffix}`;
    const greeting = 'Did the agent greet the customer by name?';
    await openScorecards(page);

    await createScorecard(page, winBack);
    await createScorecard(page, retention);
    await expect(page.getByTestId('empty-scorecard')).toContainText(QA_TEXTS.emptyScorecard);
    await shot(page, 'empty');

    // Add: Save stays disabled until the required fields are filled; a cleared text says Required.
    await page.getByTestId('empty-scorecard').getByRole('button', { name: L.addQuestion }).click();
    await expect(dialog(page).getByRole('heading', { name: L.modal.addTitle })).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    const questionBox = dialog(page).getByRole('textbox', { name: L.modal.question });
    await questionBox.fill('x');
    await questionBox.fill('   ');
    await expect(dialog(page).getByText(QA_TEXTS.required).first()).toBeVisible();
    await shot(page, 'validation');
    await questionBox.fill(greeting);
    await dialog(page)
      .getByRole('textbox', { name: QA_TEXTS.explanation })
      .fill('Using the name builds rapport.');
    await expect(saveButton(page)).toBeDisabled();
    await dialog(page).getByRole('radio', { name: L.modal.yes }).check();
    await dialog(page).getByRole('radio', { name: L.severities.HIGH }).check();
    // The evidence is suggested from the question, then edited.
    const examples = dialog(page).getByRole('textbox', { name: L.modal.examples });
    await expect(examples).toHaveValue('');
    await dialog(page).getByRole('button', { name: L.modal.suggest }).click();
    await expect(examples).not.toHaveValue('');
    await dialog(page).getByRole('textbox', { name: L.modal.phrases }).fill('thank you for calling');
    await shot(page, 'question-modal');
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await seeToast(page, QA_TEXTS.questionCreated);
    const row = questionRow(page, greeting);
    await expect(row).toContainText(`${QA_TEXTS.explanation}: Using the name builds rapport.`);
    await expect(row).toContainText(L.severities.HIGH);
    await expect(row).toContainText(L.expected(true));
    await expect(row.getByTestId('shared-badge')).toHaveCount(0);

    // Edit: a change is saved; an unchanged save just closes.
    await row.getByRole('button', { name: L.editQuestion(greeting) }).click();
    await dialog(page).getByRole('radio', { name: L.severities.MEDIUM }).check();
    await saveButton(page).click();
    await seeToast(page, QA_TEXTS.questionModified);
    await expect(row).toContainText(L.severities.MEDIUM);
    await row.getByRole('button', { name: L.editQuestion(greeting) }).click();
    await saveButton(page).click();
    await expect(dialog(page)).toBeHidden();

    // Duplicate: the edit becomes an add with the scorecards cleared (Required) until chosen again.
    await row.getByRole('button', { name: L.editQuestion(greeting) }).click();
    await dialog(page).getByRole('button', { name: L.modal.duplicate }).click();
    await expect(dialog(page).getByRole('heading', { name: L.modal.addTitle })).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await expect(dialog(page).getByText(QA_TEXTS.required)).toBeVisible();
    const copy = "Did the agent use the customer's name again?";
    await dialog(page).getByRole('textbox', { name: L.modal.question }).fill(copy);
    await pickScorecard(page, retention);
    await pickScorecard(page, winBack);
    await shot(page, 'duplicate');
    await saveButton(page).click();
    await seeToast(page, QA_TEXTS.questionCreated);
    await expect(questionRow(page, copy).getByTestId('shared-badge')).toHaveText(QA_TEXTS.shared);
    await expect(page.getByTestId('question-row')).toHaveCount(2);

    // A reference document, sent as its own request.
    await page
      .getByTestId('documents-dropzone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'greeting-guidelines.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Greet the customer by name.\nThank them for calling.\n'),
      });
    await seeToast(page, QA_TEXTS.uploadSucceeded);
    await expect(page.getByTestId('document-row')).toContainText('greeting-guidelines.txt');
    await shot(page, 'scorecard');
    await page.getByRole('button', { name: L.documents.delete('greeting-guidelines.txt') }).click();
    await dialog(page).getByRole('button', { name: L.documents.confirm }).click();
    await seeToast(page, L.documents.deleted);
    await expect(page.getByText(L.documents.none)).toBeVisible();

    // The second scorecard lists the shared question too.
    await chooseScorecard(page, winBack);
    await expect(page.getByRole('heading', { name: winBack, exact: true })).toBeVisible();
    const sharedRow = questionRow(page, copy);
    await expect(sharedRow.getByTestId('shared-badge')).toBeVisible();

    // Delete removes it from this scorecard only, after a confirmation.
    await sharedRow.getByRole('button', { name: L.deleteQuestion(copy) }).click();
    await expect(dialog(page)).toContainText(L.deleteQuestionModal.body(winBack));
    await dialog(page).getByRole('button', { name: L.deleteQuestionModal.confirm }).click();
    await seeToast(page, QA_TEXTS.questionDeleted);
    await expect(page.getByTestId('empty-scorecard')).toContainText(QA_TEXTS.emptyScorecard);
    await chooseScorecard(page, retention);
    await expect(questionRow(page, copy)).toBeVisible();
    await expect(questionRow(page, copy).getByTestId('shared-badge')).toHaveCount(0);

    // On a phone the list sits above the scorecard.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(questionRow(page, greeting)).toBeVisible();
    await shot(page, 'phone');
  });
});

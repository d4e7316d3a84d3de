import { billingTexts, CANDIDATE_TEST_STATUS_LABELS, messages, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { A4_PRINT } from '../../apps/api/src/providers/pdf/pdf-renderer';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts';
import { seeded, uniqueEmail } from '../fixtures/accounts';
import { adminSession, latestMail, storeTokens } from '../fixtures/api';
import { expectAccessible, expectFocusVisible, tabTo } from '../fixtures/axe';
import { pdfText } from '../fixtures/english-test';
import { DEMO_TESTED_CANDIDATE, waitForDemoEnglishTest } from './demo-english-test';
import { signUpAdmin, spendTrialTests } from './trial-helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/english-test-${name}.png`, fullPage: true });

async function signIn(page: Page, account: { email: string; password: string }) {
  await storeTokens(page, 'admin', await adminSession(page.request, account.email, account.password));
  await page.goto('/dashboard/test');
  // The first page of a session waits for its token; a busy server takes its time.
  await expect(page.getByRole('heading', { name: RT_LABELS.pageTitle, exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

const testsLeft = async (page: Page) =>
  Number((await page.getByTestId('tests-left').textContent())?.match(/\d+/)?.[0]);
const row = (page: Page, email: string) =>
  page.locator(`[data-testid="candidate-row"][data-email="${email}"]`);
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Picks an option of a Mantine Select inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('English Test dashboard', () => {
  // The server has the demo candidate take the test at start; tests left must not move under a journey.
  test.beforeEach(({ request }) => waitForDemoEnglishTest(request));

  test("the demo candidate's finished test opens its report from the list", async ({ page }) => {
    await signIn(page, seeded.admin);
    const done = row(page, DEMO_TESTED_CANDIDATE.email);
    await expect(done).toContainText(CANDIDATE_TEST_STATUS_LABELS.Done);
    await expectAccessible(page, 'the English Test list');
    await expect(done).toContainText(RECRUITMENT_TEXTS.codeUsed);
    await expect(done.getByTestId('test-code')).toHaveCount(0);
    await expect(page.getByText(RT_LABELS.topChallengingEmpty)).toHaveCount(0);
    await done.getByRole('link', { name: new RegExp(`^${RT_LABELS.openReport}`) }).click();
    await expect(page).toHaveURL(/\/dashboard\/test\/user\/[0-9a-f-]+\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: DEMO_TESTED_CANDIDATE.name })).toBeVisible();
    await expect(page.getByText(/\b(A1|A2|B1|B2|C1|C2)\b/).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'TOEFL iBT' })).toBeVisible();
    await shot(page, 'seeded-report');
    await expectAccessible(page, 'the English Test report');
    await page.getByRole('link', { name: RT_LABELS.back, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/test\/user\/[0-9a-f-]+$/);
    await expect(page.getByTestId('candidate-test')).toContainText(RECRUITMENT_TEXTS.codeUsed);
    await expectAccessible(page, 'a candidate’s tests');
  });

  test('the demo admin sees the seeded candidate, adds one with a topic and the test is sent', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, seeded.admin);
    await expect(row(page, 'candidate@agaton.local')).toContainText('Charlie Candidate');
    const before = await testsLeft(page);
    expect(before).toBeGreaterThan(0);
    await shot(page, 'list');

    const email = uniqueEmail('recruit');
    // By keyboard: Tab reaches the button with a visible focus, Enter opens the dialog and moves the focus in.
    const addUser = page.getByRole('button', { name: RT_LABELS.addUser }).first();
    await tabTo(page, addUser);
    await expectFocusVisible(addUser);
    await page.keyboard.press('Enter');
    const add = dialog(page, RT_LABELS.addUserTitle);
    await expect.poll(() => add.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await add.getByLabel(/^Name/).fill('  Robin Recruit  ');
    await add.getByLabel(/^Email/).fill(email);
    await pick(page, add, RT_LABELS.teamOptional, 'Sales');
    await pick(page, add, RT_LABELS.topic, 'Sales representative');
    await pick(page, add, RT_LABELS.level, 'Intermediate');
    // Unticked at first (the topic is optional, spec 2 §5); ticked, the topic becomes required.
    await expect(add.getByLabel(RT_LABELS.sendNow)).not.toBeChecked();
    await add.getByLabel(RT_LABELS.sendNow).check();
    await expect(add.getByRole('combobox', { name: RT_LABELS.topic })).toHaveAttribute('required');
    await shot(page, 'add-user');
    await expectAccessible(page, 'the Add user dialog');
    await add.getByRole('button', { name: RT_LABELS.add }).click();
    await expect(page.getByText(RT_LABELS.addedAndSent('Robin Recruit'))).toBeVisible();

    const added = row(page, email);
    await expect(added).toContainText('Robin Recruit');
    await expect(added).toContainText(CANDIDATE_TEST_STATUS_LABELS.InviteSent);
    await expect(added).toContainText('Sales');
    const code = (await added.getByTestId('test-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
    await expect.poll(() => testsLeft(page)).toBe(before - 1);

    await added.getByTestId('test-code').click();
    await expect(page.getByText(RECRUITMENT_TEXTS.copied, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const mail = await latestMail(page.request, email);
    expect(mail.subject).toContain('English Test');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('/candidate');

    await added.getByRole('link', { name: 'Robin Recruit' }).click();
    await expect(page.getByRole('heading', { name: 'Robin Recruit' })).toBeVisible();
    await expect(page.getByTestId('candidate-details')).toContainText('Sales representative');
    await expect(page.getByTestId('candidate-test')).toContainText(code);
    await shot(page, 'candidate');
  });

  test('Send test asks for a test type and users, then sends to the selected candidate', async ({ page }) => {
    await signIn(page, seeded.admin);
    await page.getByRole('button', { name: RT_LABELS.sendTest }).click();
    const send = dialog(page, RT_LABELS.sendTestTitle);
    await send.getByRole('button', { name: RT_LABELS.send }).click();
    await expect(send.getByText(messages.validation.selectTestType)).toBeVisible();
    await expect(send.getByText(messages.validation.selectUsers)).toBeVisible();
    await shot(page, 'send-test-validation');
    await send.getByRole('button', { name: RT_LABELS.cancel }).click();

    // A candidate added without a topic (Not Invited): the seeded demo code stays usable for others.
    const email = uniqueEmail('to-test');
    const { accessToken } = await adminSession(page.request, seeded.admin.email, seeded.admin.password);
    const added = await page.request.post('/api/candidate', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name: 'Sasha Sender', email, isRecruit: true },
    });
    expect(added.ok()).toBe(true);
    await page.reload();
    await expect(row(page, email)).toContainText(CANDIDATE_TEST_STATUS_LABELS.NotInvited);

    const before = await testsLeft(page);
    await row(page, email).getByRole('checkbox').check();
    await page.getByRole('button', { name: RT_LABELS.sendTest }).click();
    await expect(send.getByText(`Sasha Sender (${email})`)).toBeVisible();
    await pick(page, send, RT_LABELS.testType, 'Sales representative');
    await send.getByRole('button', { name: RT_LABELS.send }).click();
    await expect(page.getByText(RT_LABELS.sent(1))).toBeVisible();
    await expect.poll(() => testsLeft(page)).toBe(before - 1);
    await expect(row(page, email)).toContainText(CANDIDATE_TEST_STATUS_LABELS.InviteSent);
  });

  test('a new workspace whose trial tests are all sent gets the tests-limit modal and can contact sales', async ({
    page,
  }) => {
    const email = uniqueEmail('no-tests');
    await signUpAdmin(page, email, 'No Tests Ltd');
    await spendTrialTests(page.request, email);

    await page.goto('/dashboard/test');
    await expect(page.getByTestId('tests-left')).toHaveText(RECRUITMENT_TEXTS.testsLeft(0));
    await page.getByRole('button', { name: RT_LABELS.sendTest }).click();
    const limit = dialog(page, RECRUITMENT_TEXTS.limitTests);
    await expect(limit.getByText(RECRUITMENT_TEXTS.needMoreTests)).toBeVisible();
    await shot(page, 'limit');
    await limit.getByRole('button', { name: RT_LABELS.limitContact }).click();
    // The limit modal gives way to the contact form (the only dialog open).
    const contact = page.getByRole('dialog');
    await expect(contact.getByLabel('Email')).toHaveValue(email);
    await contact.getByLabel('Message').fill('We need 20 tests for our hiring round.');
    await contact.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(billingTexts.contactSuccess)).toBeVisible();

    // Adding a candidate with the test sent at once is blocked the same way.
    await page.getByRole('button', { name: RT_LABELS.addUser }).first().click();
    const add = dialog(page, RT_LABELS.addUserTitle);
    await add.getByLabel(/^Name/).fill('Pat Prospect');
    await add.getByLabel(/^Email/).fill(uniqueEmail('prospect'));
    await pick(page, add, RT_LABELS.topic, 'Sales representative');
    await add.getByLabel(RT_LABELS.sendNow).check();
    await add.getByRole('button', { name: RT_LABELS.add }).click();
    await expect(dialog(page, RECRUITMENT_TEXTS.limitTests)).toBeVisible();
    await dialog(page, RECRUITMENT_TEXTS.limitTests)
      .getByRole('button', { name: RT_LABELS.close, exact: true })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the manager of Sales sees only Sales candidates', async ({ page }) => {
    // The owner adds a Support candidate first (no test sent), so there is one to hide.
    await signIn(page, seeded.admin);
    const supportEmail = uniqueEmail('support');
    await page.getByRole('button', { name: RT_LABELS.addUser }).first().click();
    const add = dialog(page, RT_LABELS.addUserTitle);
    await add.getByLabel(/^Name/).fill('Sasha Support');
    await add.getByLabel(/^Email/).fill(supportEmail);
    await pick(page, add, RT_LABELS.teamOptional, 'Support');
    await add.getByRole('button', { name: RT_LABELS.add }).click();
    await expect(row(page, supportEmail)).toContainText(CANDIDATE_TEST_STATUS_LABELS.NotInvited);

    await signIn(page, seeded.manager);
    await expect(row(page, 'candidate@agaton.local')).toBeVisible();
    await expect(row(page, supportEmail)).toHaveCount(0);
    const departments = await page.getByTestId('candidate-row').locator('td:nth-child(4)').allTextContents();
    expect(departments.length).toBeGreaterThan(0);
    expect(new Set(departments)).toEqual(new Set(['Sales']));
    await page.getByRole('tab', { name: RT_LABELS.tabContent }).click();
    await expect(page.getByText(RT_LABELS.ownersOnly, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: RT_LABELS.editJson })).toHaveCount(0);
  });

  test('the test content tab lists the positions and shows why an edit was refused', async ({ page }) => {
    await signIn(page, seeded.admin);
    await page.getByRole('tab', { name: RT_LABELS.tabContent }).click();
    const positions = page.getByTestId('content-position');
    // The product's three, and the demo trainees' practice topic (docs/decisions/018).
    await expect(positions).toHaveCount(4);
    await expect(positions.first()).toContainText('Beginner');
    await shot(page, 'content');

    await page.getByRole('button', { name: RT_LABELS.editJson }).click();
    const editor = page.getByLabel(RT_LABELS.jsonLabel);
    const content = JSON.parse(await editor.inputValue());
    const low = content.positions[0].levels.LOW.reading;
    low.ask = low.sentences.length + 1;
    // The edited content is pasted, as an admin would from their own editor: a real paste of the ~200 KB
    // lands in about 0.1 s, while Playwright's fill() goes through Chromium's insertText (15–43 s).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const edited = JSON.stringify(content, null, 2);
    await page.evaluate((text) => navigator.clipboard.writeText(text), edited);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(async () => (await editor.inputValue()) === edited).toBe(true);
    await page.getByRole('button', { name: RT_LABELS.save }).click();
    const errors = page.getByTestId('content-errors');
    await expect(errors).toContainText('positions.0.levels.LOW.reading.ask');
    await expect(errors).toContainText(`ask is ${low.ask} but the pool has ${low.sentences.length}`);
    await shot(page, 'content-error');
    await page.getByRole('button', { name: RT_LABELS.cancel }).click();
    await expect(positions).toHaveCount(4);
  });

  test('reports without results send the admin back to the English Test; /download explains itself', async ({
    page,
  }) => {
    await signIn(page, seeded.admin);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/dashboard/test/user/${unknown}/${unknown}`);
    await expect(page).toHaveURL(/\/dashboard\/test$/);
    await page.goto(`/dashboard/test/user/${unknown}/${unknown}/print`);
    await expect(page).toHaveURL(/\/dashboard\/test$/);
    await page.goto('/download');
    await expect(page.getByTestId('download-missing')).toBeVisible();
    await page.getByRole('link', { name: RT_LABELS.goToTest }).click();
    await expect(page).toHaveURL(/\/dashboard\/test$/);
  });

  test('the report PDF fills its first page: a long free answer continues on the next', async ({ page }) => {
    await signIn(page, seeded.admin);
    // The demo candidate's report, with the free answer a candidate who talked for the whole time gives
    // (the seeded one recorded none). Side by side with reading aloud, that card went whole to page 2.
    const { accessToken } = await adminSession(page.request, seeded.admin.email, seeded.admin.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    const list = await (await page.request.get('/api/admin/challenges', { headers })).json();
    const demo = list.find(
      (c: { candidateEmail: string }) => c.candidateEmail === DEMO_TESTED_CANDIDATE.email,
    );
    const detail = await (await page.request.get(`/api/admin/challenges/${demo.id}`, { headers })).json();
    const answer =
      'I would call the client first thing in the morning and tell them honestly that the delivery is going ' +
      'to be one month late because our supplier had a problem with the factory. I would apologise and ' +
      'explain what we are doing to fix it, and I would offer them a discount on the next order or free ' +
      'express shipping when the product arrives, so that they keep trusting us and our company.';
    detail.resultsBlob.freeSpeechTest = {
      ...detail.resultsBlob.freeSpeechTest,
      transcript: answer,
      words: [],
      overallScore: 71,
      grammar: 'B1',
      vocabulary: 'B2',
    };
    await page.route(`**/api/admin/challenges/${demo.id}`, (route) => route.fulfill({ json: detail }));
    await page.goto(`/dashboard/test/user/${demo.candidateId}/${demo.id}/print`);
    await expect(page.locator('[data-print-ready]')).toBeAttached();
    await expect(page.getByText(answer.slice(0, 40))).toBeVisible();
    // Printed as the server prints it (Chromium, A4, the renderer's margins).
    const file = test.info().outputPath('report.pdf');
    await page.pdf({ path: file, ...A4_PRINT });
    const first = pdfText(file, 1).replace(/\s+/g, ' ');
    for (const heading of [RT_LABELS.listeningTest, RT_LABELS.readingAloud, RT_LABELS.freeSpeech]) {
      expect(first, heading).toContain(heading);
    }
    expect(first).toContain('I would call the client first thing');
    const second = pdfText(file, 2).replace(/\s+/g, ' ');
    expect(second).toContain(RT_LABELS.benchmark);
  });
});

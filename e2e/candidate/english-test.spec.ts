/// <reference lib="dom" />
import { messages, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { expect, type Page, test } from '@playwright/test';
import { RT_LABELS } from '../../apps/web/src/features/recruitment/texts.ts';
import { fakeMicLaunch, recordingSent } from '../demo/demo-mic.ts';
import { uniqueEmail } from '../fixtures/accounts.ts';
import { expectAccessible, expectFocusVisible, tabTo } from '../fixtures/axe.ts';
import {
  adminSignsIn,
  COMPREHENSION,
  codeFromInvitation,
  JOURNEY_POSITION,
  LISTENING,
  MIC_SENTENCE,
  pdfText,
  useJourneyContent,
} from '../fixtures/english-test.ts';
import { expectFitsPhone } from '../fixtures/phone.ts';

// The candidate's microphone reads the test's sentence (also the microphone check's), in a loop.
test.use({ launchOptions: fakeMicLaunch('english-test-reading.wav') });

/**
 * A screenshot of the step. The journey runs in the phone project too (playwright.config.ts): there
 * every step must fit the 375 px screen.
 */
async function shot(page: Page, name: string) {
  const phone = (page.viewportSize()?.width ?? 1366) < 500;
  if (phone) await expectFitsPhone(page);
  await page.screenshot({
    path: `test-results/english-test-${phone ? 'phone-' : ''}${name}.png`,
    fullPage: true,
  });
}

/**
 * Click to record (or Space on the focused button), let the microphone play for `ms` (a screenshot
 * half way), click to stop.
 */
async function record(page: Page, ms: number, screenshot?: string, keyboard = false) {
  if (keyboard) {
    await page.getByRole('button', { name: 'Start recording' }).focus();
    await page.keyboard.press('Space');
  } else {
    await page.getByRole('button', { name: 'Start recording' }).click();
  }
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(ms / 2);
  if (screenshot) {
    await expect(page.getByTestId('record-elapsed')).toHaveText(/^0:0\d \/ 0:30$/);
    await shot(page, screenshot);
  }
  await page.waitForTimeout(ms / 2);
  if (keyboard) await page.keyboard.press('Enter');
  else await page.getByRole('button', { name: 'Stop recording' }).click();
}

/** A desktop browser window, for the admin's side of the journey. */
const AT_A_DESK = {
  viewport: { width: 1366, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

async function signIn(page: Page, email: string, code: string) {
  await page.goto('/candidate');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Test code').fill(code);
  await page.getByRole('button', { name: 'Start' }).click();
}

const questionLine = (page: Page) => page.getByTestId('question-position');

/** Answers the multiple-choice question on screen and waits for the screen to move on. */
async function choose(page: Page, option: string) {
  const before = await questionLine(page).textContent();
  await page.getByRole('radio', { name: option, exact: true }).check();
  await page.getByRole('button', { name: 'Submit answer' }).click();
  await expect(questionLine(page)).not.toHaveText(before ?? '', { timeout: 30_000 });
}

test('an admin sends the English test, the candidate takes it, the admin downloads the CEFR report', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const name = 'Journey Candidate';
  const email = uniqueEmail('english-test');

  // The admin adds the candidate with the journey's topic; the test is sent at once.
  // The admin works at a desk whichever device the candidate has (the phone project runs this too).
  const admin = await (await browser.newContext(AT_A_DESK)).newPage();
  const restoreContent = await useJourneyContent(request);
  try {
    await adminSignsIn(admin);
    await admin.goto('/dashboard/test');
    await admin.getByRole('button', { name: 'Add user' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Test topic').click();
    await admin.getByRole('option', { name: JOURNEY_POSITION }).click();
    await dialog.getByLabel(RT_LABELS.sendNow).check();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(admin.getByText(`${name} was added and the test was sent.`)).toBeVisible();
  } finally {
    await restoreContent();
  }
  const code = await codeFromInvitation(request, email);

  // The candidate signs in and is welcomed with the parts and their clocks.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, code);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  const invited = await page.getByText(/invited you to take the English Test\.$/).textContent();
  const org = (invited ?? '').replace(' invited you to take the English Test.', '');
  await expect(page.getByTestId('limit-Reading')).toHaveText('5 minutes');
  await expect(page.getByTestId('limit-ReadingComprehension')).toHaveText('00:00:30');
  await expect(page.getByTestId('limit-FreeSpeech')).toHaveText('3 minutes');
  await shot(page, '1-welcome');
  await expectAccessible(page, 'the candidate’s welcome');

  // Microphone check: the sample sentence is heard.
  await expect(page.getByTestId('mic-sentence')).toHaveText(`“${MIC_SENTENCE}”`);
  await record(page, 5_600);
  await expect(page.getByTestId('mic-result')).toHaveText('We can hear you clearly.', { timeout: 60_000 });
  await shot(page, '2-mic-checked');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(page).toHaveURL(/\/assessment$/);

  // Reading: each sentence recorded until the part ends (after a level, or after Advanced).
  await expect(page.getByRole('heading', { name: 'Before you start Reading' })).toBeFocused();
  await shot(page, '3-reading-intro');
  await expectAccessible(page, 'the Reading intro');
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^00:0[45]:\d\d$/);
  const listeningIntro = page.getByRole('heading', { name: 'Before you start Listening' });
  for (let n = 1; n <= 3 && !(await listeningIntro.isVisible()); n++) {
    await expect(questionLine(page)).toHaveText(`Level ${n} of 3 · Question ${n} of 3`);
    await expect(page.getByTestId('reading-sentence')).toHaveText(MIC_SENTENCE);
    if (n === 1) await shot(page, '4-reading');
    if (n === 1) await expectAccessible(page, 'a Reading question');
    await record(page, 8_500, n === 1 ? '4-reading-recording' : undefined);
    await expect(page.getByText('Saving your answer…')).toBeVisible();
    await expect(page.getByText('Saving your answer…')).toBeHidden({ timeout: 90_000 });
  }

  // Listening: play the recording, answer, reload in the middle and carry on at the same question.
  await expect(listeningIntro).toBeVisible();
  // By keyboard: Tab reaches the start button, its focus shows, Enter starts the part.
  const startListening = page.getByRole('button', { name: 'Start Listening' });
  await tabTo(page, startListening);
  await expectFocusVisible(startListening);
  await page.keyboard.press('Enter');
  await expect(page.getByText(LISTENING.LOW.text)).toBeVisible();
  await page.getByRole('button', { name: 'Play the recording' }).click();
  await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible({ timeout: 30_000 });
  await shot(page, '5-listening');
  await expectAccessible(page, 'a Listening question');
  await choose(page, LISTENING.LOW.options[LISTENING.LOW.answer]);
  await expect(questionLine(page)).toHaveText('Level 2 of 3 · Question 2 of 3');
  await expect(page.getByText(LISTENING.MEDIUM.text)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/assessment$/);
  await expect(questionLine(page)).toHaveText('Level 2 of 3 · Question 2 of 3');
  await expect(page.getByText(LISTENING.MEDIUM.text)).toBeVisible();
  await choose(page, LISTENING.MEDIUM.options[LISTENING.MEDIUM.answer]);
  await page.getByRole('radio', { name: LISTENING.ADVANCED.options[LISTENING.ADVANCED.answer] }).check();
  const submit = page.getByRole('button', { name: 'Submit answer' });
  await tabTo(page, submit);
  await expectFocusVisible(submit);
  await page.keyboard.press('Enter');

  // Reading comprehension: one answer, then its 30 s clock runs out.
  await expect(page.getByRole('heading', { name: 'Before you start Reading Comprehension' })).toBeVisible();
  await expect(page.getByText(RECRUITMENT_TEXTS.testFinished)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start Reading Comprehension' }).click();
  await expect(page.getByTestId('reading-text')).toHaveText(COMPREHENSION.LOW.readingText);
  await shot(page, '6-comprehension');
  await expectAccessible(page, 'a Reading Comprehension question');
  await choose(page, COMPREHENSION.LOW.options[COMPREHENSION.LOW.answer]);
  await expect(page.getByRole('heading', { name: 'Before you start Free speech' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText('Time is up for this part.')).toBeVisible();
  await shot(page, '7-time-up');

  // Free speech: one recorded answer on the topic. Its send fails on the server (a 500, sent again a
  // few times by itself, then shown): the recording is kept and Try again sends the same one; then
  // the summary.
  const failures = 4;
  const sent: string[] = [];
  await page.route('**/api/assessment/form/activity', async (route) => {
    sent.push(recordingSent(route.request()));
    if (sent.length > failures) return route.continue();
    return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal error.' } } });
  });
  await page.getByRole('button', { name: 'Start Free speech' }).click();
  await expect(page.getByTestId('free-speech-topic')).toHaveText(/^Describe a normal day at work/);
  await shot(page, '8-free-speech');
  await expectAccessible(page, 'the Free speech question');
  await record(page, 9_000, undefined, true);
  await expect(page.getByRole('alert')).toHaveText(messages.general.server, { timeout: 60_000 });
  await expect(
    page.getByText('Your recording is kept. Send it again, or record a new answer.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  expect(sent).toHaveLength(failures);
  await shot(page, '8-free-speech-try-again');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/assessment\/summary$/, { timeout: 120_000 });
  expect(sent).toHaveLength(failures + 1);
  expect(new Set(sent).size).toBe(1);
  await expect(
    page.getByRole('heading', { name: `Thank you, ${name}. Your test is complete.` }),
  ).toBeVisible();
  await expect(page.getByText(`${org} will receive your results.`)).toBeVisible();
  await expect(page.getByText('Reading Comprehension: Completed (time ran out)')).toBeVisible();
  await shot(page, '9-summary');
  await expectAccessible(page, 'the candidate’s summary');

  // The admin finds the test done, the code used, and opens and downloads the report.
  await admin.goto('/dashboard/test');
  const row = admin.getByTestId('candidate-row').filter({ hasText: email });
  await expect(row).toContainText('Done');
  await expect(row).toContainText('Used');
  const result = row.getByTestId('result-link');
  const cefr = ((await result.textContent()) ?? '').trim();
  expect(cefr).toMatch(/^(A1|A2|B1|B2|C1|C2)$/);
  await result.click();
  await expect(admin.getByTestId('report-cefr')).toContainText(cefr);
  await shot(admin, '10-report');
  await expectAccessible(admin, 'the English Test report');
  const [download] = await Promise.all([
    admin.waitForEvent('download', { timeout: 60_000 }),
    admin.getByRole('button', { name: 'Download report' }).click(),
  ]);
  const text = pdfText(await download.path());
  expect(text).toContain(name);
  expect(text).toContain(cefr);

  // The used code no longer opens the test.
  const again = await (await browser.newContext()).newPage();
  await signIn(again, email, code);
  await expect(again.getByRole('alert')).toHaveText(RECRUITMENT_TEXTS.testFinished);
});

test('a wrong code is refused with the spec text', async ({ page }) => {
  await signIn(page, uniqueEmail('nobody'), 'NOT-A-CODE');
  await expect(page.getByRole('alert')).toHaveText(messages.signIn.wrongCredentials);
  await shot(page, '0-wrong-code');
});

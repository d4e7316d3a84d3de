/// <reference lib="dom" />
import { messages } from '@agaton/contracts';
import { expect, test } from '@playwright/test';

test('a candidate signs in with the e-mail and test code; the candidate token is kept apart', async ({
  page,
}) => {
  await page.goto('/candidate');
  await page.getByLabel('Email').fill('candidate@agaton.local');
  await page.getByLabel('Test code').fill('WRONG-CODE');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.signIn.wrongCredentials);

  await page.getByLabel('Test code').fill('DEMO-TEST-1');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByText('Northwind Demo')).toBeVisible();
  const stored = await page.evaluate(() => ({
    candidate: localStorage.getItem('agaton.candidate.token'),
    user: localStorage.getItem('agaton.user.token'),
  }));
  expect(stored.candidate).toBeTruthy();
  expect(stored.user).toBeNull();
});

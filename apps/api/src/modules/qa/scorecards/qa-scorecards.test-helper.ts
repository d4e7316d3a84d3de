/** Scorecard API tests' shared app, accounts and calls (two test files use them). */
import { type Question, questionSchema, questionSetSchema } from '@agaton/contracts';
import { qaQuestions } from '@agaton/db';
import { buildAdmin, buildManager, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../testing/test-app.ts';

/** The app under test (a live binding: set by setupScorecardsApp's beforeAll). */
export let t: TestApp;
/** Owner and manager of organisation A, owner of organisation B. */
export const tokens = { owner: '', manager: '', other: '' };

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

export const patch = (url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  });

export async function newScorecard(name: string, token = tokens.owner) {
  const res = await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return questionSetSchema.parse(res.json());
}

export const question = (questionSetIds: string[], overrides: Record<string, unknown> = {}) => ({
  questionText: 'Did the agent greet the customer by name?',
  presentationText: 'A friendly greeting with the customer’s name sets the tone.',
  purposes: ['QUALITY'],
  isActive: true,
  isTrueGood: true,
  severity: 'HIGH',
  questionSetIds,
  speaker: 'AGENT',
  phrases: ['thank you for calling'],
  examples: ['Hello Maria, thanks for calling'],
  ...overrides,
});

export async function addQuestion(questionSetIds: string[], overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/qa/questions', {
    token: tokens.owner,
    body: question(questionSetIds, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return questionSchema.parse(res.json());
}

export async function questionsOf(questionSetId: string, token = tokens.owner) {
  const res = await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/questions`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questions as Question[];
}

export async function scorecards(token = tokens.owner) {
  const res = await call(t.app, 'GET', '/api/qa/question-sets', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questionSets as { questionSetId: string; name: string; questionCount: number }[];
}

export const versionOf = async (questionId: string) =>
  (await t.db.select({ v: qaQuestions.version }).from(qaQuestions).where(eq(qaQuestions.id, questionId)))[0]
    .v;

export const edit = (q: Question, changes: Record<string, unknown> = {}) => {
  const { questionId: _id, updatedAt: _at, ...fields } = q;
  return { ...fields, ...changes };
};

/** A fresh app with the accounts, closed after the file's tests. */
export function setupScorecardsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildAdmin(t.db, { email: 'owner@qa-cards-a.example' });
    const team = await buildTeam(t.db, { orgId: owner.orgId, name: 'Sales' });
    await buildManager(t.db, { orgId: owner.orgId, teamIds: [team.id], email: 'manager@qa-cards-a.example' });
    await buildAdmin(t.db, { email: 'owner@qa-cards-b.example' });
    tokens.owner = await adminToken('owner@qa-cards-a.example');
    tokens.manager = await adminToken('manager@qa-cards-a.example');
    tokens.other = await adminToken('owner@qa-cards-b.example');
  });
  afterAll(() => t.close());
}

import {
  phraseSuggestionSchema,
  QA_LIMITS,
  QA_TEXTS,
  type Question,
  questionSchema,
  questionSetSchema,
} from '@agaton/contracts';
import { qaQuestions } from '@agaton/db';
import { buildAdmin, buildManager, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SCORECARD_ERRORS } from './qa-scorecards.service.ts';

let t: TestApp;
const tokens = { owner: '', manager: '', other: '' };

const adminToken = async (email: string) =>
  (
    await call(t.app, 'POST', '/api/admin/auth', { body: { username: email, password: FACTORY_PASSWORD } })
  ).json().accessToken as string;

const patch = (url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  });

async function newScorecard(name: string, token = tokens.owner) {
  const res = await call(t.app, 'POST', '/api/qa/question-sets', { token, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return questionSetSchema.parse(res.json());
}

const question = (questionSetIds: string[], overrides: Record<string, unknown> = {}) => ({
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

async function addQuestion(questionSetIds: string[], overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/qa/questions', {
    token: tokens.owner,
    body: question(questionSetIds, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return questionSchema.parse(res.json());
}

async function questionsOf(questionSetId: string, token = tokens.owner) {
  const res = await call(t.app, 'GET', `/api/qa/question-sets/${questionSetId}/questions`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questions as Question[];
}

async function scorecards(token = tokens.owner) {
  const res = await call(t.app, 'GET', '/api/qa/question-sets', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questionSets as { questionSetId: string; name: string; questionCount: number }[];
}

const versionOf = async (questionId: string) =>
  (await t.db.select({ v: qaQuestions.version }).from(qaQuestions).where(eq(qaQuestions.id, questionId)))[0]
    .v;

const edit = (q: Question, changes: Record<string, unknown> = {}) => {
  const { questionId: _id, updatedAt: _at, ...fields } = q;
  return { ...fields, ...changes };
};

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

describe('scorecards', () => {
  it('starts empty, then lists created scorecards by name with their counts', async () => {
    expect(await scorecards()).toEqual([]);
    const sales = await newScorecard('Sales calls');
    await newScorecard('Onboarding');
    await addQuestion([sales.questionSetId]);
    const list = await scorecards();
    expect(list.map((s) => s.name)).toEqual(['Onboarding', 'Sales calls']);
    expect(list[1]).toMatchObject({
      questionCount: 1,
      documentCount: 0,
      maxQuestions: QA_LIMITS.maxQuestionsPerScorecard,
    });
  });

  it('refuses a blank name with Required and a taken one (any case) with 409', async () => {
    const blank = await call(t.app, 'POST', '/api/qa/question-sets', {
      token: tokens.owner,
      body: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details).toEqual([{ path: 'name', message: QA_TEXTS.required }]);
    await newScorecard('Retention');
    const taken = await call(t.app, 'POST', '/api/qa/question-sets', {
      token: tokens.owner,
      body: { name: 'retention' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(SCORECARD_ERRORS.nameTaken);
  });

  it('lets a manager manage them too, renames, and refuses a rename onto another name', async () => {
    const card = await newScorecard('Complaints', tokens.manager);
    const renamed = await patch(
      `/api/qa/question-sets/${card.questionSetId}`,
      { name: 'Complaints desk' },
      tokens.manager,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Complaints desk');
    // The same name in another case is its own name, not a clash.
    expect(
      (await patch(`/api/qa/question-sets/${card.questionSetId}`, { name: 'COMPLAINTS DESK' }, tokens.owner))
        .statusCode,
    ).toBe(200);
    const clash = await patch(
      `/api/qa/question-sets/${card.questionSetId}`,
      { name: 'Onboarding' },
      tokens.owner,
    );
    expect(clash.statusCode).toBe(409);
  });

  it('deletes a scorecard: a question shared with another stays there, one left in none is kept but listed nowhere', async () => {
    const a = await newScorecard('Delete me');
    const b = await newScorecard('Keeper');
    const shared = await addQuestion([a.questionSetId, b.questionSetId], {
      questionText: 'Shared question?',
    });
    const alone = await addQuestion([a.questionSetId], { questionText: 'Alone question?' });
    const res = await call(t.app, 'DELETE', `/api/qa/question-sets/${a.questionSetId}`, {
      token: tokens.owner,
    });
    expect(res.statusCode).toBe(204);
    expect((await scorecards()).map((s) => s.name)).not.toContain('Delete me');
    const kept = await questionsOf(b.questionSetId);
    expect(kept.map((q) => [q.questionText, q.questionSetIds])).toEqual([
      ['Shared question?', [b.questionSetId]],
    ]);
    // Kept for its past answers, but in no scorecard, so no longer asked.
    const [row] = await t.db.select().from(qaQuestions).where(eq(qaQuestions.id, alone.questionId));
    expect(row.questionText).toBe('Alone question?');
    expect(shared.questionSetIds).toHaveLength(2);
    const again = await call(t.app, 'GET', `/api/qa/question-sets/${a.questionSetId}/questions`, {
      token: tokens.owner,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another organisation's scorecard and lists none of it", async () => {
    const mine = await newScorecard('Private');
    await addQuestion([mine.questionSetId]);
    expect(await scorecards(tokens.other)).toEqual([]);
    const url = `/api/qa/question-sets/${mine.questionSetId}`;
    expect((await call(t.app, 'GET', `${url}/questions`, { token: tokens.other })).statusCode).toBe(404);
    expect((await patch(url, { name: 'Mine now' }, tokens.other)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', url, { token: tokens.other })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${url}/documents`, { token: tokens.other })).statusCode).toBe(404);
    expect((await questionsOf(mine.questionSetId)).length).toBe(1);
  });

  it('needs an admin token', async () => {
    expect((await call(t.app, 'GET', '/api/qa/question-sets')).statusCode).toBe(401);
  });
});

describe('questions', () => {
  it('creates a question with its evidence and lists it in its scorecard', async () => {
    const card = await newScorecard('Greeting');
    const created = await addQuestion([card.questionSetId], {
      purposes: ['QUALITY', 'COACHING'],
      severity: 'MEDIUM',
    });
    expect(created).toMatchObject({
      questionText: 'Did the agent greet the customer by name?',
      purposes: ['QUALITY', 'COACHING'],
      severity: 'MEDIUM',
      speaker: 'AGENT',
      phrases: ['thank you for calling'],
      questionSetIds: [card.questionSetId],
    });
    expect(await questionsOf(card.questionSetId)).toEqual([created]);
  });

  it.each([
    ['blank question text', { questionText: '   ' }, 'questionText', QA_TEXTS.required],
    ['blank explanation', { presentationText: '\t ' }, 'presentationText', QA_TEXTS.required],
    ['no purpose', { purposes: [] }, 'purposes', QA_TEXTS.required],
    ['no scorecard', { questionSetIds: [] }, 'questionSetIds', QA_TEXTS.required],
    ['no severity', { severity: undefined }, 'severity', undefined],
    ['unspecified severity', { severity: 'UNSPECIFIED' }, 'severity', undefined],
    ['no expected answer', { isTrueGood: undefined }, 'isTrueGood', QA_TEXTS.required],
    ['no active flag', { isActive: undefined }, 'isActive', QA_TEXTS.required],
    [
      'too long a text',
      { questionText: 'x'.repeat(QA_LIMITS.maxQuestionTextChars + 1) },
      'questionText',
      undefined,
    ],
    [
      'too many phrases',
      { phrases: Array.from({ length: QA_LIMITS.maxPhrases + 1 }, (_, i) => `p${i}`) },
      'phrases',
      undefined,
    ],
  ])('refuses %s (400 naming the field)', async (_name, changes, path, message) => {
    const card = await newScorecard(`Validation ${path} ${Math.random()}`);
    const res = await call(t.app, 'POST', '/api/qa/questions', {
      token: tokens.owner,
      body: question([card.questionSetId], changes),
    });
    expect(res.statusCode, res.body).toBe(400);
    const issue = res.json().error.details.find((d: { path: string }) => d.path === path);
    expect(issue, res.body).toBeDefined();
    if (message) expect(issue.message).toBe(message);
  });

  it('refuses scorecards of another organisation or unknown ones with 404 and creates nothing', async () => {
    const theirs = await newScorecard('Theirs', tokens.other);
    const mine = await newScorecard('Mine');
    for (const ids of [
      [theirs.questionSetId],
      [mine.questionSetId, theirs.questionSetId],
      [crypto.randomUUID()],
    ]) {
      const res = await call(t.app, 'POST', '/api/qa/questions', {
        token: tokens.owner,
        body: question(ids),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await questionsOf(mine.questionSetId)).toEqual([]);
    expect(await questionsOf(theirs.questionSetId, tokens.other)).toEqual([]);
  });

  it('labels a question in two scorecards as Shared in both lists (questionSetIds of all)', async () => {
    const a = await newScorecard('Shared A');
    const b = await newScorecard('Shared B');
    const q = await addQuestion([a.questionSetId]);
    const res = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.owner,
      body: edit(q, { questionSetIds: [a.questionSetId, b.questionSetId] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const card of [a, b]) {
      const [listed] = await questionsOf(card.questionSetId);
      expect(listed.questionSetIds.sort()).toEqual([a.questionSetId, b.questionSetId].sort());
    }
  });

  it('keeps the version of an unchanged save and bumps it once per answer-changing edit', async () => {
    const card = await newScorecard('Versions');
    const q = await addQuestion([card.questionSetId]);
    expect(await versionOf(q.questionId)).toBe(1);
    const same = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.owner,
      body: edit(q),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(q.updatedAt);
    expect(await versionOf(q.questionId)).toBe(1);
    // Only whitespace around the text: still the same question.
    await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.owner,
      body: edit(q, { questionText: `  ${q.questionText} ` }),
    });
    expect(await versionOf(q.questionId)).toBe(1);
    let version = 1;
    for (const change of [
      { questionText: 'Did the agent greet the caller?' },
      { presentationText: 'New explanation' },
      { isTrueGood: false },
      { severity: 'MEDIUM' },
      { speaker: 'ANY' },
      { phrases: ['good morning'] },
      { examples: [] },
      { isActive: false },
      { purposes: ['COACHING'] },
    ]) {
      const res = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
        token: tokens.owner,
        body: edit(q, change),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(change);
      version += 1;
      expect(await versionOf(q.questionId), JSON.stringify(change)).toBe(version);
      Object.assign(q, change);
    }
  });

  it('deletes a question from the current scorecard only (update without it), keeping the other', async () => {
    const a = await newScorecard('Remove A');
    const b = await newScorecard('Remove B');
    const q = await addQuestion([a.questionSetId, b.questionSetId]);
    const res = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.owner,
      body: edit(q, { questionSetIds: [b.questionSetId] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await questionsOf(a.questionSetId)).toEqual([]);
    expect((await questionsOf(b.questionSetId)).map((x) => x.questionSetIds)).toEqual([[b.questionSetId]]);
    // Removed from its last scorecard: kept, in none, no new version.
    const last = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.owner,
      body: edit(q, { questionSetIds: [] }),
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().questionSetIds).toEqual([]);
    expect(await questionsOf(b.questionSetId)).toEqual([]);
    expect(await versionOf(q.questionId)).toBe(1);
  });

  it("answers 404 for another organisation's question", async () => {
    const card = await newScorecard('Tenant');
    const q = await addQuestion([card.questionSetId]);
    const theirCard = await newScorecard('Tenant', tokens.other);
    const res = await call(t.app, 'PUT', `/api/qa/questions/${q.questionId}`, {
      token: tokens.other,
      body: edit(q, { questionSetIds: [theirCard.questionSetId], questionText: 'Hijacked?' }),
    });
    expect(res.statusCode).toBe(404);
    expect((await questionsOf(card.questionSetId))[0].questionText).toBe(q.questionText);
  });

  it(`holds at most ${QA_LIMITS.maxQuestionsPerScorecard} questions per scorecard (409 naming the limit)`, async () => {
    const full = await newScorecard('Full');
    const spare = await newScorecard('Spare');
    for (let i = 0; i < QA_LIMITS.maxQuestionsPerScorecard; i++) {
      await addQuestion([full.questionSetId], { questionText: `Question ${i}?` });
    }
    const res = await call(t.app, 'POST', '/api/qa/questions', {
      token: tokens.owner,
      body: question([full.questionSetId]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SCORECARD_ERRORS.tooManyQuestions('Full'));
    expect(res.json().error.message).toContain(String(QA_LIMITS.maxQuestionsPerScorecard));
    // Moving another question in is refused too; editing one already in it is not.
    const other = await addQuestion([spare.questionSetId]);
    const move = await call(t.app, 'PUT', `/api/qa/questions/${other.questionId}`, {
      token: tokens.owner,
      body: edit(other, { questionSetIds: [spare.questionSetId, full.questionSetId] }),
    });
    expect(move.statusCode).toBe(409);
    const [first] = await questionsOf(full.questionSetId);
    const ok = await call(t.app, 'PUT', `/api/qa/questions/${first.questionId}`, {
      token: tokens.owner,
      body: edit(first, { severity: 'MEDIUM' }),
    });
    expect(ok.statusCode).toBe(200);
    expect((await questionsOf(full.questionSetId)).length).toBe(QA_LIMITS.maxQuestionsPerScorecard);
  });
});

describe('evidence suggestion', () => {
  it('suggests speaker, phrases and examples from the question text, for admins only', async () => {
    const res = await call(t.app, 'POST', '/api/qa/questions/suggest', {
      token: tokens.manager,
      body: { questionText: 'Did the agent thank the customer for calling?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const suggestion = phraseSuggestionSchema.parse(res.json());
    expect(suggestion.phrases.length + suggestion.examples.length).toBeGreaterThan(0);
    const blank = await call(t.app, 'POST', '/api/qa/questions/suggest', {
      token: tokens.owner,
      body: { questionText: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details).toEqual([{ path: 'questionText', message: QA_TEXTS.required }]);
    expect(
      (await call(t.app, 'POST', '/api/qa/questions/suggest', { body: { questionText: 'Hi?' } })).statusCode,
    ).toBe(401);
  });
});

import { QA_LIMITS, QA_TEXTS } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../../testing/test-app.ts';
import { SCORECARD_ERRORS } from './qa-scorecards.service.ts';
import {
  addQuestion,
  edit,
  newScorecard,
  question,
  questionsOf,
  setupScorecardsApp,
  t,
  tokens,
  versionOf,
} from './qa-scorecards.test-helper.ts';

setupScorecardsApp();

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

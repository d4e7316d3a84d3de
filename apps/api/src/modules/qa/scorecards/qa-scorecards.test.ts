import { phraseSuggestionSchema, QA_LIMITS, QA_TEXTS } from '@agaton/contracts';
import { qaQuestions } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../testing/test-app.ts';
import { SCORECARD_ERRORS } from './qa-scorecards.service.ts';
import {
  addQuestion,
  newScorecard,
  patch,
  questionsOf,
  scorecards,
  setupScorecardsApp,
  t,
  tokens,
} from './qa-scorecards.test-helper.ts';

setupScorecardsApp();

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

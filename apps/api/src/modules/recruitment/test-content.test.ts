import type { TestContent } from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEFAULT_TEST_CONTENT } from './content/default-test-content.ts';
import { addCandidate, recruitmentOrgs } from './recruitment-admin.test-helper.ts';

const POSITION = 'Sales representative';
/** Where the position is in the default content (whatever order the product lists its positions in). */
const SALES = DEFAULT_TEST_CONTENT.positions.findIndex((p) => p.position === POSITION);
let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;

beforeAll(async () => {
  t = await createTestApp();
  org = await recruitmentOrgs(t);
});
afterAll(() => t.close());

const get = (token: string) => call(t.app, 'GET', '/api/admin/test-content', { token });
const put = (token: string, body: unknown) => call(t.app, 'PUT', '/api/admin/test-content', { token, body });

/** The default with the first LOW reading sentence reworded. */
function edited(text: string): TestContent {
  const content = structuredClone(DEFAULT_TEST_CONTENT) as TestContent;
  content.positions[SALES].levels.LOW.reading.sentences[0].text = text;
  content.timeLimitsSeconds.Reading = 420;
  return content;
}

describe('GET /api/admin/test-content', () => {
  it("answers the product's default until the organisation saves its own, to owners and managers", async () => {
    for (const token of [org.tokens.owner, org.tokens.salesManager]) {
      const res = await get(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_TEST_CONTENT);
    }
  });

  it('needs an admin token', async () => {
    expect((await call(t.app, 'GET', '/api/admin/test-content')).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/test-content', () => {
  it('answers 400 with each problem at its path in words an editor can act on', async () => {
    const bad = structuredClone(DEFAULT_TEST_CONTENT) as TestContent;
    const low = bad.positions[SALES].levels.LOW;
    low.reading.ask = low.reading.sentences.length + 1;
    low.listening.questions[0].answerIndex = 9;
    low.readingComprehension.questions[0].text = '   ';
    bad.positions[SALES].levels.MEDIUM.reading.sentences[0].id = low.reading.sentences[0].id;
    const res = await put(org.tokens.owner, bad);
    expect(res.statusCode).toBe(400);
    const { code, details } = res.json().error;
    expect(code).toBe('VALIDATION');
    const byPath = Object.fromEntries(
      details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(byPath[`positions.${SALES}.levels.LOW.reading.ask`]).toBe(
      `ask is ${low.reading.ask} but the pool has ${low.reading.sentences.length}`,
    );
    expect(byPath[`positions.${SALES}.levels.LOW.listening.questions.0.answerIndex`]).toBe(
      'answerIndex must point at one of the options',
    );
    expect(byPath[`positions.${SALES}.levels.LOW.readingComprehension.questions.0.text`]).toBe('Required');
    // The duplicate id is reported once the levels themselves are valid, so fix the rest and retry.
    const onlyDuplicate = structuredClone(DEFAULT_TEST_CONTENT) as TestContent;
    onlyDuplicate.positions[SALES].levels.MEDIUM.reading.sentences[0].id =
      onlyDuplicate.positions[SALES].levels.LOW.reading.sentences[0].id;
    const dup = await put(org.tokens.owner, onlyDuplicate);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.details[0].message).toBe(
      `Item id "${onlyDuplicate.positions[SALES].levels.LOW.reading.sentences[0].id}" is used twice in ${POSITION}`,
    );
    expect((await get(org.tokens.owner)).json()).toEqual(DEFAULT_TEST_CONTENT);
  });

  it('refuses a body that is not content at all, and a manager', async () => {
    const empty = await put(org.tokens.owner, {});
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['positions', 'timeLimitsSeconds']);
    const manager = await put(org.tokens.salesManager, edited('Managers may not change this.'));
    expect(manager.statusCode).toBe(403);
  });

  it("replaces the owner's organisation's content only; tests already sent keep their snapshot", async () => {
    const before = await addCandidate(t, org.tokens.owner, {
      name: 'Early Bird',
      email: 'early@example.com',
      position: POSITION,
    });
    const saved = await put(org.tokens.owner, edited('Our new first sentence is here.'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().positions[SALES].levels.LOW.reading.sentences[0].text).toBe(
      'Our new first sentence is here.',
    );
    expect((await get(org.tokens.owner)).json()).toEqual(saved.json());
    expect((await get(org.tokens.ownerB)).json()).toEqual(DEFAULT_TEST_CONTENT);

    const after = await addCandidate(t, org.tokens.owner, {
      name: 'Late Comer',
      email: 'late@example.com',
      position: POSITION,
    });
    const snapshot = async (challengeId: string) =>
      (await t.db.select().from(challenges).where(eq(challenges.id, challengeId)))[0].content;
    const old = await snapshot(before.recruitInfo.challengesMeta[0].id);
    const fresh = await snapshot(after.recruitInfo.challengesMeta[0].id);
    expect(old?.position.levels.LOW.reading.sentences[0].text).toBe(
      DEFAULT_TEST_CONTENT.positions[SALES].levels.LOW.reading.sentences[0].text,
    );
    expect(old?.timeLimitsSeconds.Reading).toBe(DEFAULT_TEST_CONTENT.timeLimitsSeconds.Reading);
    expect(fresh?.position.levels.LOW.reading.sentences[0].text).toBe('Our new first sentence is here.');
    expect(fresh?.timeLimitsSeconds.Reading).toBe(420);
  });

  it('offers only the positions of the saved content when sending a test', async () => {
    const renamed = edited('Another first sentence.');
    renamed.positions[SALES].position = 'Account manager';
    expect((await put(org.tokens.owner, renamed)).statusCode).toBe(200);
    const candidate = await addCandidate(t, org.tokens.owner, { name: 'Pat Pos', email: 'pat@example.com' });
    const send = (position: string) =>
      call(t.app, 'POST', '/api/challenge', {
        token: org.tokens.owner,
        body: { candidateAstridIdentityIds: [candidate.identityId], position },
      });
    expect((await send(POSITION)).statusCode).toBe(400);
    const ok = await send('account MANAGER');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().createdChallenges[0].candidatePosition).toBe('Account manager');
  });
});

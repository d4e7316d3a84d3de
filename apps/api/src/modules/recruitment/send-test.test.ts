import { messages, RECRUITMENT_TEXTS, TEST_RULES } from '@agaton/contracts';
import { challenges, organisations } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEFAULT_TEST_CONTENT } from './content/default-test-content.ts';
import {
  addCandidate,
  recruitmentAccess,
  recruitmentOrgs,
  setTestsLeft,
} from './recruitment-admin.test-helper.ts';

const POSITION = 'Sales representative';
let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
let ids: { ann: string; ben: string; cat: string; dan: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await recruitmentOrgs(t);
  const add = (name: string, email: string, team: string) =>
    addCandidate(t, org.tokens.owner, { name, email, department: team }).then((c) => c.identityId);
  ids = {
    ann: await add('Ann <i>Able</i>', 'ann@example.com', org.sales.id),
    ben: await add('Ben Best', 'ben@example.com', org.sales.id),
    cat: await add('Cat Clever', 'cat@example.com', org.support.id),
    dan: await add('Dan Deft', 'dan@example.com', org.support.id),
  };
});
beforeEach(() => setTestsLeft(t, org.orgId, 50));
afterAll(() => t.close());

const send = (token: string, candidateAstridIdentityIds: unknown, position: unknown = POSITION) =>
  call(t.app, 'POST', '/api/challenge', { token, body: { candidateAstridIdentityIds, position } });
const countChallenges = async () => (await t.db.select({ id: challenges.id }).from(challenges)).length;
const outbox = async (to: string) =>
  (await call(t.app, 'GET', `/api/dev/outbox?to=${to}`, { token: org.tokens.owner })).json();

describe('POST /api/challenge (Send test)', () => {
  it('creates one challenge per candidate with a fresh code, a 14-day expiry and a snapshot of the position', async () => {
    const before = Date.now();
    const res = await send(org.tokens.owner, [ids.ann, ids.ben]);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().createdChallenges;
    expect(created).toHaveLength(2);
    expect(new Set(created.map((c: { code: string }) => c.code)).size).toBe(2);
    for (const c of created) {
      expect(c).toMatchObject({
        completedAt: null,
        isExpired: false,
        candidatePosition: POSITION,
        resultsBlob: null,
      });
      const lifetime = new Date(c.expiresAt).getTime() - before;
      expect(lifetime).toBeGreaterThanOrEqual(TEST_RULES.codeLifetimeDays * 86_400_000 - 5_000);
      expect(lifetime).toBeLessThanOrEqual(TEST_RULES.codeLifetimeDays * 86_400_000 + 5_000);
    }
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, created[0].id));
    const sales = DEFAULT_TEST_CONTENT.positions.find((p) => p.position === POSITION);
    expect(row.content).toEqual({
      timeLimitsSeconds: DEFAULT_TEST_CONTENT.timeLimitsSeconds,
      position: sales,
    });
    expect(row.test).toBeNull();
    // Candidates added without a topic now have the one of their test.
    const listed = (await call(t.app, 'GET', '/api/admin/candidates', { token: org.tokens.owner })).json();
    const ann = listed.find((c: { identityId: string }) => c.identityId === ids.ann);
    expect(ann).toMatchObject({ position: POSITION, isRecruit: true });
  });

  it('decrements the tests left by the number created (duplicates count once)', async () => {
    const res = await send(org.tokens.owner, [ids.ann, ids.cat, ids.ann]);
    expect(res.json().createdChallenges).toHaveLength(2);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(48);
  });

  it('e-mails each candidate the link, their e-mail as username, the code and the expiry, names escaped', async () => {
    const res = await send(org.tokens.owner, [ids.ann]);
    const { code, expiresAt } = res.json().createdChallenges[0];
    const [mail] = await outbox('ann@example.com');
    const [{ name }] = await t.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, org.orgId));
    expect(mail.subject).toBe(RECRUITMENT_TEXTS.invitationSubject(name));
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}/candidate`);
    expect(mail.text).toContain('Username: ann@example.com');
    expect(mail.text).toContain(`Test code: ${code}`);
    const day = new Date(expiresAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail.text).toContain(day);
    expect(mail.text).toMatch(/four parts .* about 30 minutes/);
    expect(mail.text).toContain('microphone and a quiet place');
    expect(mail.html).toContain(`href="${t.config.PUBLIC_URL}/candidate"`);
    expect(mail.html).toContain('Ann &lt;i&gt;Able&lt;/i&gt;');
    expect(mail.html).not.toContain('<i>Able</i>');
  });

  it('expires the open code of a candidate who is sent a new test (one open test per candidate)', async () => {
    const first = (await send(org.tokens.owner, [ids.dan])).json().createdChallenges[0];
    const second = (await send(org.tokens.owner, [ids.dan])).json().createdChallenges[0];
    expect(second.code).not.toBe(first.code);
    const old = await call(t.app, 'GET', `/api/admin/challenges/${first.id}`, { token: org.tokens.owner });
    expect(old.json().isExpired).toBe(true);
    const current = await call(t.app, 'GET', `/api/admin/challenges/${second.id}`, {
      token: org.tokens.owner,
    });
    expect(current.json().isExpired).toBe(false);
    // The old code no longer signs in.
    const signIn = await call(t.app, 'POST', '/api/challenge/auth', {
      body: { username: 'dan@example.com', password: first.code },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(RECRUITMENT_TEXTS.testExpired);
  });

  it("answers the spec's texts: 'Select test type please.' and 'Please select users first.'", async () => {
    const noTopic = await send(org.tokens.owner, [ids.ann], '  ');
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().error.details[0].message).toBe(messages.validation.selectTestType);
    const missingTopic = await call(t.app, 'POST', '/api/challenge', {
      token: org.tokens.owner,
      body: { candidateAstridIdentityIds: [ids.ann] },
    });
    expect(missingTopic.json().error.details[0].message).toBe(messages.validation.selectTestType);
    const unknownTopic = await send(org.tokens.owner, [ids.ann], 'Astronaut');
    expect(unknownTopic.statusCode).toBe(400);
    expect(unknownTopic.json().error.message).toBe(messages.validation.selectTestType);
    const nobody = await send(org.tokens.owner, []);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.details[0].message).toBe(messages.validation.selectUsers);
    const missing = await call(t.app, 'POST', '/api/challenge', {
      token: org.tokens.owner,
      body: { position: POSITION },
    });
    expect(missing.json().error.details[0].message).toBe(messages.validation.selectUsers);
  });

  it("402 'You have reached your tests limit' when fewer tests are left than asked; nothing is created", async () => {
    await setTestsLeft(t, org.orgId, 1);
    const before = await countChallenges();
    const res = await send(org.tokens.owner, [ids.ann, ids.ben]);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: RECRUITMENT_TEXTS.limitTests,
    });
    expect(await countChallenges()).toBe(before);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(1);
    // One still fits, and the count stops at 0.
    expect((await send(org.tokens.owner, [ids.ann])).statusCode).toBe(200);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(0);
    expect((await send(org.tokens.owner, [ids.ann])).statusCode).toBe(402);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(0);
  });

  it('lets only one of two concurrent sends have the last test', async () => {
    await setTestsLeft(t, org.orgId, 1);
    const before = await countChallenges();
    const results = await Promise.all([send(org.tokens.owner, [ids.ben]), send(org.tokens.owner, [ids.cat])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(await countChallenges()).toBe(before + 1);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(0);
  });

  it("404 for another organisation's candidate, or one outside a manager's teams; nothing is created", async () => {
    const before = await countChallenges();
    const foreign = await send(org.tokens.ownerB, [ids.ann]);
    expect(foreign.statusCode).toBe(404);
    const mixed = await send(org.tokens.salesManager, [ids.ann, ids.cat]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.details).toEqual([
      { path: 'candidateAstridIdentityIds', message: expect.stringContaining(ids.cat) },
    ]);
    expect(await countChallenges()).toBe(before);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(50);
    // Within their team the manager sends.
    expect((await send(org.tokens.salesManager, [ids.ann])).statusCode).toBe(200);
  });

  it('refuses an organisation without English test access', async () => {
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, org.orgBId));
    const access = row.productAccess;
    if (!access) throw new Error('factory org has access');
    await t.db
      .update(organisations)
      .set({
        productAccess: {
          ...access,
          recruitment: { haveAccess: false, status: 'trial-available', testsLeftCount: 5 },
        },
      })
      .where(eq(organisations.id, org.orgBId));
    const res = await call(t.app, 'POST', '/api/candidate', {
      token: org.tokens.ownerB,
      body: { name: 'Bo', email: 'bo@example.com', position: POSITION },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(RECRUITMENT_TEXTS.noRecruitmentAccess);
  });
});

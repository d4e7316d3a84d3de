import { type Candidate, messages, RECRUITMENT_TEXTS } from '@agaton/contracts';
import { candidates } from '@agaton/db';
import { buildMember } from '@agaton/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';
import { addCandidate, recruitmentAccess, recruitmentOrgs } from './recruitment-admin.test-helper.ts';

let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;

beforeAll(async () => {
  t = await createTestApp();
  org = await recruitmentOrgs(t);
});
afterAll(() => t.close());

const list = async (token: string): Promise<Candidate[]> => {
  const res = await call(t.app, 'GET', '/api/admin/candidates', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /api/candidate (Add user)', () => {
  it('adds a candidate in a team, trimmed and lower-cased, without sending a test when no position is given', async () => {
    const before = (await recruitmentAccess(t, org.orgId)).testsLeftCount;
    const created = await addCandidate(t, org.tokens.owner, {
      name: '  Nora North ',
      email: ' Nora.North@Example.com ',
      department: org.sales.id,
      level: 'Intermediate',
    });
    expect(created).toMatchObject({
      name: 'Nora North',
      email: 'nora.north@example.com',
      department: 'Sales',
      level: 'Intermediate',
      position: null,
      isRecruit: true,
      isTrainee: false,
      recruitInfo: { challengesMeta: [] },
      traineeInfo: { traineeStatus: 'NotInvited' },
      aiCoachInfo: { astridIdentityId: null, teams: [{ id: org.sales.id, name: 'Sales' }] },
    });
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(before);
  });

  it('sends the test at once to a recruit with a position: one challenge, one test used, the invitation e-mailed', async () => {
    const before = (await recruitmentAccess(t, org.orgId)).testsLeftCount ?? 0;
    const created = await addCandidate(t, org.tokens.owner, {
      name: 'Rita Recruit',
      email: 'rita@example.com',
      position: 'Sales representative',
      department: org.support.id,
    });
    expect(created.position).toBe('Sales representative');
    expect(created.recruitInfo.challengesMeta).toHaveLength(1);
    const [meta] = created.recruitInfo.challengesMeta;
    expect(meta.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(meta.isExpired).toBe(false);
    expect((await recruitmentAccess(t, org.orgId)).testsLeftCount).toBe(before - 1);
    const mail = await latestEmail(t.app, 'rita@example.com');
    expect(mail?.subject).toBe(RECRUITMENT_TEXTS.invitationSubject((await orgName()) ?? ''));
    expect(mail?.text).toContain(meta.code);
  });

  it('links the organisation member with the same e-mail (aiCoachInfo)', async () => {
    const member = await buildMember(t.db, { orgId: org.orgId, email: 'mia.member@example.com' });
    const created = await addCandidate(t, org.tokens.owner, {
      name: 'Mia Member',
      email: 'MIA.member@example.com',
    });
    expect(created.aiCoachInfo.astridIdentityId).toBe(member.id);
    const [row] = await t.db.select().from(candidates).where(eq(candidates.id, created.identityId));
    expect(row.memberId).toBe(member.id);
  });

  it('invites a trainee to the learning app: InvitePending and an e-mail with the invitation link', async () => {
    const created = await addCandidate(t, org.tokens.owner, {
      name: 'Tom <b>Trainee</b>',
      email: 'tom@example.com',
      isRecruit: false,
      isTrainee: true,
    });
    expect(created.traineeInfo.traineeStatus).toBe('InvitePending');
    expect(created.isTrainee).toBe(true);
    const res = await call(t.app, 'GET', '/api/dev/outbox?to=tom@example.com', {
      token: org.tokens.owner,
    });
    const [mail] = res.json();
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}/coach/training-invite/${created.identityId}.`);
    expect(mail.html).toContain('Tom &lt;b&gt;Trainee&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Trainee</b>');
  });

  it("answers the spec's validation texts", async () => {
    const cases = [
      [{ name: '   ', email: 'ok@example.com' }, messages.validation.provideName],
      [{ email: 'ok@example.com' }, messages.validation.provideName],
      [{ name: 'Ok', email: 'not-an-email' }, messages.validation.invalidEmail],
      [{ name: 'Ok', email: 'a@b.c' }, messages.validation.invalidEmail],
      [{ name: 'Ok' }, messages.validation.invalidEmail],
    ] as const;
    for (const [body, text] of cases) {
      const res = await call(t.app, 'POST', '/api/candidate', { token: org.tokens.owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.map((d: { message: string }) => d.message)).toContain(text);
    }
  });

  it('refuses a second candidate with the same e-mail with 409, whatever the case', async () => {
    await addCandidate(t, org.tokens.owner, { name: 'Dee Dup', email: 'dee@example.com' });
    const res = await call(t.app, 'POST', '/api/candidate', {
      token: org.tokens.owner,
      body: { name: 'Dee Again', email: 'DEE@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(RECRUITMENT_TEXTS.candidateExists);
  });

  it('refuses an unknown position and creates nothing (the send is part of the same transaction)', async () => {
    const res = await call(t.app, 'POST', '/api/candidate', {
      token: org.tokens.owner,
      body: { name: 'Una Known', email: 'una@example.com', position: 'Astronaut' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.validation.selectTestType);
    const rows = await t.db.select().from(candidates).where(eq(candidates.email, 'una@example.com'));
    expect(rows).toHaveLength(0);
  });

  it("refuses another organisation's team (404) and a team the manager does not manage (403)", async () => {
    const foreign = await call(t.app, 'POST', '/api/candidate', {
      token: org.tokens.ownerB,
      body: { name: 'X', email: 'x@example.com', department: org.sales.id },
    });
    expect(foreign.statusCode).toBe(404);
    const notManaged = await call(t.app, 'POST', '/api/candidate', {
      token: org.tokens.salesManager,
      body: { name: 'Y', email: 'y@example.com', department: org.support.id },
    });
    expect(notManaged.statusCode).toBe(403);
  });

  it('refuses Add user to a manager of no team (403), who would never see the candidate', async () => {
    for (const department of [undefined, org.sales.id]) {
      const res = await call(t.app, 'POST', '/api/candidate', {
        token: org.tokens.idleManager,
        body: { name: 'Ida Idle', email: 'ida@example.com', department },
      });
      expect(res.statusCode, res.body).toBe(403);
    }
    const rows = await t.db.select().from(candidates).where(eq(candidates.email, 'ida@example.com'));
    expect(rows).toHaveLength(0);
  });

  it("puts a Sales manager's candidate without a team into Sales, so it stays on their list", async () => {
    const created = await addCandidate(t, org.tokens.salesManager, {
      name: 'Sam Sales',
      email: 'sam@example.com',
    });
    expect(created.department).toBe('Sales');
  });
});

describe('GET /api/admin/candidates', () => {
  it('lists the candidates newest first, with their challenges newest first', async () => {
    const all = await list(org.tokens.owner);
    const times = all.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const rita = all.find((c) => c.email === 'rita@example.com');
    const resend = await call(t.app, 'POST', '/api/challenge', {
      token: org.tokens.owner,
      body: { candidateAstridIdentityIds: [rita?.identityId], position: 'Sales representative' },
    });
    expect(resend.statusCode).toBe(200);
    const after = (await list(org.tokens.owner)).find((c) => c.email === 'rita@example.com');
    expect(after?.recruitInfo.challengesMeta).toHaveLength(2);
    const [newest, older] = after?.recruitInfo.challengesMeta ?? [];
    expect(newest.id).toBe(resend.json().createdChallenges[0].id);
    expect(older.isExpired).toBe(true);
    expect(newest.isExpired).toBe(false);
  });

  it("shows a manager only their teams' candidates; a manager of no team sees none (docs/decisions/023)", async () => {
    expect((await list(org.tokens.owner)).map((c) => c.email)).toContain('rita@example.com');
    const sales = await list(org.tokens.salesManager);
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((c) => c.department === 'Sales')).toBe(true);
    expect(sales.map((c) => c.email)).not.toContain('rita@example.com');
    expect(await list(org.tokens.idleManager)).toEqual([]);
  });

  it("never shows another organisation's candidates", async () => {
    expect(await list(org.tokens.ownerB)).toEqual([]);
  });

  it('refuses a request without a token', async () => {
    expect((await call(t.app, 'GET', '/api/admin/candidates')).statusCode).toBe(401);
  });
});

describe('POST /api/candidate/training-invite', () => {
  it('marks the candidates InvitePending and e-mails them; another organisation gets 404 and changes nothing', async () => {
    const nora = (await list(org.tokens.owner)).find((c) => c.email === 'nora.north@example.com');
    const foreign = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: org.tokens.ownerB,
      body: { candidateAstridIdentityIds: [nora?.identityId] },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(org.tokens.owner)).find((c) => c.email === 'nora.north@example.com')?.isTrainee).toBe(
      false,
    );

    const res = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: org.tokens.owner,
      body: { candidateAstridIdentityIds: [nora?.identityId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ invitedCandidatesIdentityIds: [nora?.identityId] });
    const after = (await list(org.tokens.owner)).find((c) => c.email === 'nora.north@example.com');
    expect(after).toMatchObject({ isTrainee: true, traineeInfo: { traineeStatus: 'InvitePending' } });
    const mail = await latestEmail(t.app, 'nora.north@example.com');
    expect(mail?.subject).toBe(RECRUITMENT_TEXTS.trainingInvitationSubject((await orgName()) ?? ''));
  });

  it("answers 'Please select users first.' for an empty selection", async () => {
    const res = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: org.tokens.owner,
      body: { candidateAstridIdentityIds: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].message).toBe(messages.validation.selectUsers);
  });
});

async function orgName() {
  const res = await call(t.app, 'GET', '/api/admin', { token: org.tokens.owner });
  return res.json().organizationInfo.name as string | undefined;
}

import { PLAN_TEXTS } from '@agaton/contracts';
import { candidates, organisations, type StoredProductAccess } from '@agaton/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';
import { addCandidate, recruitmentOrgs } from './recruitment-admin.test-helper.ts';

/** Sets the learning app's users limit of an organisation. */
async function setMaxUsers(t: TestApp, orgId: string, maxUserCount: number) {
  const [org] = await t.db.select().from(organisations).where(eq(organisations.id, orgId));
  const access = org.productAccess as StoredProductAccess;
  await t.db
    .update(organisations)
    .set({ productAccess: { ...access, training: { ...access.training, maxUserCount } } })
    .where(eq(organisations.id, orgId));
}

async function trainees(t: TestApp, orgId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(candidates)
    .where(and(eq(candidates.orgId, orgId), eq(candidates.isTrainee, true)));
  return row.n;
}

let t: TestApp;
let orgs: Awaited<ReturnType<typeof recruitmentOrgs>>;
beforeAll(async () => {
  t = await createTestApp();
  orgs = await recruitmentOrgs(t);
});
afterAll(() => t.close());

describe('Add training user (POST /api/candidate with isTrainee)', () => {
  it('invites the trainee at once by default: InvitePending and the e-mail', async () => {
    const added = await addCandidate(t, orgs.tokens.owner, {
      name: 'Ivy Invited',
      email: 'ivy@example.com',
      isRecruit: false,
      isTrainee: true,
    });
    expect(added).toMatchObject({ isTrainee: true, traineeInfo: { traineeStatus: 'InvitePending' } });
    expect((await latestEmail(t.app, 'ivy@example.com'))?.text).toContain('/coach/training-invite/');
  });

  it('with inviteUserToTraining false adds them not invited and sends nothing until Invite users to training', async () => {
    const added = await addCandidate(t, orgs.tokens.owner, {
      name: 'Lou Later',
      email: 'lou@example.com',
      isRecruit: false,
      isTrainee: true,
      inviteUserToTraining: false,
    });
    expect(added).toMatchObject({ isTrainee: true, traineeInfo: { traineeStatus: 'NotInvited' } });
    expect(await latestEmail(t.app, 'lou@example.com')).toBeUndefined();
    const invited = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: orgs.tokens.owner,
      body: { candidateAstridIdentityIds: [added.identityId] },
    });
    expect(invited.json()).toEqual({ invitedCandidatesIdentityIds: [added.identityId] });
    expect((await latestEmail(t.app, 'lou@example.com'))?.text).toContain('/coach/training-invite/');
  });

  it('refuses an inviteUserToTraining that is not a yes or no', async () => {
    const res = await call(t.app, 'POST', '/api/candidate', {
      token: orgs.tokens.owner,
      body: {
        name: 'Bad',
        email: 'bad@example.com',
        isRecruit: false,
        isTrainee: true,
        inviteUserToTraining: 'soon',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it("refuses new trainees past the users limit with 402 'You have reached your users limit'", async () => {
    const orgId = orgs.orgBId;
    const recruit = await addCandidate(t, orgs.tokens.ownerB, {
      name: 'Rae',
      email: 'rae@b.example',
      isRecruit: false,
    });
    await addCandidate(t, orgs.tokens.ownerB, {
      name: 'Tia',
      email: 'tia@b.example',
      isRecruit: false,
      isTrainee: true,
    });
    await setMaxUsers(t, orgId, 1);
    const add = await call(t.app, 'POST', '/api/candidate', {
      token: orgs.tokens.ownerB,
      body: { name: 'Max', email: 'max@b.example', isRecruit: false, isTrainee: true },
    });
    expect(add.statusCode).toBe(402);
    expect(add.json().error.message).toBe(PLAN_TEXTS.limitUsers);
    const invite = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: orgs.tokens.ownerB,
      body: { candidateAstridIdentityIds: [recruit.identityId] },
    });
    expect(invite.statusCode).toBe(402);
    expect(await trainees(t, orgId)).toBe(1);
    expect(await latestEmail(t.app, 'max@b.example')).toBeUndefined();
    // A recruit without training still fits, and one more seat lets the invitation through.
    await addCandidate(t, orgs.tokens.ownerB, { name: 'Ray', email: 'ray@b.example', isRecruit: false });
    await setMaxUsers(t, orgId, 2);
    const second = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: orgs.tokens.ownerB,
      body: { candidateAstridIdentityIds: [recruit.identityId] },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await trainees(t, orgId)).toBe(2);
  });
});

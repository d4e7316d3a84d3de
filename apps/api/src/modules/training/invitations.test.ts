import { PRACTICE_FEATURE, TRAINING_RULES, trainingTexts } from '@agaton/contracts';
import { candidates } from '@agaton/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recruitmentOrgs } from '../recruitment/recruitment-admin.test-helper.ts';
import { signInvitationToken } from '../recruitment/training-invitation-token.ts';
import { coach, invitationToken, inviteTrainee } from './training.test-helper.ts';

let t: TestApp;
let org: Awaited<ReturnType<typeof recruitmentOrgs>>;
beforeAll(async () => {
  t = await createTestApp();
  org = await recruitmentOrgs(t);
});
afterAll(() => t.close());

const invitation = (token: string) => call(t.app, 'GET', `/api/training/invitations/${token}`);
const accept = (token: string, bearer: string) =>
  call(t.app, 'POST', `/api/training/invitations/${token}/accept`, { token: bearer });
const decline = (token: string) => call(t.app, 'POST', `/api/training/invitations/${token}/decline`);
const me = async (bearer: string) => (await call(t.app, 'GET', '/api/app-user/me', { token: bearer })).json();
const candidateRow = async (id: string) =>
  (await t.db.select().from(candidates).where(eq(candidates.id, id)))[0];

describe('training invitations', () => {
  it('e-mails a signed link that names the organisation and the trainee', async () => {
    const { token } = await inviteTrainee(t, org.tokens.owner, 'ivy@example.com', 'Ivy Invited');
    const res = await invitation(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      organizationName: expect.any(String),
      candidateName: 'Ivy Invited',
      email: 'ivy@example.com',
      traineeStatus: 'InvitePending',
    });
  });

  it('refuses forged, altered, cut-off and expired links with the invalid text', async () => {
    const { candidate, token } = await inviteTrainee(t, org.tokens.owner, 'fay@example.com');
    const [id, expires, signature] = token.split('.');
    const forged = signInvitationToken({
      secret: 'another-secret-of-at-least-32-characters!',
      candidateId: id,
      now: new Date(),
    });
    const past = new Date(Date.now() - (TRAINING_RULES.invitationLifetimeDays * 24 + 1) * 3600 * 1000);
    const expired = signInvitationToken({
      secret: t.config.JWT_SECRET,
      candidateId: candidate.identityId,
      now: past,
    });
    const cutOff = token.slice(0, 5);
    for (const bad of [
      forged,
      `${id}.${Number(expires) + 1}.${signature}`,
      expired,
      'not-a-token-at-all',
      cutOff,
    ]) {
      const res = await invitation(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe(trainingTexts.invitationInvalid);
    }
    expect((await decline(expired)).statusCode).toBe(404);
  });

  it('accepts for the invited e-mail only: Training, the candidate linked, the practice feature; twice is once', async () => {
    const { candidate, token } = await inviteTrainee(t, org.tokens.owner, 'ann@example.com');
    const other = await coach(t, 'someone.else@example.com');
    const wrong = await accept(token, other.token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe(
      trainingTexts.invitationOtherAccount.replace('{email}', 'ann@example.com'),
    );
    expect((await me(other.token)).enabledFeatures).not.toContain(PRACTICE_FEATURE);

    expect((await accept(token, '')).statusCode).toBe(401);
    const ann = await coach(t, 'ann@example.com');
    const first = await accept(token, ann.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().traineeStatus).toBe('Training');
    const row = await candidateRow(candidate.identityId);
    expect(row.userId).toBe(ann.userId);
    expect(row.traineeStatus).toBe('Training');
    expect(row.trainingAcceptedAt).toBeInstanceOf(Date);
    const again = await accept(token, ann.token);
    expect(again.statusCode).toBe(200);
    const features = (await me(ann.token)).enabledFeatures as string[];
    expect(features.filter((f) => f === PRACTICE_FEATURE)).toHaveLength(1);
    expect((await candidateRow(candidate.identityId)).trainingAcceptedAt).toEqual(row.trainingAcceptedAt);

    // The admin's list shows the trainee training.
    const list = await call(t.app, 'GET', '/api/admin/candidates', { token: org.tokens.owner });
    const listed = list.json().find((c: { email: string }) => c.email === 'ann@example.com');
    expect(listed.traineeInfo.traineeStatus).toBe('Training');
  });

  it('declines without sign-in; not after accepting; a new invitation sets InvitePending again', async () => {
    const { candidate, token } = await inviteTrainee(t, org.tokens.owner, 'dan@example.com');
    const declined = await decline(token);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().traineeStatus).toBe('InviteRejected');
    expect((await invitation(token)).json().traineeStatus).toBe('InviteRejected');
    expect((await candidateRow(candidate.identityId)).traineeStatus).toBe('InviteRejected');

    const reinvite = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: org.tokens.owner,
      body: { candidateAstridIdentityIds: [candidate.identityId] },
    });
    expect(reinvite.statusCode, reinvite.body).toBe(200);
    expect((await candidateRow(candidate.identityId)).traineeStatus).toBe('InvitePending');
    const fresh = await invitationToken(t, 'dan@example.com');
    const dan = await coach(t, 'dan@example.com');
    expect((await accept(fresh, dan.token)).statusCode).toBe(200);
    const late = await decline(fresh);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(trainingTexts.invitationAlreadyAccepted);
    expect((await candidateRow(candidate.identityId)).traineeStatus).toBe('Training');
  });

  it("keeps organisations apart: a token is one candidate's, another organisation's admin cannot re-send it", async () => {
    const { candidate, token } = await inviteTrainee(t, org.tokens.owner, 'cora@example.com');
    const res = await call(t.app, 'POST', '/api/candidate/training-invite', {
      token: org.tokens.ownerB,
      body: { candidateAstridIdentityIds: [candidate.identityId] },
    });
    expect(res.statusCode).toBe(404);
    // The same e-mail invited by organisation B gets its own link, naming B's candidate.
    const inB = await inviteTrainee(t, org.tokens.ownerB, 'cora@example.com', 'Cora in B');
    expect(inB.token).not.toBe(token);
    expect((await invitation(inB.token)).json().candidateName).toBe('Cora in B');
    expect((await invitation(token)).json().candidateName).toBe('Tess Trainee');
  });

  it('a trainee of two organisations practises in the one accepted last', async () => {
    const inA = await inviteTrainee(t, org.tokens.owner, 'max@example.com');
    const inB = await inviteTrainee(t, org.tokens.ownerB, 'max@example.com');
    const max = await coach(t, 'max@example.com');
    const practiceOrg = async () =>
      (await call(t.app, 'GET', '/api/practice', { token: max.token })).json().organizationName;
    const orgName = async (token: string) => (await invitation(token)).json().organizationName;
    expect((await accept(inB.token, max.token)).statusCode).toBe(200);
    expect(await practiceOrg()).toBe(await orgName(inB.token));
    expect((await accept(inA.token, max.token)).statusCode).toBe(200);
    expect(await practiceOrg()).toBe(await orgName(inA.token));
    // Accepting B's again changes nothing: the latest acceptance stands.
    expect((await accept(inB.token, max.token)).statusCode).toBe(200);
    expect(await practiceOrg()).toBe(await orgName(inA.token));
  });
});

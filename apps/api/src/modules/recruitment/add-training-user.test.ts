import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, latestEmail, type TestApp } from '../../testing/test-app.ts';
import { addCandidate, recruitmentOrgs } from './recruitment-admin.test-helper.ts';

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
});

import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { expect } from 'vitest';
import { call, latestEmail, signIn, type TestApp } from '../../testing/test-app.ts';
import { addCandidate } from '../recruitment/recruitment-admin.test-helper.ts';

/** The invitation token in the latest training e-mail to `email`. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mail = await latestEmail(t.app, email);
  const match = mail?.text.match(/\/coach\/training-invite\/([^\s]+)/);
  expect(match, mail?.text).toBeTruthy();
  return (match as RegExpMatchArray)[1];
}

/** Adds a trainee through Add user (isTrainee) and answers their e-mailed invitation token. */
export async function inviteTrainee(t: TestApp, adminToken: string, email: string, name = 'Tess Trainee') {
  const candidate = await addCandidate(t, adminToken, { name, email, isRecruit: false, isTrainee: true });
  return { candidate, token: await invitationToken(t, email) };
}

/** A coach account with this e-mail, signed in; answers its access token and user id. */
export async function coach(t: TestApp, email: string) {
  const user = await buildUser(t.db, { email });
  const session = await signIn(t.app, email, FACTORY_PASSWORD);
  return { userId: user.id, token: session.accessToken };
}

/** Invites `email`, creates their coach account and accepts: a trainee ready to practise. */
export async function acceptedTrainee(t: TestApp, adminToken: string, email: string) {
  const { candidate, token } = await inviteTrainee(t, adminToken, email);
  const user = await coach(t, email);
  const res = await call(t.app, 'POST', `/api/training/invitations/${token}/accept`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, candidate, invitation: token };
}

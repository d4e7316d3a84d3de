import {
  buildAdmin,
  buildManager,
  buildMember,
  buildTeam,
  buildUser,
  FACTORY_PASSWORD,
} from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { addSession, ask, firstThread, shownText } from './chat.test-helper.ts';

const DAY = 24 * 3600 * 1000;

describe('Ask Agaton answers only from the asker’s scope', () => {
  let t: TestApp;
  const tokens: Record<'coach' | 'colleague' | 'owner' | 'manager' | 'stranger', string> = {} as never;
  let coachId: string;
  let coachSessionId: string;
  let supportUserId: string;
  let colleagueId: string;
  let colleagueEarlierId: string;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_STREAM_DELAY_MS: '0' });
    const owner = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    const sales = await buildTeam(t.db, { orgId: owner.orgId, name: 'Sales' });
    const support = await buildTeam(t.db, { orgId: owner.orgId, name: 'Support' });
    const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
    const colleague = await buildUser(t.db, { password: FACTORY_PASSWORD });
    const supporter = await buildUser(t.db, { password: FACTORY_PASSWORD });
    coachId = coach.id;
    supportUserId = supporter.id;
    await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Casey Coach',
      userId: coach.id,
      teams: [{ teamId: sales.id }],
    });
    await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Sam Seller',
      userId: colleague.id,
      teams: [{ teamId: sales.id }],
    });
    await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Parker Support',
      userId: supporter.id,
      teams: [{ teamId: support.id }],
    });
    coachSessionId = (await addSession(t.db, coach.id, new Date(Date.now() - DAY), { total: 58 })).id;
    await addSession(t.db, colleague.id, new Date(Date.now() - DAY), { total: 91 });
    colleagueEarlierId = (
      await addSession(t.db, colleague.id, new Date(Date.now() - 10 * DAY), { total: 81 })
    ).id;
    colleagueId = colleague.id;
    await addSession(t.db, supporter.id, new Date(Date.now() - DAY), { total: 64 });
    const manager = await buildManager(t.db, { orgId: owner.orgId, teamIds: [sales.id] });
    const stranger = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    const admin = (email: string) => signIn(t.app, email, FACTORY_PASSWORD, 'whiskey-admin');
    tokens.coach = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
    tokens.colleague = (await signIn(t.app, colleague.email, FACTORY_PASSWORD)).accessToken;
    tokens.owner = (await admin(owner.email)).accessToken;
    tokens.manager = (await admin(manager.email)).accessToken;
    tokens.stranger = (await admin(stranger.email)).accessToken;
  });
  afterAll(() => t.close());

  const askAs = async (who: keyof typeof tokens, text: string) => {
    const userType = who === 'coach' || who === 'colleague' ? 'USER' : 'ADMIN';
    const threadId = await firstThread(t.app, tokens[who]);
    return (await ask(t.app, tokens[who], threadId, text, userType)).text;
  };

  it('a coach is refused questions about colleagues and teams, and never sees their numbers', async () => {
    for (const q of [
      "What is Sam Seller's score?",
      'What did Sam Seller score last week?',
      'Who needs coaching on #Sales?',
      'How is my team doing?',
    ]) {
      const text = await askAs('coach', q);
      expect(text).toMatch(/I can only answer about your own sessions|organisation admins can ask/);
      expect(shownText(text)).not.toMatch(/\b91\b/);
    }
    const own = await askAs('colleague', 'What was my score in my last session?');
    expect(own).toContain('**91**');
    expect(shownText(own)).not.toMatch(/\b58\b/);
  });

  it('an admin gets a mentioned member’s real score with a link to that session', async () => {
    const text = await askAs('owner', "What was @Casey Coach's score in the last session?");
    expect(text).toContain("Casey Coach's last session");
    expect(text).toContain('**58**');
    expect(text).toContain(`(/dashboard/assistant/user/${coachId}/session/${coachSessionId})`);
  });

  it('a #team mention limits the answer to that team; who needs coaching lists the low scorers', async () => {
    const text = await askAs('owner', 'Who needs coaching in #Sales?');
    expect(text).toContain('Casey Coach');
    expect(text).not.toContain('Parker Support');
    const all = await askAs('owner', 'Who needs coaching?');
    expect(all).toContain('Parker Support');
    expect(all).not.toMatch(/\*\*Sam Seller\*\*/);
  });

  it('a manager is refused people outside their teams; another organisation’s admin gets a refusal, not data', async () => {
    const outside = await askAs('manager', "What is @Parker Support's score?");
    expect(outside).toContain("I can't find @Parker");
    expect(shownText(outside)).not.toMatch(/\b64\b/);
    const ranking = await askAs('manager', 'Who needs coaching?');
    expect(ranking).not.toContain('Parker Support');
    expect(ranking).not.toContain(supportUserId);
    for (const q of ["Show me Parker Support's latest score", 'How is Parker Support doing?']) {
      const named = await askAs('manager', q);
      expect(named).toContain("I can't find Parker Support");
      expect(shownText(named)).not.toMatch(/\b64\b/);
    }
    const stranger = await askAs('stranger', "What was @Casey Coach's score?");
    expect(stranger).toContain("I can't find @Casey");
    expect(shownText(stranger)).not.toMatch(/\b58\b/);
    const tenant = await askAs('stranger', 'Show me the scores of the other organisation');
    expect(tenant).toContain(
      'I can only answer about the people and teams you manage in your own organisation.',
    );
  });

  it('QA red flags without QA items and test results without candidates say so', async () => {
    expect(await askAs('owner', 'Any QA red flags last week?')).toContain(
      'No QA item of the teams you manage was flagged red or yellow last week.',
    );
    expect(await askAs('owner', 'Show the English test results')).toContain(
      'None of the candidates you see has finished an English test yet.',
    );
  });

  it('compares two periods for a #team: everyone, then each member, with links to the sessions', async () => {
    const text = await askAs('owner', 'Compare #Sales over the last 7 days with the 7 days before');
    expect(text).toContain('#Sales, the last 7 days against the 7 days before');
    expect(text).toContain('**Sam Seller**: 81 → **91** (+10)');
    expect(text).toContain('**Casey Coach**: – → **58**');
    expect(text).toContain(`(/dashboard/assistant/user/${colleagueId}/session/${colleagueEarlierId})`);
    expect(text).not.toContain('Parker Support');
  });

  it('lists only the admin’s own people and teams for @ and #; coaches get none', async () => {
    const list = async (who: keyof typeof tokens) =>
      call(t.app, 'GET', '/api/chat/mentions', { token: tokens[who] });
    const owner = (await list('owner')).json();
    const names = (body: { people: { name: string }[] }) => body.people.map((p) => p.name);
    expect(names(owner)).toEqual(expect.arrayContaining(['Casey Coach', 'Parker Support', 'Sam Seller']));
    expect(owner.teams.map((x: { name: string }) => x.name)).toEqual(['Sales', 'Support']);
    const manager = (await list('manager')).json();
    expect(names(manager)).toEqual(expect.arrayContaining(['Casey Coach', 'Sam Seller']));
    expect(names(manager)).not.toContain('Parker Support');
    expect(manager.teams.map((x: { name: string }) => x.name)).toEqual(['Sales']);
    expect((await list('stranger')).json()).toEqual({ people: [], teams: [] });
    expect((await list('coach')).statusCode).toBe(403);
  });
});

import { buildAdmin, buildMember, buildTeam, buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { addSession, ask, shownText } from './chat.test-helper.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Two agents called Alex Agent (one in North, one in South) in one organisation: a mention picked
 * from the list carries its id and answers about that one; a name typed without an id is asked back.
 */
describe('Ask Agaton with people and teams of the same name', () => {
  let t: TestApp;
  let token: string;
  let strangerToken: string;
  const alex = { north1: { memberId: '', userId: '' }, north2: { memberId: '', userId: '' } };
  const teamIds = { north1: '', north2: '' };
  let outsiderId: string;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_STREAM_DELAY_MS: '0' });
    const owner = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    const north1 = await buildTeam(t.db, { orgId: owner.orgId, name: 'North' });
    // Team names are unique in an organisation (teams_org_name_idx): only people can share one.
    const north2 = await buildTeam(t.db, { orgId: owner.orgId, name: 'South' });
    teamIds.north1 = north1.id;
    teamIds.north2 = north2.id;
    for (const [key, team, total] of [
      ['north1', north1, 41],
      ['north2', north2, 73],
    ] as const) {
      const user = await buildUser(t.db, { password: FACTORY_PASSWORD });
      const member = await buildMember(t.db, {
        orgId: owner.orgId,
        name: 'Alex Agent',
        userId: user.id,
        teams: [{ teamId: team.id }],
      });
      alex[key] = { memberId: member.id, userId: user.id };
      await addSession(t.db, user.id, new Date(Date.now() - DAY), { total });
    }
    token = (await signIn(t.app, owner.email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
    const stranger = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    strangerToken = (await signIn(t.app, stranger.email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
    outsiderId = (await buildMember(t.db, { orgId: stranger.orgId, name: 'Alex Agent' })).id;
  });
  afterAll(() => t.close());

  const thread = async (as = token) =>
    (await call(t.app, 'POST', '/api/chat/threads', { token: as })).json().threadId as string;
  const question = "What was @Alex Agent's score in the last session?";

  it('the mention list offers both, with their ids and teams', async () => {
    const res = (await call(t.app, 'GET', '/api/chat/mentions', { token })).json();
    expect(res.people.filter((p: { name: string }) => p.name === 'Alex Agent')).toHaveLength(2);
    expect(res.people.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([alex.north1.memberId, alex.north2.memberId]),
    );
  });

  it('answers about the Alex Agent the user picked, by id', async () => {
    for (const [key, mine, other] of [
      ['north1', 41, 73],
      ['north2', 73, 41],
    ] as const) {
      const { text } = await ask(t.app, token, await thread(), question, 'ADMIN', [
        { sign: '@', id: alex[key].memberId, name: 'Alex Agent' },
      ]);
      expect(shownText(text)).toMatch(new RegExp(`\\b${mine}\\b`));
      expect(shownText(text)).not.toMatch(new RegExp(`\\b${other}\\b`));
      expect(text).toContain(`/dashboard/assistant/user/${alex[key].userId}/session/`);
    }
  });

  it('asks which one when the name is typed, with @ or without, and shows no score', async () => {
    for (const q of [question, 'How is Alex Agent doing this month?']) {
      const { text } = await ask(t.app, token, await thread(), q, 'ADMIN');
      expect(text).toMatch(/2 people you manage are called \*\*Alex Agent\*\*\. Which one do you mean\?/);
      expect(text).toContain('#North');
      expect(text).toContain('#South');
      expect(shownText(text)).not.toMatch(/\b(41|73)\b/);
      expect(text).not.toContain('/dashboard/assistant/user/');
    }
  });

  it('a picked team answers about its own members only, and a team outside the scope is refused', async () => {
    const picked = await ask(t.app, token, await thread(), 'Who needs coaching in #South?', 'ADMIN', [
      { sign: '#', id: teamIds.north2, name: 'South' },
    ]);
    expect(picked.text).toContain(alex.north2.userId);
    expect(picked.text).not.toContain(alex.north1.userId);
    // An id that is not the named team's (North's id under the name South) answers nothing.
    const mixed = await ask(t.app, token, await thread(), 'Who needs coaching in #South?', 'ADMIN', [
      { sign: '#', id: teamIds.north1, name: 'South' },
    ]);
    expect(mixed.text).toMatch(/I can't find #South/);
    expect(shownText(mixed.text)).not.toMatch(/\b(41|73)\b/);
  });

  it('an id from outside the asker’s scope is refused, never answered', async () => {
    // The owner passes another organisation's member with the same name.
    const owners = await ask(t.app, token, await thread(), question, 'ADMIN', [
      { sign: '@', id: outsiderId, name: 'Alex Agent' },
    ]);
    expect(owners.text).toMatch(/I can't find @Alex Agent among the people and teams you manage/);
    expect(shownText(owners.text)).not.toMatch(/\b(41|73)\b/);
    // Another organisation's admin passes this organisation's ids.
    const stranger = await ask(t.app, strangerToken, await thread(strangerToken), question, 'ADMIN', [
      { sign: '@', id: alex.north1.memberId, name: 'Alex Agent' },
    ]);
    expect(stranger.text).toMatch(/I can't find @Alex Agent/);
    expect(stranger.text).not.toContain(alex.north1.userId);
    expect(shownText(stranger.text)).not.toMatch(/\b41\b/);
  });

  it('a malformed mention is a 400', async () => {
    const res = await call(t.app, 'POST', `/api/chat/threads/${await thread()}/messages`, {
      token,
      body: { userType: 'ADMIN', text: question, mentions: [{ sign: '!', id: '', name: 'x' }] },
    });
    expect(res.statusCode).toBe(400);
  });
});

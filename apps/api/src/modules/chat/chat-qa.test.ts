import { qaAnswers, qaCalls, qaItems, qaQuestions } from '@agaton/db';
import { buildAdmin, buildManager, buildMember, buildTeam, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { ask, firstThread } from './chat.test-helper.ts';

const DAY = 24 * 3600 * 1000;
type Flag = 'GREEN' | 'YELLOW' | 'RED';

describe('Ask Agaton answers QA red flags from the QA items in the admin’s scope', () => {
  let t: TestApp;
  const tokens = { owner: '', manager: '' };
  const items = { alice: '', bob: '', bobOld: '', other: '' };

  /** An analysed call of an agent `daysAgo` days ago with one answer: its QA item's id. */
  async function flaggedCall(
    orgId: string,
    memberId: string,
    questionId: string,
    daysAgo: number,
    flag: Flag,
  ) {
    const occurredAt = new Date(Date.now() - daysAgo * DAY);
    const [c] = await t.db
      .insert(qaCalls)
      .values({
        orgId,
        agentMemberId: memberId,
        source: 'UPLOAD',
        title: `Call ${daysAgo}`,
        occurredAt,
        status: 'done',
      })
      .returning({ id: qaCalls.id });
    const [item] = await t.db
      .insert(qaItems)
      .values({ orgId, callId: c.id, agentMemberId: memberId, flagLevel: flag, qcAt: occurredAt })
      .returning({ id: qaItems.id });
    await t.db.insert(qaAnswers).values({
      itemId: item.id,
      questionId,
      answer: flag === 'GREEN' ? 'YES' : 'NO',
      flagLevel: flag,
      confidence: 0.9,
      answeredBy: 'OFFLINE',
      questionVersion: 1,
    });
    return item.id;
  }
  const question = async (orgId: string) =>
    (
      await t.db
        .insert(qaQuestions)
        .values({
          orgId,
          questionText: 'Did the agent avoid promising a refund?',
          presentationText: 'Promised a refund',
          purposes: ['QUALITY'],
          isTrueGood: true,
          severity: 'HIGH',
        })
        .returning({ id: qaQuestions.id })
    )[0].id;

  beforeAll(async () => {
    t = await createTestApp({ CHAT_STREAM_DELAY_MS: '0' });
    const owner = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    const sales = await buildTeam(t.db, { orgId: owner.orgId, name: 'Sales' });
    const support = await buildTeam(t.db, { orgId: owner.orgId, name: 'Support' });
    const manager = await buildManager(t.db, { orgId: owner.orgId, teamIds: [sales.id] });
    const alice = await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Alice Agent',
      teams: [{ teamId: sales.id }],
    });
    const bob = await buildMember(t.db, {
      orgId: owner.orgId,
      name: 'Bob Agent',
      teams: [{ teamId: support.id }],
    });
    const other = await buildAdmin(t.db, { password: FACTORY_PASSWORD });
    const otherTeam = await buildTeam(t.db, { orgId: other.orgId, name: 'Sales' });
    const olga = await buildMember(t.db, {
      orgId: other.orgId,
      name: 'Olga Other',
      teams: [{ teamId: otherTeam.id }],
    });
    const refund = await question(owner.orgId);
    items.alice = await flaggedCall(owner.orgId, alice.id, refund, 2, 'RED');
    items.bob = await flaggedCall(owner.orgId, bob.id, refund, 3, 'YELLOW');
    items.bobOld = await flaggedCall(owner.orgId, bob.id, refund, 40, 'RED');
    await flaggedCall(owner.orgId, alice.id, refund, 1, 'GREEN');
    items.other = await flaggedCall(other.orgId, olga.id, await question(other.orgId), 2, 'RED');
    const admin = async (email: string) =>
      (await signIn(t.app, email, FACTORY_PASSWORD, 'whiskey-admin')).accessToken;
    tokens.owner = await admin(owner.email);
    tokens.manager = await admin(manager.email);
  });
  afterAll(() => t.close());

  const askAs = async (who: keyof typeof tokens, text: string) =>
    (await ask(t.app, tokens[who], await firstThread(t.app, tokens[who]), text, 'ADMIN')).text;
  const report = (id: string) => `(/dashboard/assistant/qa-report/${id})`;

  it('lists the flagged items of a period with the question that raised the flag and a link to each report', async () => {
    const text = await askAs('owner', 'Any QA red flags in the last 7 days?');
    expect(text).toContain(
      '2 QA items of the teams you manage were flagged in the last 7 days (1 red, 1 yellow)',
    );
    expect(text).toContain('Alice Agent');
    expect(text).toContain('red: Promised a refund');
    expect(text).toContain(report(items.alice));
    expect(text).toContain(report(items.bob));
    expect(text).not.toContain(report(items.bobOld));
    expect(text).not.toContain(report(items.other));
  });

  it('narrows to a #team, and a manager sees only their teams’ agents', async () => {
    const support = await askAs('owner', 'QA flags of #Support in the last 7 days');
    expect(support).toContain(report(items.bob));
    expect(support).not.toContain('Alice Agent');
    const manager = await askAs('manager', 'Any QA red flags?');
    expect(manager).toContain(report(items.alice));
    expect(manager).not.toContain('Bob Agent');
    expect(manager).not.toContain(report(items.bobOld));
  });

  it('says so when nothing was flagged in the period', async () => {
    expect(await askAs('owner', 'Any QA red flags today?')).toContain(
      'No QA item of the teams you manage was flagged red or yellow today.',
    );
  });
});

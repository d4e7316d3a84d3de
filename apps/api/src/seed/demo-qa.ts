import { readFileSync } from 'node:fs';
import { questionCreateSchema } from '@agaton/contracts';
import { admins, DEMO_ACCOUNTS, members, qaQuestionSets, teams } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { createCallFromFiles } from '../modules/qa/qa-calls.service.ts';
import { addDocument } from '../modules/qa/qa-documents.service.ts';
import { createQuestion, createQuestionSet } from '../modules/qa/qa-scorecards.service.ts';
import type { ObjectStore } from '../providers/storage/object-store.ts';

const folder = new URL('./demo-qa/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, folder));

interface DemoScorecards {
  scorecards: {
    key: string;
    name: string;
    documents?: string[];
    /** Names of the demo organisation's teams the scorecard is for (none = every agent). */
    teams?: string[];
    questions: (Record<string, unknown> & { key: string })[];
  }[];
}
interface DemoCall {
  agentEmail: string;
  title: string;
  daysAgo: number;
  hour: number;
  transcript?: string;
  audio?: string;
}

/**
 * Gives the demo organisation call QA on its first start (issue 14 part 8): the scorecards of the QA
 * bench with their reference documents (support for the Support team, sales for Sales, compliance for
 * everyone), and eleven calls of its agents uploaded through the same
 * service as POST /api/qa/calls (ten transcripts and one two-voice recording the speech engine
 * transcribes), answered by the analysis workers like any upload. Runs once: not when the
 * organisation has a scorecard already. Returns the number of calls queued.
 */
export async function seedDemoQa(ctx: AppContext, store: ObjectStore): Promise<number> {
  const [admin] = await ctx.db
    .select({ orgId: admins.orgId })
    .from(admins)
    .where(eq(admins.email, DEMO_ACCOUNTS.admin));
  if (!admin?.orgId) return 0;
  const orgId = admin.orgId;
  const existing = await ctx.db
    .select({ id: qaQuestionSets.id })
    .from(qaQuestionSets)
    .where(eq(qaQuestionSets.orgId, orgId))
    .limit(1);
  if (existing.length) return 0;

  const { scorecards } = JSON.parse(read('scorecards.json').toString('utf8')) as DemoScorecards;
  const orgTeams = await ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.orgId, orgId));
  const setIds = new Map<string, string>();
  for (const card of scorecards) {
    const teamIds = (card.teams ?? []).flatMap((name) =>
      orgTeams.filter((t) => t.name === name).map((t) => t.id),
    );
    const set = await createQuestionSet(ctx, { orgId, name: card.name, teamIds });
    setIds.set(card.key, set.questionSetId);
    for (const document of card.documents ?? []) {
      await addDocument(ctx, {
        orgId,
        questionSetId: set.questionSetId,
        fileName: document,
        bytes: read(document),
        store,
      });
    }
  }
  for (const card of scorecards) {
    for (const { key: _key, ...question } of card.questions) {
      const input = questionCreateSchema.parse({
        ...question,
        purposes: ['QUALITY'],
        isActive: true,
        questionSetIds: [setIds.get(card.key)],
      });
      await createQuestion(ctx, { orgId, input });
    }
  }

  const calls = JSON.parse(read('manifest.json').toString('utf8')) as DemoCall[];
  const now = Date.now();
  for (const call of calls) {
    const [agent] = await ctx.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.orgId, orgId), eq(members.email, call.agentEmail)));
    if (!agent) continue;
    const day = new Date(now - call.daysAgo * 24 * 3600 * 1000);
    day.setUTCHours(call.hour, 0, 0, 0);
    // Never in the future: a call "today at 15:00" seeded at 09:00 took place ten minutes ago.
    const occurredAt = new Date(Math.min(day.getTime(), now - 10 * 60 * 1000));
    await createCallFromFiles(ctx, store, {
      orgId,
      agentMemberId: agent.id,
      title: call.title,
      occurredAt,
      transcriptText: call.transcript ? read(call.transcript).toString('utf8') : undefined,
      audio: call.audio
        ? { bytes: read(call.audio), fileName: call.audio, contentType: 'audio/ogg' }
        : undefined,
    });
  }
  return calls.length;
}

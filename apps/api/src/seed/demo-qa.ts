import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, questionCreateSchema } from '@agaton/contracts';
import {
  admins,
  DEMO_ACCOUNTS,
  members,
  qaAnswerEvents,
  qaAnswers,
  qaCalls,
  qaItems,
  qaQuestionSets,
  qaQuestions,
  teams,
} from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { managedTeamIds, type OrgActor } from '../lib/policy.ts';
import {
  type AnswerRef,
  addDocument,
  createCallFromFiles,
  createQuestion,
  createQuestionSet,
  overrideAnswer,
  type QaJobs,
  respondToAnswer,
} from '../modules/qa/index.ts';
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
  /** Once the call is answered, the demo admin overrides this answer (seedDemoQaReviews). */
  override?: { question: string; answer: Answer; reason: string };
  /** Once the call is answered, its agent (a member with a coach account) disputes this answer. */
  dispute?: { question: string; comment: string };
}

const manifest = () => JSON.parse(read('manifest.json').toString('utf8')) as DemoCall[];

/**
 * Gives the demo organisation call QA on its first start (issue 14 part 8): the scorecards of the QA
 * bench with their reference documents (support for the Support team, sales for Sales, compliance for
 * everyone), and eleven calls of its agents uploaded through the same
 * service as POST /api/qa/calls (ten transcripts and one two-voice recording the speech engine
 * transcribes), answered by the analysis workers like any upload. Runs once: not when the
 * organisation has a scorecard already. Returns the number of calls queued (sent with `deps.qaJobs`).
 */
export async function seedDemoQa(
  ctx: AppContext,
  deps: { store: ObjectStore; qaJobs: QaJobs },
): Promise<number> {
  const { store, qaJobs: jobs } = deps;
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
      await createQuestion(ctx, { orgId, input, jobs });
    }
  }

  const calls = manifest();
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
    await createCallFromFiles(
      ctx,
      { store, jobs },
      {
        orgId,
        agentMemberId: agent.id,
        title: call.title,
        occurredAt,
        transcriptText: call.transcript ? read(call.transcript).toString('utf8') : undefined,
        audio: call.audio
          ? { bytes: read(call.audio), fileName: call.audio, contentType: 'audio/ogg' }
          : undefined,
      },
    );
  }
  return calls.length;
}

/**
 * The answer of a demo call to a question once the call is analysed (checked every `pollMs` until the
 * deadline); null when the call failed, the question is gone, time ran out or `signal` aborted.
 */
async function answeredDemoCall(
  ctx: AppContext,
  orgId: string,
  demo: { title: string; agentEmail: string; question: string },
  wait: { signal?: AbortSignal; pollMs: number; deadline: number },
): Promise<(AnswerRef & { agentUserId: string | null }) | null> {
  while (!wait.signal?.aborted && Date.now() < wait.deadline) {
    const [found] = await ctx.db
      .select({ status: qaCalls.status, itemId: qaItems.id, agentUserId: members.userId })
      .from(qaCalls)
      .innerJoin(members, eq(members.id, qaCalls.agentMemberId))
      .leftJoin(qaItems, eq(qaItems.callId, qaCalls.id))
      .where(
        and(eq(qaCalls.orgId, orgId), eq(qaCalls.title, demo.title), eq(members.email, demo.agentEmail)),
      );
    if (!found || found.status === 'failed') return null;
    if (found.status === 'done' && found.itemId) {
      const [answer] = await ctx.db
        .select({ questionId: qaAnswers.questionId })
        .from(qaAnswers)
        .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
        .where(and(eq(qaAnswers.itemId, found.itemId), eq(qaQuestions.questionText, demo.question)));
      return answer
        ? { qcItemId: found.itemId, questionId: answer.questionId, agentUserId: found.agentUserId }
        : null;
    }
    try {
      await sleep(wait.pollMs, undefined, { signal: wait.signal });
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Reviews on the demo calls (issue 27 item 6), once the QA workers answered them: the demo admin
 * overrides one answer and the demo coach — a Sales member, the agent of one call — disputes another
 * (manifest.json's `override` and `dispute`), through the services the API uses. Runs at each start
 * of the demo and waits for those calls (every `pollMs`, at most `timeoutMs`, until `signal` aborts);
 * an answer that already has a review or a response is left as it is, so it happens once. Needs-review
 * answers need nothing: the demo calls have several (close evidence). Returns the reviews added.
 */
export async function seedDemoQaReviews(
  ctx: AppContext,
  options: { signal?: AbortSignal; pollMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  const { signal, pollMs = 2000, timeoutMs = 30 * 60_000 } = options;
  const [admin] = await ctx.db
    .select({ id: admins.id, orgId: admins.orgId, role: admins.role, memberId: admins.memberId })
    .from(admins)
    .where(eq(admins.email, DEMO_ACCOUNTS.admin));
  if (!admin) return 0;
  const actor: OrgActor = {
    adminId: admin.id,
    orgId: admin.orgId,
    role: admin.role,
    teamScope: await managedTeamIds(ctx, admin),
  };
  const deadline = Date.now() + timeoutMs;
  let added = 0;
  for (const demo of manifest()) {
    const review = demo.override ?? demo.dispute;
    if (!review) continue;
    const target = await answeredDemoCall(
      ctx,
      admin.orgId,
      { title: demo.title, agentEmail: demo.agentEmail, question: review.question },
      { signal, pollMs, deadline },
    );
    if (!target) continue;
    const [reviewed] = await ctx.db
      .select({ id: qaAnswerEvents.id })
      .from(qaAnswerEvents)
      .where(
        and(eq(qaAnswerEvents.itemId, target.qcItemId), eq(qaAnswerEvents.questionId, target.questionId)),
      )
      .limit(1);
    if (reviewed) continue;
    if (demo.override) {
      await overrideAnswer(ctx, actor, target, {
        answer: demo.override.answer,
        reason: demo.override.reason,
      });
      added += 1;
    } else if (demo.dispute && target.agentUserId) {
      await respondToAnswer(ctx, { userId: target.agentUserId }, target, {
        kind: 'DISPUTE',
        comment: demo.dispute.comment,
      });
      added += 1;
    }
  }
  return added;
}

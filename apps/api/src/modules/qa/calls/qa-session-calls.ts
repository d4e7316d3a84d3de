import { QA_LIMITS } from '@agaton/contracts';
import { members, qaCalls, sessions } from '@agaton/db';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context.ts';
import { asksAgentQuestions, type QaJobs } from '../answering/index.ts';
import { linesFromWords } from './transcript-formats.ts';

/**
 * When a coach session is analysed, it becomes a QA call of an organisation (source SESSION, one per
 * session) only if it is a call worth reviewing (decision 022):
 * - its coach account is an active member of the organisation (the oldest membership wins),
 * - it lasts at least QA_LIMITS.minSessionCallSeconds (reading practice and short drills are not
 *   calls: scored against a call scorecard they only make red noise on QA Alerts),
 * - a scorecard that applies to the member (no teams, or one of their teams) asks at least one
 *   active Quality question (otherwise there is nothing to review it against).
 * The session's timed words split into UNKNOWN-speaker lines at pauses of 1 s or more and sentence
 * ends; the recording is the session's own, and the call's analysis is queued with `jobs`. Returns the
 * call id, or null when it is no call.
 */
export async function callFromSession(
  ctx: AppContext,
  sessionId: string,
  jobs: QaJobs,
): Promise<string | null> {
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!session || !Array.isArray(session.words)) return null;
  const [member] = await ctx.db
    .select({ id: members.id, orgId: members.orgId })
    .from(members)
    .where(and(eq(members.userId, session.userId), eq(members.isArchived, false)))
    .orderBy(asc(members.createdAt))
    .limit(1);
  if (!member) return null;
  const seconds = session.durationSeconds ?? session.declaredSeconds;
  if (seconds < QA_LIMITS.minSessionCallSeconds) return null;
  if (!(await asksAgentQuestions(ctx, member.orgId, member.id))) return null;
  const words = session.words;
  const lines = linesFromWords([{ speaker: 'UNKNOWN', label: 'Speaker', words }]);
  // Nothing was said that a question could be asked about.
  if (lines.length === 0) return null;
  const [call] = await ctx.db
    .insert(qaCalls)
    .values({
      orgId: member.orgId,
      agentMemberId: member.id,
      source: 'SESSION',
      sessionId,
      title: `Coach session ${session.startedAt.toISOString().slice(0, 10)}`,
      occurredAt: session.startedAt,
      objectKey: session.objectKey,
      contentType: session.contentType,
      sizeBytes: session.sizeBytes,
      durationSeconds: session.durationSeconds,
      transcriptSource: 'ENGINE',
      transcript: lines,
      status: 'queued',
    })
    .onConflictDoNothing({ target: qaCalls.sessionId })
    .returning({ id: qaCalls.id });
  if (!call) return null;
  await jobs.enqueueCallAnalysis(call.id);
  return call.id;
}

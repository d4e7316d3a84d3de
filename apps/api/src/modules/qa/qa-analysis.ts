import { FLAG_PRIORITY, type FlagLevel, type TranscriptLine } from '@agaton/contracts';
import {
  members,
  qaAnswers,
  qaCalls,
  qaDocuments,
  qaItems,
  qaQuestionSetMembers,
  qaQuestionSets,
  qaQuestionSetTeams,
  qaQuestions,
  type StoredCitation,
  type StoredTranscriptLine,
  sessions,
  teamMemberships,
} from '@agaton/db';
import { and, asc, eq, exists, gt, inArray, notExists, or, sql } from 'drizzle-orm';
import type { JobQueue, QueueSpec } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../lib/context.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import {
  type AnswerableQuestion,
  type CallAnswerer,
  createCallAnswerer,
  flagFor,
  type QuestionAnswer,
  type ReferenceDocument,
} from './answering/index.ts';
import { createCallTranscriber, TranscriptionRefused } from './qa-transcribe.ts';
import { linesFromWords } from './transcript-formats.ts';

/**
 * The background analysis of QA calls (decision 022), as durable jobs on the app's pg-boss queue:
 * - `analyse-qa-call`: a call's transcript (the upload's, or the speech engine's from the recording)
 *   → an answer for every question the organisation asks → the call's QA item (worst flag).
 * - `reanswer-qa-question`: after a question was created or changed, that question is answered
 *   again on every analysed call of its organisation whose agent it applies to, and the items' flags
 *   follow.
 * - `reanswer-qa-scorecard`: after a scorecard's teams changed, calls of agents that gained it are
 *   answered its questions, and calls of agents that lost it lose those answers (flags recomputed).
 * A call is asked the questions of the scorecards that apply to its agent: those with no teams, and
 * those of a team the agent belongs to.
 * Both retry with backoff; a call that fails for good shows a user-facing error.
 */

export const ANALYSE_QA_CALL = 'analyse-qa-call';
export const REANSWER_QA_QUESTION = 'reanswer-qa-question';
export const REANSWER_QA_SCORECARD = 'reanswer-qa-scorecard';

export const QA_QUEUES: QueueSpec[] = [
  {
    name: ANALYSE_QA_CALL,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    // Two channels of a two-hour call, each transcribed in about real time or a little more.
    expireInSeconds: 7 * 3600,
  },
  {
    name: REANSWER_QA_QUESTION,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    expireInSeconds: 3600,
  },
  {
    name: REANSWER_QA_SCORECARD,
    retryLimit: 3,
    retryDelaySeconds: 10,
    heartbeatSeconds: 30,
    expireInSeconds: 3600,
  },
];

export const QA_ANALYSIS_TEXTS = {
  failed: 'The analysis of this call failed. Please upload it again or contact support.',
  noSpeech: 'We could not find speech we can transcribe in this recording.',
  tooLong: 'This recording is longer than the 2 hours a call may last.',
} as const;

export interface AnalyseCallJob {
  callId: string;
}
export interface ReanswerJob {
  orgId: string;
  questionId: string;
}
export interface ReanswerScorecardJob {
  orgId: string;
  questionSetId: string;
}

// ---------------------------------------------------------------------------------------------------
// Where jobs go: the queue of the process's runtime, found from the AppContext
// ---------------------------------------------------------------------------------------------------

/** What sends QA jobs: the app's job queue (bound once per AppContext by the sessions runtime). */
export interface QaJobSink {
  queue(): Promise<JobQueue>;
}
const sinks = new WeakMap<AppContext, QaJobSink>();

/** Binds the job queue QA work goes to for this context (the sessions runtime does it). */
export function bindQaQueue(ctx: AppContext, sink: QaJobSink) {
  sinks.set(ctx, sink);
}

/** Queues a call's analysis; nothing is added while one for the same call waits or runs. */
export async function enqueueCallAnalysis(ctx: AppContext, callId: string) {
  const sink = sinks.get(ctx);
  if (!sink) {
    // No queue in this process (a script): the call stays queued and is taken up at the next start.
    ctx.log.warn({ callId }, 'no job queue bound: the QA call is analysed when the workers start');
    return;
  }
  await (await sink.queue()).send<AnalyseCallJob>(ANALYSE_QA_CALL, { callId }, { singletonKey: callId });
}

/**
 * After a question was created or changed: answer it again on the organisation's analysed calls, in
 * the background (a job). Returns at once; safe to call for a question that is no longer asked
 * (inactive, not QUALITY, in no scorecard) — its past answers then stay as they are.
 */
export async function requestReanswer(ctx: AppContext, orgId: string, questionId: string): Promise<void> {
  const sink = sinks.get(ctx);
  if (!sink) {
    ctx.log.warn({ questionId }, 'no job queue bound: re-answering runs in this process');
    void reanswerQuestion(ctx, { orgId, questionId }).catch((error) =>
      ctx.log.error({ err: error, questionId }, 're-answering failed'),
    );
    return;
  }
  await (await sink.queue()).send<ReanswerJob>(
    REANSWER_QA_QUESTION,
    { orgId, questionId },
    { singletonKey: `reanswer:${questionId}` },
  );
}

/**
 * After a scorecard's teams changed: in the background, calls of agents that gained it are answered
 * its questions and calls of agents that lost it lose those answers (see reanswerScorecard).
 */
export async function requestScorecardReanswer(
  ctx: AppContext,
  orgId: string,
  questionSetId: string,
): Promise<void> {
  const sink = sinks.get(ctx);
  if (!sink) {
    ctx.log.warn({ questionSetId }, 'no job queue bound: re-answering runs in this process');
    void reanswerScorecard(ctx, { orgId, questionSetId }).catch((error) =>
      ctx.log.error({ err: error, questionSetId }, 're-answering failed'),
    );
    return;
  }
  await (await sink.queue()).send<ReanswerScorecardJob>(
    REANSWER_QA_SCORECARD,
    { orgId, questionSetId },
    { singletonKey: `reanswer-scorecard:${questionSetId}` },
  );
}

// ---------------------------------------------------------------------------------------------------
// What a call is answered against
// ---------------------------------------------------------------------------------------------------

interface AskedQuestion extends AnswerableQuestion {
  version: number;
}

/** The organisation's scorecards that apply to an agent: those with no teams, or a team of the agent. */
export async function scorecardsForAgent(
  ctx: AppContext,
  orgId: string,
  agentMemberId: string,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: qaQuestionSets.id })
    .from(qaQuestionSets)
    .where(
      and(
        eq(qaQuestionSets.orgId, orgId),
        or(
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(qaQuestionSetTeams)
              .where(eq(qaQuestionSetTeams.questionSetId, qaQuestionSets.id)),
          ),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(qaQuestionSetTeams)
              .innerJoin(teamMemberships, eq(teamMemberships.teamId, qaQuestionSetTeams.teamId))
              .where(
                and(
                  eq(qaQuestionSetTeams.questionSetId, qaQuestionSets.id),
                  eq(teamMemberships.memberId, agentMemberId),
                ),
              ),
          ),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Active QUALITY questions of the organisation that belong to at least one scorecard — of `setIds`
 * when given (the scorecards that apply to a call's agent).
 */
async function askedQuestions(
  ctx: AppContext,
  orgId: string,
  options: { setIds?: string[]; onlyIds?: string[] } = {},
): Promise<AskedQuestion[]> {
  const { setIds, onlyIds } = options;
  if (setIds?.length === 0 || onlyIds?.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(qaQuestions)
    .where(
      and(
        eq(qaQuestions.orgId, orgId),
        eq(qaQuestions.isActive, true),
        sql`${qaQuestions.purposes} @> '["QUALITY"]'::jsonb`,
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(qaQuestionSetMembers)
            .where(
              and(
                eq(qaQuestionSetMembers.questionId, qaQuestions.id),
                setIds ? inArray(qaQuestionSetMembers.questionSetId, setIds) : undefined,
              ),
            ),
        ),
        onlyIds ? inArray(qaQuestions.id, onlyIds) : undefined,
      ),
    )
    .orderBy(asc(qaQuestions.createdAt), asc(qaQuestions.id));
  return rows.map((q) => ({
    questionId: q.id,
    questionText: q.questionText,
    presentationText: q.presentationText,
    isTrueGood: q.isTrueGood,
    severity: q.severity,
    speaker: q.speaker,
    phrases: q.phrases,
    examples: q.examples,
    version: q.version,
  }));
}

/** The documents of the scorecards (of `setIds`, those applying to the call's agent) these questions belong to. */
async function referencesFor(
  ctx: AppContext,
  questionIds: string[],
  setIds: string[],
): Promise<ReferenceDocument[]> {
  if (questionIds.length === 0 || setIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ id: qaDocuments.id, name: qaDocuments.fileName, text: qaDocuments.text })
    .from(qaDocuments)
    .innerJoin(qaQuestionSetMembers, eq(qaQuestionSetMembers.questionSetId, qaDocuments.questionSetId))
    .where(
      and(inArray(qaQuestionSetMembers.questionId, questionIds), inArray(qaDocuments.questionSetId, setIds)),
    );
  return rows.map((r) => ({ name: r.name, text: r.text }));
}

const indexed = (lines: StoredTranscriptLine[]): TranscriptLine[] =>
  lines.map((l, index) => ({ index, ...l }));

/** The answerer's cited lines as stored citations: one per line, quotes copied from the transcript. */
export function citationsFor(lineIndexes: number[], lines: StoredTranscriptLine[]): StoredCitation[] {
  const valid = [...new Set(lineIndexes)]
    .filter((i) => Number.isInteger(i) && i >= 0 && i < lines.length)
    .sort((a, b) => a - b);
  return valid.map((i) => ({
    lineIndexes: [i],
    start: lines[i].start,
    end: lines[i].end,
    quotes: [lines[i].text],
  }));
}

/** The worst of some flags by FLAG_PRIORITY (UNSPECIFIED when there are none). */
export function worstFlag(flags: FlagLevel[]): FlagLevel {
  return flags.reduce<FlagLevel>(
    (worst, f) => (FLAG_PRIORITY[f] > FLAG_PRIORITY[worst] ? f : worst),
    'UNSPECIFIED',
  );
}

/**
 * Stores answers on an item (replacing earlier answers of the same questions), removes the answers
 * of `removeIds` (questions no longer asked for this call) and stores the item's new flag.
 */
async function saveAnswers(
  ctx: AppContext,
  itemId: string,
  questions: AskedQuestion[],
  answers: QuestionAnswer[],
  lines: StoredTranscriptLine[],
  removeIds: string[] = [],
) {
  const byId = new Map(questions.map((q) => [q.questionId, q]));
  const rows = answers
    .filter((a) => byId.has(a.questionId))
    .map((a) => {
      const q = byId.get(a.questionId)!;
      return {
        itemId,
        questionId: a.questionId,
        answer: a.answer,
        flagLevel: flagFor(a, q),
        confidence: Math.min(1, Math.max(0, a.confidence)),
        needsReview: a.needsReview,
        citations: a.answer === 'NOT_APPLICABLE' ? [] : citationsFor(a.lineIndexes, lines),
        answeredBy: a.answeredBy,
        questionVersion: q.version,
        answeredAt: new Date(),
      };
    });
  await ctx.db.transaction(async (tx) => {
    if (removeIds.length) {
      await tx
        .delete(qaAnswers)
        .where(and(eq(qaAnswers.itemId, itemId), inArray(qaAnswers.questionId, removeIds)));
    }
    if (rows.length) {
      await tx
        .insert(qaAnswers)
        .values(rows)
        .onConflictDoUpdate({
          target: [qaAnswers.itemId, qaAnswers.questionId],
          set: {
            answer: sql`excluded.answer`,
            flagLevel: sql`excluded.flag_level`,
            confidence: sql`excluded.confidence`,
            needsReview: sql`excluded.needs_review`,
            citations: sql`excluded.citations`,
            answeredBy: sql`excluded.answered_by`,
            questionVersion: sql`excluded.question_version`,
            answeredAt: sql`excluded.answered_at`,
          },
        });
    }
    const flags = await tx
      .select({ flagLevel: qaAnswers.flagLevel })
      .from(qaAnswers)
      .where(eq(qaAnswers.itemId, itemId));
    await tx
      .update(qaItems)
      .set({ flagLevel: worstFlag(flags.map((f) => f.flagLevel)), updatedAt: new Date() })
      .where(eq(qaItems.id, itemId));
  });
}

// ---------------------------------------------------------------------------------------------------
// The analyser
// ---------------------------------------------------------------------------------------------------

let sharedAnswerer: { key: string; answerer: CallAnswerer } | null = null;

/** One answerer per LLM setting (it may hold models in memory). */
function answererFor(ctx: AppContext): CallAnswerer {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = ctx.config;
  const llm =
    LLM_BASE_URL && LLM_MODEL
      ? { baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY ?? '', model: LLM_MODEL }
      : undefined;
  const key = JSON.stringify(llm ?? null);
  if (sharedAnswerer?.key !== key) sharedAnswerer = { key, answerer: createCallAnswerer({ llm }) };
  return sharedAnswerer.answerer;
}

/** Answers every asked question on a call with a transcript and stores its QA item. */
export async function answerCall(ctx: AppContext, callId: string, signal?: AbortSignal) {
  const [call] = await ctx.db.select().from(qaCalls).where(eq(qaCalls.id, callId));
  if (!call?.transcript) return;
  const lines = call.transcript;
  const setIds = await scorecardsForAgent(ctx, call.orgId, call.agentMemberId);
  const questions = await askedQuestions(ctx, call.orgId, { setIds });
  const references = await referencesFor(
    ctx,
    questions.map((q) => q.questionId),
    setIds,
  );
  const answers = questions.length
    ? await answererFor(ctx).answerCall({ lines: indexed(lines), questions, references, signal })
    : [];
  const [item] = await ctx.db
    .insert(qaItems)
    .values({
      orgId: call.orgId,
      callId: call.id,
      agentMemberId: call.agentMemberId,
      flagLevel: 'UNSPECIFIED',
      qcAt: call.occurredAt,
    })
    .onConflictDoUpdate({ target: qaItems.callId, set: { qcAt: call.occurredAt, updatedAt: new Date() } })
    .returning({ id: qaItems.id });
  await saveAnswers(ctx, item.id, questions, answers, lines);
}

/** Every analysed call's item of the organisation, in batches of 50. */
async function* analysedItems(ctx: AppContext, orgId: string) {
  let after = '';
  for (;;) {
    const batch = await ctx.db
      .select({ itemId: qaItems.id, agentMemberId: qaCalls.agentMemberId, transcript: qaCalls.transcript })
      .from(qaItems)
      .innerJoin(qaCalls, eq(qaCalls.id, qaItems.callId))
      .where(
        and(eq(qaItems.orgId, orgId), eq(qaCalls.status, 'done'), after ? gt(qaItems.id, after) : undefined),
      )
      .orderBy(asc(qaItems.id))
      .limit(50);
    if (batch.length === 0) return;
    yield* batch;
    after = batch[batch.length - 1].itemId;
  }
}

/** The scorecards of each question. */
async function setsOfQuestions(ctx: AppContext, questionIds: string[]) {
  const bySet = new Map<string, string[]>();
  if (questionIds.length === 0) return bySet;
  const rows = await ctx.db
    .select({
      questionId: qaQuestionSetMembers.questionId,
      questionSetId: qaQuestionSetMembers.questionSetId,
    })
    .from(qaQuestionSetMembers)
    .where(inArray(qaQuestionSetMembers.questionId, questionIds));
  for (const r of rows) bySet.set(r.questionId, [...(bySet.get(r.questionId) ?? []), r.questionSetId]);
  return bySet;
}

/** The scorecards applying to each agent, looked up once per agent. */
function agentScorecards(ctx: AppContext, orgId: string) {
  const cache = new Map<string, Promise<string[]>>();
  return (agentMemberId: string) => {
    let found = cache.get(agentMemberId);
    if (!found) {
      found = scorecardsForAgent(ctx, orgId, agentMemberId);
      cache.set(agentMemberId, found);
    }
    return found;
  };
}

/**
 * Re-answers one question on every analysed call of the organisation whose agent it applies to (see
 * requestReanswer); on the calls of other agents its answer is removed.
 */
export async function reanswerQuestion(ctx: AppContext, job: ReanswerJob, signal?: AbortSignal) {
  // A change made while this runs is picked up by one more pass (its job was not added meanwhile).
  for (let pass = 0; pass < 3; pass++) {
    const [question] = await askedQuestions(ctx, job.orgId, { onlyIds: [job.questionId] });
    if (!question) return;
    const questionSets = (await setsOfQuestions(ctx, [question.questionId])).get(question.questionId) ?? [];
    const setsOf = agentScorecards(ctx, job.orgId);
    const answerer = answererFor(ctx);
    for await (const row of analysedItems(ctx, job.orgId)) {
      signal?.throwIfAborted();
      const lines = row.transcript ?? [];
      const applying = (await setsOf(row.agentMemberId)).filter((id) => questionSets.includes(id));
      if (applying.length === 0) {
        await saveAnswers(ctx, row.itemId, [], [], lines, [question.questionId]);
        continue;
      }
      const references = await referencesFor(ctx, [question.questionId], applying);
      const answers = await answerer.answerCall({
        lines: indexed(lines),
        questions: [question],
        references,
        signal,
      });
      await saveAnswers(ctx, row.itemId, [question], answers, lines);
    }
    const [now] = await ctx.db
      .select({ version: qaQuestions.version })
      .from(qaQuestions)
      .where(eq(qaQuestions.id, job.questionId));
    if (!now || now.version === question.version) return;
  }
}

async function teamsOfScorecard(ctx: AppContext, questionSetId: string) {
  const rows = await ctx.db
    .select({ teamId: qaQuestionSetTeams.teamId })
    .from(qaQuestionSetTeams)
    .where(eq(qaQuestionSetTeams.questionSetId, questionSetId));
  return rows.map((r) => r.teamId).sort();
}

/**
 * After a scorecard's teams changed (see requestScorecardReanswer): on every analysed call, the
 * scorecard's questions now asked for the call's agent and not yet answered are answered, and answers
 * of its questions no longer asked for that agent (by this or another applying scorecard) are
 * removed; the item's flag follows. Calls whose agent neither gained nor lost it are left as they are.
 */
export async function reanswerScorecard(ctx: AppContext, job: ReanswerScorecardJob, signal?: AbortSignal) {
  for (let pass = 0; pass < 3; pass++) {
    const teamsBefore = JSON.stringify(await teamsOfScorecard(ctx, job.questionSetId));
    const memberRows = await ctx.db
      .select({ questionId: qaQuestionSetMembers.questionId })
      .from(qaQuestionSetMembers)
      .where(eq(qaQuestionSetMembers.questionSetId, job.questionSetId));
    const questions = await askedQuestions(ctx, job.orgId, {
      onlyIds: memberRows.map((r) => r.questionId),
      setIds: [job.questionSetId],
    });
    if (questions.length === 0) return;
    const questionIds = questions.map((q) => q.questionId);
    const questionSets = await setsOfQuestions(ctx, questionIds);
    const setsOf = agentScorecards(ctx, job.orgId);
    const answerer = answererFor(ctx);
    for await (const row of analysedItems(ctx, job.orgId)) {
      signal?.throwIfAborted();
      const applying = await setsOf(row.agentMemberId);
      const askedForAgent = questions.filter((q) =>
        (questionSets.get(q.questionId) ?? []).some((id) => applying.includes(id)),
      );
      const existing = new Set(
        (
          await ctx.db
            .select({ questionId: qaAnswers.questionId })
            .from(qaAnswers)
            .where(and(eq(qaAnswers.itemId, row.itemId), inArray(qaAnswers.questionId, questionIds)))
        ).map((a) => a.questionId),
      );
      const toAnswer = askedForAgent.filter((q) => !existing.has(q.questionId));
      const toRemove = [...existing].filter((id) => !askedForAgent.some((q) => q.questionId === id));
      if (toAnswer.length === 0 && toRemove.length === 0) continue;
      const lines = row.transcript ?? [];
      const answers = toAnswer.length
        ? await answerer.answerCall({
            lines: indexed(lines),
            questions: toAnswer,
            references: await referencesFor(
              ctx,
              toAnswer.map((q) => q.questionId),
              applying,
            ),
            signal,
          })
        : [];
      await saveAnswers(ctx, row.itemId, toAnswer, answers, lines, toRemove);
    }
    // Teams changed again while this ran (that change's job was not added meanwhile): one more pass.
    if (JSON.stringify(await teamsOfScorecard(ctx, job.questionSetId)) === teamsBefore) return;
  }
}

export interface QaAnalyser {
  analyse(job: AnalyseCallJob, signal?: AbortSignal): Promise<void>;
  fail(job: AnalyseCallJob, error: Error): Promise<void>;
  reanswer(job: ReanswerJob, signal?: AbortSignal): Promise<void>;
  reanswerScorecard(job: ReanswerScorecardJob, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** The QA analysis of this process: transcription (speech engine workers) and answering. */
export function createQaAnalyser(ctx: AppContext, store: ObjectStore): QaAnalyser {
  const transcriber = createCallTranscriber(ctx);

  async function analyse({ callId }: AnalyseCallJob, signal?: AbortSignal) {
    const [call] = await ctx.db.select().from(qaCalls).where(eq(qaCalls.id, callId));
    if (!call || call.status === 'done') return;
    await ctx.db.update(qaCalls).set({ status: 'running', error: null }).where(eq(qaCalls.id, callId));
    if (!call.transcript) {
      if (!call.objectKey) {
        await ctx.db
          .update(qaCalls)
          .set({ status: 'failed', error: QA_ANALYSIS_TEXTS.failed })
          .where(eq(qaCalls.id, callId));
        return;
      }
      let result: Awaited<ReturnType<typeof transcriber.transcribe>>;
      try {
        result = await transcriber.transcribe(await store.getBytes(call.objectKey));
      } catch (error) {
        if (error instanceof TranscriptionRefused) {
          await ctx.db
            .update(qaCalls)
            .set({
              status: 'failed',
              error: error.tooLong ? QA_ANALYSIS_TEXTS.tooLong : QA_ANALYSIS_TEXTS.noSpeech,
            })
            .where(eq(qaCalls.id, callId));
          return;
        }
        throw error;
      }
      await ctx.db
        .update(qaCalls)
        .set({
          transcript: result.lines,
          transcriptSource: 'ENGINE',
          durationSeconds: result.durationSeconds,
        })
        .where(eq(qaCalls.id, callId));
    }
    await answerCall(ctx, callId, signal);
    await ctx.db
      .update(qaCalls)
      .set({ status: 'done', error: null, analysedAt: new Date() })
      .where(eq(qaCalls.id, callId));
  }

  async function fail({ callId }: AnalyseCallJob, error: Error) {
    ctx.log.error({ err: error, callId }, 'QA call analysis failed after its retries');
    await ctx.db
      .update(qaCalls)
      .set({ status: 'failed', error: QA_ANALYSIS_TEXTS.failed })
      .where(eq(qaCalls.id, callId));
  }

  return {
    analyse,
    fail,
    reanswer: (job, signal) => reanswerQuestion(ctx, job, signal),
    reanswerScorecard: (job, signal) => reanswerScorecard(ctx, job, signal),
    close: () => transcriber.close(),
  };
}

/** Takes QA jobs in this process, and queues again calls a stopped process left unfinished. */
export async function startQaWorkers(ctx: AppContext, queue: JobQueue, analyser: QaAnalyser) {
  await queue.work<AnalyseCallJob>(
    ANALYSE_QA_CALL,
    // Two at once: a transcript-only call need not wait behind a long recording's transcription.
    { concurrency: 2, onFailed: (data, error) => analyser.fail(data, error) },
    (job) => analyser.analyse(job.data, job.signal),
  );
  await queue.work<ReanswerJob>(REANSWER_QA_QUESTION, { concurrency: 1 }, (job) =>
    analyser.reanswer(job.data, job.signal),
  );
  await queue.work<ReanswerScorecardJob>(REANSWER_QA_SCORECARD, { concurrency: 1 }, (job) =>
    analyser.reanswerScorecard(job.data, job.signal),
  );
  const rows = await ctx.db
    .select({ id: qaCalls.id })
    .from(qaCalls)
    .where(inArray(qaCalls.status, ['queued', 'running']));
  for (const row of rows) {
    await queue.send<AnalyseCallJob>(ANALYSE_QA_CALL, { callId: row.id }, { singletonKey: row.id });
  }
  if (rows.length) ctx.log.info({ calls: rows.length }, 'unfinished QA call analyses queued again');
}

// ---------------------------------------------------------------------------------------------------
// A member's coach session becomes a QA call
// ---------------------------------------------------------------------------------------------------

/**
 * When a coach session is analysed and its coach account is linked to an organisation member, it
 * becomes a QA call of that organisation (source SESSION, one per session): the session's timed
 * words split into UNKNOWN-speaker lines at pauses of 1 s or more and sentence ends; the recording
 * is the session's own. Returns the call id, or null when the coach is no member.
 */
export async function callFromSession(ctx: AppContext, sessionId: string): Promise<string | null> {
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!session || !Array.isArray(session.words)) return null;
  const [member] = await ctx.db
    .select({ id: members.id, orgId: members.orgId })
    .from(members)
    .where(and(eq(members.userId, session.userId), eq(members.isArchived, false)))
    .orderBy(asc(members.createdAt))
    .limit(1);
  if (!member) return null;
  const words = (session.words as { word?: unknown; start?: unknown; end?: unknown }[]).filter(
    (w): w is { word: string; start: number; end: number } =>
      typeof w.word === 'string' && typeof w.start === 'number' && typeof w.end === 'number',
  );
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
  await enqueueCallAnalysis(ctx, call.id);
  return call.id;
}

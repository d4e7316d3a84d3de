import { isApproximateTranscript, type TranscriptLine, wordsOfLine } from '@agaton/contracts';
import {
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
  teamMemberships,
} from '@agaton/db';
import { and, asc, eq, exists, gt, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context.ts';
import { judgeAnswer, overrideFlag } from './answer-model.ts';
import { createCallAnswerer } from './answerer.ts';
import { lockItem, refreshItemFlag } from './qa-answer-state.ts';
import type { AnswerableQuestion, CallAnswerer, QuestionAnswer, ReferenceDocument } from './types.ts';

/**
 * Answering calls (decision 022): which questions and reference documents a call is asked (the
 * scorecards that apply to its agent: those with no teams, and those of a team the agent belongs
 * to), the answerer of this process, and storing answers with the item's worst flag — for one call
 * (answerCall), for one changed question (reanswerQuestion) and for a scorecard whose teams changed
 * (reanswerScorecard).
 */

export interface ReanswerJob {
  orgId: string;
  questionId: string;
}
export interface ReanswerScorecardJob {
  orgId: string;
  questionSetId: string;
}

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

/** Whether any active QUALITY question of a scorecard applying to the agent would be asked. */
export async function asksAgentQuestions(ctx: AppContext, orgId: string, agentMemberId: string) {
  const setIds = await scorecardsForAgent(ctx, orgId, agentMemberId);
  return (await askedQuestions(ctx, orgId, { setIds })).length > 0;
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

/**
 * Stores answers on an item (replacing earlier automatic answers of the same questions; a reviewer's
 * override stays, its flag recomputed for the question as it is now), removes the answers of
 * `removeIds` (questions no longer asked for this call) and stores the item's new flag. Every path
 * that answers a call (analysis, a changed question, a scorecard's new teams) comes here, so an
 * approximate transcript's answers are marked for review here (see judgeAnswer).
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
  const approximate = isApproximateTranscript(lines.flatMap(wordsOfLine));
  const rows = answers
    .filter((a) => byId.has(a.questionId))
    .map((a) => {
      const q = byId.get(a.questionId)!;
      return {
        itemId,
        questionId: a.questionId,
        answer: a.answer,
        ...judgeAnswer(
          a,
          q,
          approximate ||
            isApproximateTranscript(a.lineIndexes.flatMap((i) => (lines[i] ? wordsOfLine(lines[i]) : []))),
        ),
        confidence: Math.min(1, Math.max(0, a.confidence)),
        citations: a.answer === 'NOT_APPLICABLE' ? [] : citationsFor(a.lineIndexes, lines),
        answeredBy: a.answeredBy,
        questionVersion: q.version,
        answeredAt: new Date(),
      };
    });
  await ctx.db.transaction(async (tx) => {
    // Answers of one item are saved by more than one job (analysis, a scorecard's new teams, a
    // question edit) and overridden by reviewers; the lock makes the item's flag the worst of the
    // answers committed before it, not of what another writer had not committed yet (a lost update
    // turned a RED item GREEN).
    await lockItem(tx, itemId);
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
    const overridden = rows.length
      ? await tx
          .select({ questionId: qaAnswers.questionId, overrideAnswer: qaAnswers.overrideAnswer })
          .from(qaAnswers)
          .where(
            and(
              eq(qaAnswers.itemId, itemId),
              inArray(
                qaAnswers.questionId,
                rows.map((r) => r.questionId),
              ),
              isNotNull(qaAnswers.overrideAnswer),
            ),
          )
      : [];
    for (const o of overridden) {
      await tx
        .update(qaAnswers)
        .set({ overrideFlagLevel: overrideFlag(o.overrideAnswer!, byId.get(o.questionId)!) })
        .where(and(eq(qaAnswers.itemId, itemId), eq(qaAnswers.questionId, o.questionId)));
    }
    await refreshItemFlag(tx, itemId);
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

/**
 * Every question asked for a call's agent (of the scorecards `setIds` applying to them), answered
 * together with those scorecards' documents. The one way a call is answered, whether it is new or a
 * question or scorecard changed: the offline answerer weighs each question's evidence against the
 * other questions asked and gives each script line to one question, so a question answered alone
 * could get another answer than on a new call.
 */
async function answersForCall(
  ctx: AppContext,
  orgId: string,
  setIds: string[],
  lines: StoredTranscriptLine[],
  signal?: AbortSignal,
): Promise<{ questions: AskedQuestion[]; answers: QuestionAnswer[] }> {
  const questions = await askedQuestions(ctx, orgId, { setIds });
  if (questions.length === 0) return { questions, answers: [] };
  const references = await referencesFor(
    ctx,
    questions.map((q) => q.questionId),
    setIds,
  );
  const answers = await answererFor(ctx).answerCall({ lines: indexed(lines), questions, references, signal });
  return { questions, answers };
}

/** Answers every asked question on a call with a transcript and stores its QA item. */
export async function answerCall(ctx: AppContext, callId: string, signal?: AbortSignal) {
  const [call] = await ctx.db.select().from(qaCalls).where(eq(qaCalls.id, callId));
  if (!call?.transcript) return;
  const lines = call.transcript;
  const setIds = await scorecardsForAgent(ctx, call.orgId, call.agentMemberId);
  const { questions, answers } = await answersForCall(ctx, call.orgId, setIds, lines, signal);
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
 * QaJobs.requestReanswer); on the calls of other agents its answer is removed.
 */
export async function reanswerQuestion(ctx: AppContext, job: ReanswerJob, signal?: AbortSignal) {
  // A change made while this runs is picked up by one more pass (its job was not added meanwhile).
  for (let pass = 0; pass < 3; pass++) {
    const [question] = await askedQuestions(ctx, job.orgId, { onlyIds: [job.questionId] });
    if (!question) return;
    const questionSets = (await setsOfQuestions(ctx, [question.questionId])).get(question.questionId) ?? [];
    const setsOf = agentScorecards(ctx, job.orgId);
    for await (const row of analysedItems(ctx, job.orgId)) {
      signal?.throwIfAborted();
      const lines = row.transcript ?? [];
      const agentSets = await setsOf(row.agentMemberId);
      if (!agentSets.some((id) => questionSets.includes(id))) {
        await saveAnswers(ctx, row.itemId, [], [], lines, [question.questionId]);
        continue;
      }
      const { answers } = await answersForCall(ctx, job.orgId, agentSets, lines, signal);
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
 * After a scorecard's teams changed (see QaJobs.requestScorecardReanswer): on every analysed call, the
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
      const { answers } = toAnswer.length
        ? await answersForCall(ctx, job.orgId, applying, lines, signal)
        : { answers: [] };
      await saveAnswers(ctx, row.itemId, toAnswer, answers, lines, toRemove);
    }
    // Teams changed again while this ran (that change's job was not added meanwhile): one more pass.
    if (JSON.stringify(await teamsOfScorecard(ctx, job.questionSetId)) === teamsBefore) return;
  }
}

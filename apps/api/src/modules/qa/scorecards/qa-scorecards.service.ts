import {
  QA_LIMITS,
  type Question,
  type QuestionSet,
  type questionCreateSchema,
  type questionUpdateSchema,
} from '@agaton/contracts';
import {
  qaDocuments,
  qaQuestionSetMembers,
  qaQuestionSets,
  qaQuestionSetTeams,
  qaQuestions,
  teams,
} from '@agaton/db';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import type { QaJobs } from '../answering/index.ts';

/** Our texts for scorecard refusals the spec does not word (tests import them). */
export const SCORECARD_ERRORS = {
  nameTaken: 'A scorecard with this name already exists.',
  noSuchTeam: 'No such team in your organisation.',
  tooManyQuestions: (name: string) =>
    `The scorecard "${name}" already has the maximum of ${QA_LIMITS.maxQuestionsPerScorecard} questions.`,
} as const;

type QuestionCreateInput = z.output<typeof questionCreateSchema>;
type QuestionUpdateInput = z.output<typeof questionUpdateSchema>;
type QuestionRow = typeof qaQuestions.$inferSelect;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** The scorecard row of the organisation, or 404 (another organisation's id looks missing). */
async function findSet(db: AppContext['db'] | Tx, orgId: string, questionSetId: string) {
  const [row] = await db
    .select()
    .from(qaQuestionSets)
    .where(and(eq(qaQuestionSets.id, questionSetId), eq(qaQuestionSets.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** 409 when another scorecard of the organisation has this name (compared case-insensitively). */
async function assertNameFree(ctx: AppContext, orgId: string, name: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: qaQuestionSets.id })
    .from(qaQuestionSets)
    .where(
      and(
        eq(qaQuestionSets.orgId, orgId),
        sql`lower(${qaQuestionSets.name}) = lower(${name})`,
        exceptId ? ne(qaQuestionSets.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new AppError('CONFLICT', SCORECARD_ERRORS.nameTaken);
}

/** 404 unless every team is the organisation's; the distinct ids in a stable order. */
async function checkTeams(db: AppContext['db'] | Tx, orgId: string, teamIds: string[]) {
  const ids = dedupe(teamIds).sort();
  if (ids.length === 0) return ids;
  const found = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.orgId, orgId), inArray(teams.id, ids)));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND', SCORECARD_ERRORS.noSuchTeam);
  return ids;
}

/** The team ids of each scorecard of the organisation. */
async function teamsBySet(db: AppContext['db'] | Tx, orgId: string) {
  const rows = await db
    .select({ questionSetId: qaQuestionSetTeams.questionSetId, teamId: qaQuestionSetTeams.teamId })
    .from(qaQuestionSetTeams)
    .innerJoin(qaQuestionSets, eq(qaQuestionSets.id, qaQuestionSetTeams.questionSetId))
    .where(eq(qaQuestionSets.orgId, orgId))
    .orderBy(asc(qaQuestionSetTeams.teamId));
  const bySet = new Map<string, string[]>();
  for (const r of rows) bySet.set(r.questionSetId, [...(bySet.get(r.questionSetId) ?? []), r.teamId]);
  return bySet;
}

/** GET /api/qa/question-sets: the organisation's scorecards by name, with question and document counts. */
export async function listQuestionSets(ctx: AppContext, options: { orgId: string }): Promise<QuestionSet[]> {
  const questionCount = ctx.db
    .select({ n: count() })
    .from(qaQuestionSetMembers)
    .where(eq(qaQuestionSetMembers.questionSetId, qaQuestionSets.id));
  const documentCount = ctx.db
    .select({ n: count() })
    .from(qaDocuments)
    .where(eq(qaDocuments.questionSetId, qaQuestionSets.id));
  const rows = await ctx.db
    .select({
      id: qaQuestionSets.id,
      name: qaQuestionSets.name,
      createdAt: qaQuestionSets.createdAt,
      questionCount: sql<number>`(${questionCount})`.mapWith(Number),
      documentCount: sql<number>`(${documentCount})`.mapWith(Number),
    })
    .from(qaQuestionSets)
    .where(eq(qaQuestionSets.orgId, options.orgId))
    .orderBy(asc(sql`lower(${qaQuestionSets.name})`), asc(qaQuestionSets.createdAt));
  const setTeams = await teamsBySet(ctx.db, options.orgId);
  return rows.map((r) => ({
    questionSetId: r.id,
    name: r.name,
    maxQuestions: QA_LIMITS.maxQuestionsPerScorecard,
    questionCount: r.questionCount,
    documentCount: r.documentCount,
    teamIds: setTeams.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

async function questionSetById(ctx: AppContext, orgId: string, questionSetId: string) {
  const found = (await listQuestionSets(ctx, { orgId })).find((s) => s.questionSetId === questionSetId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * POST /api/qa/question-sets: a new, empty scorecard for some of the organisation's teams (none = every
 * agent); 409 when the name is taken, 404 when a team is not the organisation's.
 */
export async function createQuestionSet(
  ctx: AppContext,
  options: { orgId: string; name: string; teamIds?: string[] },
): Promise<QuestionSet> {
  await assertNameFree(ctx, options.orgId, options.name);
  const teamIds = await checkTeams(ctx.db, options.orgId, options.teamIds ?? []);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(qaQuestionSets)
      .values({ orgId: options.orgId, name: options.name })
      .returning({ id: qaQuestionSets.id });
    if (teamIds.length) {
      await tx
        .insert(qaQuestionSetTeams)
        .values(teamIds.map((teamId) => ({ questionSetId: row.id, teamId })));
    }
    return row.id;
  });
  return questionSetById(ctx, options.orgId, id);
}

/**
 * PATCH /api/qa/question-sets/{id}: renames the scorecard and/or sets its teams. When its teams change,
 * calls of agents that gain or lose it are answered again in the background.
 */
export async function updateQuestionSet(
  ctx: AppContext,
  options: { orgId: string; questionSetId: string; name?: string; teamIds?: string[]; jobs: QaJobs },
): Promise<QuestionSet> {
  const { orgId, questionSetId } = options;
  if (options.name !== undefined) await assertNameFree(ctx, orgId, options.name, questionSetId);
  const teamsChanged = await ctx.db.transaction(async (tx) => {
    const [set] = await tx
      .select({ id: qaQuestionSets.id })
      .from(qaQuestionSets)
      .where(and(eq(qaQuestionSets.id, questionSetId), eq(qaQuestionSets.orgId, orgId)))
      .for('update');
    if (!set) throw new AppError('NOT_FOUND');
    if (options.name !== undefined) {
      await tx.update(qaQuestionSets).set({ name: options.name }).where(eq(qaQuestionSets.id, questionSetId));
    }
    if (options.teamIds === undefined) return false;
    const wanted = await checkTeams(tx, orgId, options.teamIds);
    const before = (await teamsBySet(tx, orgId)).get(questionSetId) ?? [];
    if (JSON.stringify(before) === JSON.stringify(wanted)) return false;
    await tx.delete(qaQuestionSetTeams).where(eq(qaQuestionSetTeams.questionSetId, questionSetId));
    if (wanted.length) {
      await tx.insert(qaQuestionSetTeams).values(wanted.map((teamId) => ({ questionSetId, teamId })));
    }
    return true;
  });
  if (teamsChanged) await options.jobs.requestScorecardReanswer(orgId, questionSetId);
  return questionSetById(ctx, orgId, questionSetId);
}

/**
 * DELETE /api/qa/question-sets/{id}: removes the scorecard, its memberships and its documents. Its
 * questions stay (their past answers remain readable); those left in no scorecard are no longer asked.
 * Returns the object keys of the removed documents for the caller to delete from storage.
 */
export async function deleteQuestionSet(
  ctx: AppContext,
  options: { orgId: string; questionSetId: string },
): Promise<{ objectKeys: string[] }> {
  await findSet(ctx.db, options.orgId, options.questionSetId);
  const docs = await ctx.db
    .select({ objectKey: qaDocuments.objectKey })
    .from(qaDocuments)
    .where(eq(qaDocuments.questionSetId, options.questionSetId));
  // Memberships and documents go with it (ON DELETE CASCADE).
  await ctx.db.delete(qaQuestionSets).where(eq(qaQuestionSets.id, options.questionSetId));
  return { objectKeys: docs.map((d) => d.objectKey) };
}

/** Scorecard ids of each question. */
async function setIdsOf(db: AppContext['db'] | Tx, questionIds: string[]) {
  const bySet = new Map<string, string[]>();
  if (questionIds.length === 0) return bySet;
  const rows = await db
    .select({
      questionId: qaQuestionSetMembers.questionId,
      questionSetId: qaQuestionSetMembers.questionSetId,
    })
    .from(qaQuestionSetMembers)
    .where(inArray(qaQuestionSetMembers.questionId, questionIds))
    .orderBy(asc(qaQuestionSetMembers.createdAt));
  for (const r of rows) bySet.set(r.questionId, [...(bySet.get(r.questionId) ?? []), r.questionSetId]);
  return bySet;
}

function toQuestion(row: QuestionRow, questionSetIds: string[]): Question {
  return {
    questionId: row.id,
    questionText: row.questionText,
    presentationText: row.presentationText,
    purposes: row.purposes,
    isActive: row.isActive,
    isTrueGood: row.isTrueGood,
    severity: row.severity,
    questionSetIds,
    speaker: row.speaker,
    phrases: row.phrases,
    examples: row.examples,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/qa/question-sets/{id}/questions: the scorecard's questions in the order they joined it,
 * each with all its scorecards (more than one = Shared).
 */
export async function listQuestions(
  ctx: AppContext,
  options: { orgId: string; questionSetId: string },
): Promise<Question[]> {
  await findSet(ctx.db, options.orgId, options.questionSetId);
  const rows = await ctx.db
    .select({ question: qaQuestions })
    .from(qaQuestionSetMembers)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaQuestionSetMembers.questionId))
    .where(eq(qaQuestionSetMembers.questionSetId, options.questionSetId))
    .orderBy(asc(qaQuestionSetMembers.createdAt), asc(qaQuestions.createdAt));
  const sets = await setIdsOf(
    ctx.db,
    rows.map((r) => r.question.id),
  );
  return rows.map((r) => toQuestion(r.question, sets.get(r.question.id) ?? []));
}

/**
 * Locks the named scorecards (404 unless all are the organisation's) and refuses (409) to add a
 * question to one that already holds the maximum. `joining` are the scorecards the question is new to.
 */
async function checkScorecards(tx: Tx, orgId: string, questionSetIds: string[], joining: string[]) {
  const ids = [...new Set(questionSetIds)];
  if (ids.length === 0) return ids;
  const sets = await tx
    .select({ id: qaQuestionSets.id, name: qaQuestionSets.name })
    .from(qaQuestionSets)
    .where(and(eq(qaQuestionSets.orgId, orgId), inArray(qaQuestionSets.id, ids)))
    .orderBy(asc(qaQuestionSets.id))
    .for('update');
  if (sets.length !== ids.length) throw new AppError('NOT_FOUND');
  for (const set of sets.filter((s) => joining.includes(s.id))) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(qaQuestionSetMembers)
      .where(eq(qaQuestionSetMembers.questionSetId, set.id));
    if (n >= QA_LIMITS.maxQuestionsPerScorecard) {
      throw new AppError('CONFLICT', SCORECARD_ERRORS.tooManyQuestions(set.name));
    }
  }
  return ids;
}

/** The fields whose change can change answers (they bump `version`). */
function answerFields(q: Pick<QuestionRow, keyof QuestionCreateInput & keyof QuestionRow>) {
  return JSON.stringify([
    q.questionText,
    q.presentationText,
    [...q.purposes].sort(),
    q.isActive,
    q.isTrueGood,
    q.severity,
    q.speaker,
    q.phrases,
    q.examples,
  ]);
}

const dedupe = (list: string[]) => [...new Set(list)];

/** The stored columns of a created or updated question (lists without repeats). */
function questionColumns(input: QuestionUpdateInput) {
  return {
    questionText: input.questionText,
    presentationText: input.presentationText,
    purposes: dedupe(input.purposes) as QuestionRow['purposes'],
    isActive: input.isActive,
    isTrueGood: input.isTrueGood,
    severity: input.severity,
    speaker: input.speaker,
    phrases: dedupe(input.phrases),
    examples: dedupe(input.examples),
  };
}

/** POST /api/qa/questions: a new question in one or more of the organisation's scorecards. */
export async function createQuestion(
  ctx: AppContext,
  options: { orgId: string; input: QuestionCreateInput; jobs: QaJobs },
): Promise<Question> {
  const { orgId, input, jobs } = options;
  const question = await ctx.db.transaction(async (tx) => {
    const setIds = await checkScorecards(tx, orgId, input.questionSetIds, input.questionSetIds);
    const [row] = await tx
      .insert(qaQuestions)
      .values({ orgId, ...questionColumns(input) })
      .returning();
    await tx
      .insert(qaQuestionSetMembers)
      .values(setIds.map((questionSetId) => ({ questionSetId, questionId: row.id })));
    return toQuestion(row, setIds);
  });
  // Past calls are answered for the new question in the background.
  await jobs.requestReanswer(orgId, question.questionId);
  return question;
}

/**
 * PUT /api/qa/questions/{questionId}: replaces the question's fields and scorecards. An unchanged
 * question is answered as it is (no new version, no re-answering). `questionSetIds` empty is the
 * spec's delete: the question leaves every scorecard and is no longer asked.
 */
export async function updateQuestion(
  ctx: AppContext,
  options: { orgId: string; questionId: string; input: QuestionUpdateInput; jobs: QaJobs },
): Promise<Question> {
  const { orgId, questionId, input, jobs } = options;
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(qaQuestions)
      .where(and(eq(qaQuestions.id, questionId), eq(qaQuestions.orgId, orgId)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND');
    const before = (await setIdsOf(tx, [questionId])).get(questionId) ?? [];
    const wanted = dedupe(input.questionSetIds);
    const joining = wanted.filter((id) => !before.includes(id));
    const leaving = before.filter((id) => !wanted.includes(id));
    await checkScorecards(tx, orgId, wanted, joining);

    const next = questionColumns(input);
    const changed = answerFields(current) !== answerFields(next);
    let row = current;
    if (changed) {
      [row] = await tx
        .update(qaQuestions)
        .set({ ...next, version: sql`${qaQuestions.version} + 1`, updatedAt: new Date() })
        .where(eq(qaQuestions.id, questionId))
        .returning();
    }
    if (leaving.length) {
      await tx
        .delete(qaQuestionSetMembers)
        .where(
          and(
            eq(qaQuestionSetMembers.questionId, questionId),
            inArray(qaQuestionSetMembers.questionSetId, leaving),
          ),
        );
    }
    if (joining.length) {
      await tx
        .insert(qaQuestionSetMembers)
        .values(joining.map((questionSetId) => ({ questionSetId, questionId })));
    }
    const setIds = [...before.filter((id) => wanted.includes(id)), ...joining];
    // Re-answer when answers may change: new wording or evidence, or the question is asked again, or
    // its scorecards changed (scorecards with teams: other agents' calls may gain or lose it).
    const reanswer = changed || joining.length > 0 || leaving.length > 0;
    return { question: toQuestion(row, setIds), reanswer };
  });
  if (result.reanswer) await jobs.requestReanswer(orgId, questionId);
  return result.question;
}

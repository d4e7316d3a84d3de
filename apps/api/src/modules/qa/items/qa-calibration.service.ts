import type { Calibration } from '@agaton/contracts';
import { qaAnswers, qaItems, qaQuestionSetMembers, qaQuestionSets, qaQuestions } from '@agaton/db';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import type { OrgActor } from '../../../lib/policy.ts';
import { disputeOpen } from '../answering/index.ts';
import { periodItems } from '../qa-scope.ts';

/** Options of {@link calibration}. */
export interface CalibrationOptions {
  actor: OrgActor;
  questionSetId: string;
  /** Seconds since the epoch, both ends included. */
  fromTime: number;
  toTime: number;
  teamId?: string;
}

const count = (condition?: SQL) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);

const share = (agreed: number, reviewed: number) => (reviewed ? agreed / reviewed : null);

/**
 * GET /api/qa/question-sets/{questionSetId}/calibration: per question of the scorecard (in its
 * order), the answers of the period's items in the admin's scope, how many a person reviewed (an
 * override; one equal to the automatic answer is a confirmation), how many of those agree with the
 * automatic answer, the exact agreement share, and the disputes no reviewer has settled; and totals.
 * A scorecard of another organisation is 404.
 */
export async function calibration(ctx: AppContext, options: CalibrationOptions): Promise<Calibration> {
  const { actor, questionSetId } = options;
  const scope = await periodItems(ctx, actor, options);
  const [set] = await ctx.db
    .select({ id: qaQuestionSets.id, name: qaQuestionSets.name })
    .from(qaQuestionSets)
    .where(and(eq(qaQuestionSets.id, questionSetId), eq(qaQuestionSets.orgId, actor.orgId)));
  if (!set) throw new AppError('NOT_FOUND');
  const questions = await ctx.db
    .select({
      questionId: qaQuestions.id,
      questionText: qaQuestions.questionText,
      presentationText: qaQuestions.presentationText,
    })
    .from(qaQuestions)
    .innerJoin(qaQuestionSetMembers, eq(qaQuestionSetMembers.questionId, qaQuestions.id))
    .where(eq(qaQuestionSetMembers.questionSetId, set.id))
    .orderBy(asc(qaQuestions.createdAt), asc(qaQuestions.questionText), asc(qaQuestions.id));
  const figures = questions.length
    ? await ctx.db
        .select({
          questionId: qaAnswers.questionId,
          answers: count(),
          reviewed: count(sql`${qaAnswers.overrideAnswer} is not null`),
          agreed: count(sql`${qaAnswers.overrideAnswer} = ${qaAnswers.answer}`),
          openDisputes: count(disputeOpen),
        })
        .from(qaAnswers)
        .innerJoin(qaItems, eq(qaItems.id, qaAnswers.itemId))
        .where(
          and(
            scope,
            inArray(
              qaAnswers.questionId,
              questions.map((q) => q.questionId),
            ),
          ),
        )
        .groupBy(qaAnswers.questionId)
    : [];
  const byQuestion = new Map(figures.map((f) => [f.questionId, f]));
  const totals = { answers: 0, reviewed: 0, agreed: 0, openDisputes: 0 };
  const rows = questions.map((q) => {
    const f = byQuestion.get(q.questionId) ?? { answers: 0, reviewed: 0, agreed: 0, openDisputes: 0 };
    totals.answers += f.answers;
    totals.reviewed += f.reviewed;
    totals.agreed += f.agreed;
    totals.openDisputes += f.openDisputes;
    return {
      ...q,
      answers: f.answers,
      reviewed: f.reviewed,
      agreed: f.agreed,
      agreementShare: share(f.agreed, f.reviewed),
      openDisputes: f.openDisputes,
    };
  });
  return {
    questionSetId: set.id,
    name: set.name,
    questions: rows,
    totals: { ...totals, agreementShare: share(totals.agreed, totals.reviewed) },
  };
}

import { type Answer, type AnswerEvent, QA_TEXTS, type QcItem } from '@agaton/contracts';
import { admins, qaAnswerEvents, qaAnswers, qaQuestions, type Transaction, users } from '@agaton/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import type { OrgActor } from '../../../lib/policy.ts';
import { effectiveAnswer, lockItem, overrideFlag, refreshItemFlag } from '../answering/index.ts';
import { adminActor, agentActor, assertItemVisible, type ItemReader, itemFor } from './qa-items.service.ts';

/**
 * People on answers (issue 27 item 4; decision 022, "Reviews, disputes and calibration"): a reviewer
 * overrides an answer (or confirms it) and removes the override; the call's agent acknowledges or
 * disputes it. Each is one transaction under the item's lock: the answer's current state on
 * qa_answers, an event appended to qa_answer_events, and (for overrides) the item's flag.
 */

export interface AnswerRef {
  qcItemId: string;
  questionId: string;
}

/** The answer with its question, locked with its item; 404 when the item has no such answer. */
async function lockedAnswer(tx: Transaction, ref: AnswerRef) {
  await lockItem(tx, ref.qcItemId);
  const [row] = await tx
    .select({ answer: qaAnswers, isTrueGood: qaQuestions.isTrueGood, severity: qaQuestions.severity })
    .from(qaAnswers)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
    .where(and(eq(qaAnswers.itemId, ref.qcItemId), eq(qaAnswers.questionId, ref.questionId)));
  if (!row) throw new AppError('NOT_FOUND', QA_TEXTS.noSuchAnswer);
  return row;
}

const answerKey = (ref: AnswerRef) =>
  and(eq(qaAnswers.itemId, ref.qcItemId), eq(qaAnswers.questionId, ref.questionId));

/**
 * PUT /api/qa/items/{qcItemId}/answers/{questionId}/override: the reviewer's answer becomes the
 * effective one, flagged by the automatic answer's rule; the item's flag follows. An override equal
 * to the automatic answer confirms it. Returns the item.
 */
export async function overrideAnswer(
  ctx: AppContext,
  actor: OrgActor,
  ref: AnswerRef,
  input: { answer: Answer; reason: string },
): Promise<QcItem> {
  const reader: ItemReader = { admin: actor };
  await assertItemVisible(ctx, reader, ref.qcItemId);
  await ctx.db.transaction(async (tx) => {
    const { answer, ...question } = await lockedAnswer(tx, ref);
    const [event] = await tx
      .insert(qaAnswerEvents)
      .values({
        itemId: ref.qcItemId,
        questionId: ref.questionId,
        kind: 'OVERRIDE',
        answer: input.answer,
        automaticAnswer: answer.answer,
        comment: input.reason,
        adminId: actor.adminId,
      })
      .returning({ at: qaAnswerEvents.createdAt });
    await tx
      .update(qaAnswers)
      .set({
        overrideAnswer: input.answer,
        overrideFlagLevel: overrideFlag(input.answer, question),
        overriddenBy: actor.adminId,
        overriddenAt: event.at,
        overrideReason: input.reason,
      })
      .where(answerKey(ref));
    await refreshItemFlag(tx, ref.qcItemId);
  });
  return itemFor(ctx, reader, ref.qcItemId);
}

/**
 * DELETE /api/qa/items/{qcItemId}/answers/{questionId}/override: back to the automatic answer (404
 * when there is no override); the removal is kept in the history. Returns the item.
 */
export async function removeOverride(ctx: AppContext, actor: OrgActor, ref: AnswerRef): Promise<QcItem> {
  const reader: ItemReader = { admin: actor };
  await assertItemVisible(ctx, reader, ref.qcItemId);
  await ctx.db.transaction(async (tx) => {
    const { answer } = await lockedAnswer(tx, ref);
    if (!answer.overrideAnswer) throw new AppError('NOT_FOUND', QA_TEXTS.noOverride);
    await tx.insert(qaAnswerEvents).values({
      itemId: ref.qcItemId,
      questionId: ref.questionId,
      kind: 'OVERRIDE_REMOVED',
      answer: answer.overrideAnswer,
      automaticAnswer: answer.answer,
      adminId: actor.adminId,
    });
    await tx
      .update(qaAnswers)
      .set({
        overrideAnswer: null,
        overrideFlagLevel: null,
        overriddenBy: null,
        overriddenAt: null,
        overrideReason: null,
      })
      .where(answerKey(ref));
    await refreshItemFlag(tx, ref.qcItemId);
  });
  return itemFor(ctx, reader, ref.qcItemId);
}

/**
 * PUT /api/app-user/qa-items/{qcItemId}/answers/{questionId}/response: the call's agent (the coach
 * user linked to the agent member) acknowledges or disputes the answer as it is shown to them. 404
 * for an item the user is not the agent of. Returns the item.
 */
export async function respondToAnswer(
  ctx: AppContext,
  agent: { userId: string },
  ref: AnswerRef,
  input: { kind: 'ACKNOWLEDGE' | 'DISPUTE'; comment?: string | null },
): Promise<QcItem> {
  const reader: ItemReader = { agentUserId: agent.userId };
  await assertItemVisible(ctx, reader, ref.qcItemId);
  await ctx.db.transaction(async (tx) => {
    const { answer } = await lockedAnswer(tx, ref);
    await tx.insert(qaAnswerEvents).values({
      itemId: ref.qcItemId,
      questionId: ref.questionId,
      kind: input.kind,
      answer: effectiveAnswer(answer).answer,
      automaticAnswer: answer.answer,
      comment: input.comment ?? null,
      userId: agent.userId,
    });
  });
  return itemFor(ctx, reader, ref.qcItemId);
}

/** GET /api/qa/items/{qcItemId}/history: every event of the item's answers, oldest first. */
export async function itemHistory(
  ctx: AppContext,
  actor: OrgActor,
  qcItemId: string,
): Promise<{ events: AnswerEvent[] }> {
  await assertItemVisible(ctx, { admin: actor }, qcItemId);
  const rows = await ctx.db
    .select({
      event: qaAnswerEvents,
      questionText: qaQuestions.questionText,
      adminName: admins.name,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(qaAnswerEvents)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswerEvents.questionId))
    .leftJoin(admins, eq(admins.id, qaAnswerEvents.adminId))
    .leftJoin(users, eq(users.id, qaAnswerEvents.userId))
    .where(eq(qaAnswerEvents.itemId, qcItemId))
    .orderBy(asc(qaAnswerEvents.seq));
  return {
    events: rows.map(({ event, questionText, adminName, user }) => ({
      eventId: event.id,
      questionId: event.questionId,
      questionText,
      kind: event.kind,
      answer: event.answer,
      automaticAnswer: event.automaticAnswer,
      comment: event.comment,
      actor:
        event.kind === 'ACKNOWLEDGE' || event.kind === 'DISPUTE'
          ? agentActor(event.userId, user)
          : adminActor(event.adminId, adminName),
      at: event.createdAt.toISOString(),
    })),
  };
}

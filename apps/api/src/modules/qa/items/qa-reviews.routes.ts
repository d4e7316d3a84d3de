import {
  answerOverrideSchema,
  calibrationQuerySchema,
  calibrationSchema,
  QA_LIMITS,
  qcAnswerParamsSchema,
  qcItemHistorySchema,
  qcItemParamsSchema,
  qcItemSchema,
  questionSetParamsSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../lib/context.ts';
import { authorizeOwnOrg } from '../../../lib/policy.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { calibration } from './qa-calibration.service.ts';
import { itemHistory, overrideAnswer, removeOverride } from './qa-reviews.service.ts';

/**
 * Reviewers on answers (issue 27 item 4): override and its removal, an item's history, and the
 * calibration of a scorecard. Any admin who sees the item (owner: every agent; manager: the managed
 * teams' agents); items and scorecards outside that scope are 404.
 */
export async function qaReviewsRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const tags = ['qa'];
  const security = [{ bearerAuth: [] }];
  // Before body validation: a signed-out or coach caller learns nothing about the body rules.
  const onRequest = requireAuth(ctx.tokens, 'admin');
  const actor = (request: Parameters<typeof actorOf>[0]) => authorizeOwnOrg(ctx, actorOf(request));

  r.put(
    '/qa/items/:qcItemId/answers/:questionId/override',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'Override an answer of a QA item: `answer` YES, NO or NOT_APPLICABLE and a `reason` (trimmed, 1–' +
          `${QA_LIMITS.maxOverrideReasonChars} characters). The override becomes the answer's effective answer and ` +
          "flag (the automatic answer's rule; never needs review) and the item's flag is recomputed; overriding " +
          'to the automatic answer confirms it. Settles an open dispute. Kept in the history with who and when. ' +
          'Returns the item. 404 for an item outside the scope or a question it has no answer to.',
        params: qcAnswerParamsSchema,
        body: answerOverrideSchema,
        response: { 200: qcItemSchema, ...errorResponses },
      },
    },
    async (request) =>
      overrideAnswer(ctx, await actor(request), request.params, {
        answer: request.body.answer,
        reason: request.body.reason,
      }),
  );

  r.delete(
    '/qa/items/:qcItemId/answers/:questionId/override',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          "Remove an answer's override: the automatic answer counts again and the item's flag is recomputed; " +
          'kept in the history with who and when. Returns the item. 404 when the answer has no override.',
        params: qcAnswerParamsSchema,
        response: { 200: qcItemSchema, ...errorResponses },
      },
    },
    async (request) => removeOverride(ctx, await actor(request), request.params),
  );

  r.get(
    '/qa/items/:qcItemId/history',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          "The item's history, oldest first: reviewers' overrides and their removals, agents' acknowledgements " +
          'and disputes, each with the answer it is about, the automatic answer then, the reason or comment, ' +
          'who and when.',
        params: qcItemParamsSchema,
        response: { 200: qcItemHistorySchema, ...errorResponses },
      },
    },
    async (request) => itemHistory(ctx, await actor(request), request.params.qcItemId),
  );

  r.get(
    '/qa/question-sets/:questionSetId/calibration',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'How well the automation answers a scorecard: per question (and in total) over the QA items between ' +
          'fromTime and toTime (seconds, inclusive) in the admin’s scope (optionally one team): answers, ' +
          'answers a person reviewed (overridden or confirmed), those where the person agreed with the ' +
          'automatic answer, the agreement share (null when none was reviewed) and open disputes.',
        params: questionSetParamsSchema,
        querystring: calibrationQuerySchema,
        response: { 200: calibrationSchema, ...errorResponses },
      },
    },
    async (request) =>
      calibration(ctx, {
        actor: await actor(request),
        questionSetId: request.params.questionSetId,
        ...request.query,
      }),
  );
}

import {
  agentQcItemsQuerySchema,
  agentResponseSchema,
  QA_LIMITS,
  qcAnswerParamsSchema,
  qcItemDetailSchema,
  qcItemListSchema,
  qcItemParamsSchema,
  qcItemSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../lib/context.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { getItem, listAgentItems } from './qa-items.service.ts';
import { respondToAnswer } from './qa-reviews.service.ts';

/**
 * The agent's side of call QA (issue 27 item 4), main-API coach endpoints (/app-user/*): a signed-in
 * coach user reads the QA items of calls they are the agent of (their member identity linked to the
 * coach account) and acknowledges or disputes answers. Anyone else's item is 404.
 */
export async function qaAgentRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const tags = ['qa', 'app-user'];
  const security = [{ bearerAuth: [] }];
  // Before validation: a signed-out or admin caller learns nothing about the rules.
  const onRequest = requireAuth(ctx.tokens, 'user');

  r.get(
    '/app-user/qa-items',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'The QA items of the calls the coach user is the agent of, newest first (limit, offset), with every ' +
          'answer as it counts, the automatic one, a reviewer’s override and the agent’s own response.',
        querystring: agentQcItemsQuerySchema,
        response: { 200: qcItemListSchema, ...errorResponses },
      },
    },
    async (request) => listAgentItems(ctx, actorOf(request).sub, request.query),
  );

  r.get(
    '/app-user/qa-items/:qcItemId',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'One of the coach user’s QA items with its call and transcript; 404 when they are not its agent.',
        params: qcItemParamsSchema,
        response: { 200: qcItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const claims = actorOf(request);
      return getItem(ctx, { agentUserId: claims.sub, familyId: claims.fid }, request.params.qcItemId);
    },
  );

  r.put(
    '/app-user/qa-items/:qcItemId/answers/:questionId/response',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'The agent acknowledges (`kind` ACKNOWLEDGE, optional `comment`) or disputes (`kind` DISPUTE, ' +
          `\`comment\` required, trimmed, 1–${QA_LIMITS.maxAgentCommentChars} characters) an answer of their QA item; ` +
          'the latest response counts, and a dispute stays open until a reviewer overrides or confirms the ' +
          'answer. Reviewers see it in the item and its history. Returns the item; 404 when the user is not ' +
          'the agent of the item or it has no answer to the question.',
        params: qcAnswerParamsSchema,
        body: agentResponseSchema,
        response: { 200: qcItemSchema, ...errorResponses },
      },
    },
    async (request) => respondToAnswer(ctx, { userId: actorOf(request).sub }, request.params, request.body),
  );
}

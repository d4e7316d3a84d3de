import {
  adminQcItemsQuerySchema,
  adminQcItemsSchema,
  possibleValuesQuerySchema,
  possibleValuesSchema,
  qcItemDetailSchema,
  qcItemListQuerySchema,
  qcItemListSchema,
  qcItemParamsSchema,
  qcItemSchema,
  qcReviewSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../lib/context.ts';
import { authorizeOwnOrg } from '../../../lib/policy.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { adminQcItems, getItem, listItems, possibleValues, reviewItem } from './qa-items.service.ts';

/** QA items (spec 3 §3.3, §7.1), in the admin's scope: owner all agents, manager the managed teams'. */
export async function qaItemsRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const tags = ['qa'];
  const security = [{ bearerAuth: [] }];
  const preHandler = requireAuth(ctx.tokens, 'admin');
  const actor = (request: Parameters<typeof actorOf>[0]) => authorizeOwnOrg(ctx, actorOf(request));

  r.get(
    '/qa/items',
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          'List QA items (spec 3 §7.1). Flags are the effective ones (a reviewer’s override wins). Filters: ' +
          'fromTime/toTime (seconds, inclusive), teamId, userIds and flagLevels (comma-separated), isReviewed, ' +
          'hasOpenDispute (an answer its agent disputes that no reviewer has settled), dynamicFields (JSON object: field key → accepted values; ' +
          'keys callTitle, agentName, source, redCount, yellowCount). Sort: timestamp (default, newest first), ' +
          'flagLevel (red 3, yellow 2, green 1, unspecified 0), user (agent name) or field:<key>; order asc|desc. ' +
          'Paging by limit and offset; totalItemCount counts every match.',
        querystring: qcItemListQuerySchema,
        response: { 200: qcItemListSchema, ...errorResponses },
      },
    },
    async (request) => listItems(ctx, await actor(request), request.query),
  );

  r.get(
    '/qa/items/:qcItemId',
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          'One QA item with its answers (bullets with citations: the transcript lines quoted and their ' +
          '"m:ss – m:ss" times) and its call (transcript, signed recording link). 404 outside the scope.',
        params: qcItemParamsSchema,
        response: { 200: qcItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => getItem(ctx, { admin: await actor(request) }, request.params.qcItemId),
  );

  r.put(
    '/qa/items/:qcItemId/review',
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          'Mark a QA item reviewed or not reviewed (spec 3 §7.1 "Apply review"); returns the item.',
        params: qcItemParamsSchema,
        body: qcReviewSchema,
        response: { 200: qcItemSchema, ...errorResponses },
      },
    },
    async (request) =>
      reviewItem(ctx, await actor(request), request.params.qcItemId, request.body.isReviewed),
  );

  r.get(
    '/qa/fields/possible-values',
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          'Values the QA items in scope hold for each field key (comma-separated fieldKeys): agentName and ' +
          'source list their values; fields without possible values get an empty list; an unknown key is 400.',
        querystring: possibleValuesQuerySchema,
        response: { 200: possibleValuesSchema, ...errorResponses },
      },
    },
    async (request) => possibleValues(ctx, await actor(request), request.query.fieldKeys),
  );

  r.get(
    '/admin/qc-items',
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          'QA items newest first with cursor paging (spec 3 §7.1 main API): teamId, flagLevels (default RED,YELLOW), ' +
          'pageLimit, pageCursor (the previous page’s pageLastCursor; null on the last page); pageTotal counts ' +
          'every match.',
        querystring: adminQcItemsQuerySchema,
        response: { 200: adminQcItemsSchema, ...errorResponses },
      },
    },
    async (request) => adminQcItems(ctx, await actor(request), request.query),
  );
}

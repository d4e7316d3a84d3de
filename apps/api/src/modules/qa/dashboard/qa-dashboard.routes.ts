import { qaDashboardQuerySchema, qaDashboardSchema } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../lib/context.ts';
import { authorizeOwnOrg } from '../../../lib/policy.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { qaDashboard } from './qa-dashboard.service.ts';

/** GET /api/qa/dashboard — the QA Dashboard tab's figures (spec 3 §2.5). */
export async function qaDashboardRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  typed(app).get(
    '/qa/dashboard',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags: ['qa'],
        security: [{ bearerAuth: [] }],
        description:
          'QA items between fromTime and toTime (seconds, inclusive) of the agents the admin sees (owner: all; ' +
          'manager: managed teams): per-question average score (green 100, yellow 50, red 0; not applicable ' +
          'left out), best first; a trend in timeZone by hour (a period of up to 2 days), day (up to 62), week or month, every bucket listed; per-agent rows; totals. A teamId outside the ' +
          "admin's teams is 403.",
        querystring: qaDashboardQuerySchema,
        response: { 200: qaDashboardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      return qaDashboard(ctx, { actor, ...request.query });
    },
  );
}

import { insightsQuerySchema, trainingInsightsSchema } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg } from '../../lib/policy.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { trainingInsights } from './training-insights.service.ts';

/**
 * GET /insights (spec 3 §7.3): the organisation's training insights for admins. Coaches get 403
 * (their own trends are GET /sessions/insights).
 */
export async function trainingInsightsRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  typed(app).get(
    '/insights',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags: ['training'],
        security: [{ bearerAuth: [] }],
        description:
          'Training insights: period (default the current week, Monday to Sunday in UTC), cohort (teamId, or every trainee the admin sees), one trainee (userId), grouping, periods and metrics (comma-separated).',
        querystring: insightsQuerySchema,
        response: { 200: trainingInsightsSchema, ...errorResponses },
      },
    },
    async (request) =>
      trainingInsights(ctx, { actor: await authorizeOwnOrg(ctx, actorOf(request)), query: request.query }),
  );
}

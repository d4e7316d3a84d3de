import { coachingReportQuerySchema, insightsSchema } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { analysedSessions } from '../coaching-reports/index.ts';
import { reportSubject } from '../sessions/index.ts';
import { buildInsights } from './insights-builder.ts';

/** GET /sessions/insights: the coach's trends over their analysed sessions (spec 1 §2 Insights). */
export async function insightsRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  typed(app).get(
    '/sessions/insights',
    {
      preHandler: requireAuth(ctx.tokens, ['user', 'admin']),
      schema: {
        tags: ['insights'],
        security: [{ bearerAuth: [] }],
        querystring: coachingReportQuerySchema,
        response: { 200: insightsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await reportSubject(ctx, actorOf(request), request.query.forUserId);
      return buildInsights(await analysedSessions(ctx, userId));
    },
  );
}

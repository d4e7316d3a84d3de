import {
  coachingReportQuerySchema,
  coachingReportSchema,
  coachingReportsPageSchema,
  coachingReportsQuerySchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { reportSubject } from '../sessions/index.ts';
import { getCoachingReport, listCoachingReports } from './coaching-reports.service.ts';

/** Coaching reports (spec 1 §7): a coach reads their own, an organisation admin a managed member's. */
export async function coachingReportsRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const tags = ['coaching-reports'];
  const security = [{ bearerAuth: [] }];
  const auth = requireAuth(ctx.tokens, ['user', 'admin']);

  r.get(
    '/coaching-reports',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        querystring: coachingReportsQuerySchema,
        response: { 200: coachingReportsPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor, forUserId } = request.query;
      const userId = await reportSubject(ctx, actorOf(request), forUserId);
      return listCoachingReports(ctx, { userId, limit, cursor });
    },
  );

  r.get(
    '/coaching-reports/:coachingReportId',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        params: z.object({ coachingReportId: z.string().max(64) }),
        querystring: coachingReportQuerySchema,
        response: { 200: coachingReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await reportSubject(ctx, actorOf(request), request.query.forUserId);
      return getCoachingReport(ctx, { userId, reportId: request.params.coachingReportId });
    },
  );
}

import {
  coachingOverviewQuerySchema,
  coachingOverviewResponseSchema,
  coachingUserParamsSchema,
  teamUserSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg } from '../../lib/policy.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { coachingOverview, coachingUser } from './coaching-overview.service.ts';

/** The assistant area's own calls (spec 3 §2.3, §7.2): the coaching overview of the admin's members. */
export async function assistantRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const base = { tags: ['assistant'], security: [{ bearerAuth: [] }] };
  const preHandler = requireAuth(ctx.tokens, 'admin');

  r.get(
    '/admin/coaching-overview',
    {
      preHandler,
      schema: {
        ...base,
        description:
          'Members the admin sees (owner: all; manager: managed teams), by name, with the newest coaching ' +
          "report's time, the number of reports and the coaching type. A teamId outside the admin's teams is 403.",
        querystring: coachingOverviewQuerySchema,
        response: { 200: coachingOverviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      return coachingOverview(ctx, { actor, ...request.query });
    },
  );

  r.get(
    '/admin/coaching-overview/users/:identityId',
    {
      preHandler,
      schema: {
        ...base,
        description: "One member of the overview by identity id; 404 outside the admin's reach.",
        params: coachingUserParamsSchema,
        response: { 200: teamUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      return coachingUser(ctx, { actor, identityId: request.params.identityId });
    },
  );
}

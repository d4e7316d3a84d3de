import {
  adminAccountSchema,
  adminEmailChangeRequestSchema,
  adminPasswordChangeRequestSchema,
  adminPasswordChangeResponseSchema,
  adminSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { changeEmail, changePassword, getAccount } from './account.service.ts';

/** My Account: the signed-in admin's sign-in e-mail and password (issue 13). */
export async function accountRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; limit: RateLimitOptions },
) {
  const { ctx, limit } = options;
  const r = typed(app);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const preHandler = requireAuth(ctx.tokens, 'admin');
  // Both changes check a password, so they share the sign-in rate limit.
  const config = { rateLimit: limit };

  r.get(
    '/admin/account',
    { preHandler, schema: { tags, security, response: { 200: adminAccountSchema, ...errorResponses } } },
    async (request) => getAccount(ctx, actorOf(request).sub),
  );

  r.put(
    '/admin/email',
    {
      preHandler,
      config,
      schema: {
        tags,
        security,
        description:
          '400 when the current password is wrong, 409 when another admin has the e-mail, 422 for social-only accounts; the old address gets a notice.',
        body: adminEmailChangeRequestSchema,
        response: { 200: adminSchema, ...errorResponses },
      },
    },
    async (request) => changeEmail(ctx, { adminId: actorOf(request).sub, ...request.body }),
  );

  r.put(
    '/admin/password',
    {
      preHandler,
      config,
      schema: {
        tags,
        security,
        description:
          'Revokes every refresh token of the admin and answers a fresh session for the caller. 400 when the current password is wrong, 422 for social-only accounts.',
        body: adminPasswordChangeRequestSchema,
        response: { 200: adminPasswordChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) => changePassword(ctx, { adminId: actorOf(request).sub, ...request.body }),
  );
}

import {
  authFlowRequestSchema,
  authFlowResponseSchema,
  errorBodySchema,
  oauthProviderSchema,
  oauthStartQuerySchema,
  ssoStartQuerySchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { authFlow, completeAuthorization, startProvider, startSso } from './oauth.service.ts';

/**
 * Social sign-in (Google, Microsoft) and organisation SSO through OpenID Connect, and the sign-in's
 * first stage (spec 1 §7 `auth-flow`), which sends an SSO organisation's members to their provider.
 */
export async function oauthRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; limit: RateLimitOptions },
) {
  const { ctx, limit } = options;
  const r = typed(app);
  const tags = ['oauth'];
  const redirectResponses = { 302: z.null(), 400: errorBodySchema, 501: errorBodySchema };

  r.post(
    '/auth-flow',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['auth'],
        body: authFlowRequestSchema,
        response: { 200: authFlowResponseSchema, ...errorResponses },
      },
    },
    async (request) => authFlow(ctx, request.body),
  );

  r.get(
    '/oauth/sso/start',
    {
      config: { rateLimit: limit },
      schema: { tags, querystring: ssoStartQuerySchema, response: redirectResponses },
    },
    async (request, reply) => {
      const { email, ...options } = request.query;
      return reply.redirect(await startSso(ctx, email, options));
    },
  );

  r.get(
    '/oauth/:provider/start',
    {
      config: { rateLimit: limit },
      schema: {
        tags,
        params: z.object({ provider: oauthProviderSchema }),
        querystring: oauthStartQuerySchema,
        response: redirectResponses,
      },
    },
    async (request, reply) =>
      reply.redirect(await startProvider(ctx, request.params.provider, request.query)),
  );

  r.get(
    '/oauth/callback',
    { config: { rateLimit: limit }, schema: { tags, response: { 302: z.null() } } },
    async (request, reply) => {
      const currentUrl = new URL(request.url, ctx.config.PUBLIC_URL);
      return reply.redirect(await completeAuthorization(ctx, currentUrl));
    },
  );
}

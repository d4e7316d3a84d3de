import {
  errorBodySchema,
  oauthProviderSchema,
  oauthStartQuerySchema,
  ssoStartQuerySchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { completeAuthorization, startProvider, startSso } from './oauth.service.ts';

/** Social sign-in (Google, Microsoft) and organisation SSO through OpenID Connect. */
export function oauthRoutes(app: FastifyInstance, ctx: AppContext, limit: RateLimitOptions) {
  const r = typed(app);
  const tags = ['oauth'];
  const redirectResponses = { 302: z.null(), 400: errorBodySchema, 501: errorBodySchema };

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

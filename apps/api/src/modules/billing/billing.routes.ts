import {
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  contactSalesRequestSchema,
  currentPlanSchema,
  localCheckoutPaidSchema,
  localCheckoutSchema,
  localPortalSchema,
  portalSessionRequestSchema,
  portalSessionResponseSchema,
} from '@agaton/contracts';
import { users } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, bearerToken, requireAuth } from '../../plugins/auth.ts';
import type { BillingProvider } from '../../providers/billing/billing-provider.ts';
import { getCurrentPlan, openPortal, receiveWebhook, refreshPlan, startCheckout } from './billing.service.ts';
import { contactSales } from './contact-sales.service.ts';
import {
  changeLocalSubscription,
  getLocalCheckout,
  getLocalPortal,
  payLocalCheckout,
} from './local-billing.service.ts';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(100) });

export interface BillingRoutesOptions {
  ctx: AppContext;
  provider: BillingProvider;
}

/**
 * Billing (spec 1 §3, §7): current plan, checkout and portal sessions, the provider's webhook, the
 * embedded provider's own checkout and portal pages, and contact sales.
 */
export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const { ctx, provider } = options;
  const deps = { ctx, provider };
  const r = typed(app);
  const coach = requireAuth(ctx.tokens, 'user');
  const userId = (request: FastifyRequest) => actorOf(request).sub;

  r.get(
    '/billing/current-plan',
    {
      preHandler: coach,
      schema: { tags, security, response: { 200: currentPlanSchema, ...errorResponses } },
    },
    async (request) => getCurrentPlan(deps, { userId: userId(request) }),
  );

  r.post(
    '/billing/checkout-session',
    {
      preHandler: coach,
      schema: {
        tags,
        security,
        description: 'successUrl and cancelUrl must be on PUBLIC_URL (no open redirects).',
        body: checkoutSessionRequestSchema,
        response: { 200: checkoutSessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      checkoutUrl: await startCheckout(deps, { userId: userId(request), request: request.body }),
    }),
  );

  r.post(
    '/billing/customer-portal-session',
    {
      preHandler: coach,
      schema: {
        tags,
        security,
        description: 'returnUrl must be on PUBLIC_URL.',
        body: portalSessionRequestSchema,
        response: { 200: portalSessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      portalUrl: await openPortal(deps, { userId: userId(request), returnUrl: request.body.returnUrl }),
    }),
  );

  r.post(
    '/billing/refresh',
    {
      preHandler: coach,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        description: "Reads the subscription from the provider again (the upgrade success page's button).",
        response: { 200: currentPlanSchema, ...errorResponses },
      },
    },
    async (request) => refreshPlan(deps, { userId: userId(request) }),
  );

  // The signature covers the exact bytes, so this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    typed(webhook).post(
      '/billing/webhook',
      {
        schema: {
          tags,
          description:
            'Provider events (Stripe), verified by the Stripe-Signature header; replays are skipped.',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(deps, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : undefined,
        });
      },
    );
  });

  r.post(
    '/contact-sales',
    {
      config: {
        rateLimit: { max: ctx.config.CONTACT_SALES_RATE_LIMIT_PER_HOUR, timeWindow: 3_600_000 },
      },
      schema: {
        tags,
        description: 'Open to anyone; a coach token, when sent, links the request to the account.',
        body: contactSalesRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const account = await optionalCoach(ctx, request);
      await contactSales(ctx, {
        request: request.body,
        userId: account?.id ?? null,
        accountEmail: account?.email ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  if (provider.name === 'local') await app.register(localPageRoutes, { ctx });
}

/** The coach behind a bearer token, if one was sent and is valid; contact sales works without one. */
async function optionalCoach(ctx: AppContext, request: FastifyRequest) {
  if (!request.headers.authorization) return null;
  try {
    const claims = await ctx.tokens.verify(bearerToken(request));
    if (claims.kind !== 'user') return null;
    const [row] = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, claims.sub));
    return row ?? null;
  } catch {
    return null;
  }
}

/** API of the embedded provider's checkout (/coach/checkout) and portal (/coach/subscription) pages. */
async function localPageRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const r = typed(app);
  const coach = requireAuth(ctx.tokens, 'user');
  const local = ['billing (local provider)'];
  const withIds = (request: FastifyRequest) => ({
    userId: actorOf(request).sub,
    id: (request.params as { id: string }).id,
  });

  r.get(
    '/billing/local/checkout/:id',
    {
      preHandler: coach,
      schema: {
        tags: local,
        security,
        params: idParams,
        response: { 200: localCheckoutSchema, ...errorResponses },
      },
    },
    async (request) => getLocalCheckout(ctx, withIds(request)),
  );
  r.post(
    '/billing/local/checkout/:id/pay',
    {
      preHandler: coach,
      schema: {
        tags: local,
        security,
        params: idParams,
        response: { 200: localCheckoutPaidSchema, ...errorResponses },
      },
    },
    async (request) => payLocalCheckout(ctx, withIds(request)),
  );
  r.get(
    '/billing/local/portal/:id',
    {
      preHandler: coach,
      schema: {
        tags: local,
        security,
        params: idParams,
        response: { 200: localPortalSchema, ...errorResponses },
      },
    },
    async (request) => getLocalPortal(ctx, withIds(request)),
  );
  for (const action of ['cancel', 'resume'] as const) {
    r.post(
      `/billing/local/portal/:id/${action}`,
      {
        preHandler: coach,
        schema: {
          tags: local,
          security,
          params: idParams,
          response: { 200: currentPlanSchema, ...errorResponses },
        },
      },
      async (request) => changeLocalSubscription(ctx, { ...withIds(request), action }),
    );
  }
}

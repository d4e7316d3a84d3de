import {
  adminAuthRequestSchema,
  adminAuthResponseSchema,
  adminExistsQuerySchema,
  adminExistsResponseSchema,
  adminForgotPasswordRequestSchema,
  adminResetPasswordRequestSchema,
  adminSchema,
  adminSignUpRequestSchema,
  adminUpdateRequestSchema,
  messages,
  trialStartRequestSchema,
} from '@agaton/contracts';
import { admins } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg } from '../../lib/policy.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { actorOf, bearerToken, requireAuth } from '../../plugins/auth.ts';
import {
  adminSubjectForSocial,
  consumeCode,
  consumeSocialToken,
  requestPasswordReset,
  resetPassword,
  verifyCredentials,
} from '../auth/index.ts';
import { accountRoutes } from './account.routes.ts';
import { adminSession, getAdmin, signUpAdmin, updateAdmin } from './admin.service.ts';
import { startTrial } from './trial.service.ts';

/** Admin auth and account endpoints (spec 1 §7, spec 2 §7). */
export async function adminRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; limit: RateLimitOptions },
) {
  const { ctx, limit } = options;
  const r = typed(app);
  const tags = ['admin'];
  const rateLimit = { rateLimit: limit };
  const adminOnly = requireAuth(ctx.tokens, 'admin');
  await app.register(accountRoutes, { ctx, limit });

  r.post(
    '/admin/auth',
    {
      config: rateLimit,
      schema: {
        tags,
        body: adminAuthRequestSchema,
        response: { 200: adminAuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      if ('authCode' in body) {
        const row = await consumeCode(ctx, body.authCode, 'sign-in');
        if (row.subjectKind !== 'admin') throw new AppError('INVALID_TOKEN', messages.token.codeInvalid);
        return adminSession(
          ctx,
          { kind: 'admin', id: row.subjectId, realm: 'whiskey-admin' },
          row.familyId ?? undefined,
        );
      }
      const subject =
        'firebaseAuthToken' in body
          ? await adminSubjectForSocial(ctx, await consumeSocialToken(ctx, body.firebaseAuthToken))
          : await verifyCredentials(ctx, {
              email: body.username,
              password: body.password,
              realm: 'whiskey-admin',
            });
      return adminSession(ctx, subject);
    },
  );

  r.get(
    '/admin/auth',
    {
      config: rateLimit,
      schema: {
        tags,
        description: '200 when an admin with this e-mail exists, 404 otherwise.',
        querystring: adminExistsQuerySchema,
        response: { 200: adminExistsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(admins.email, request.query.email));
      if (!row) throw new AppError('NOT_FOUND', messages.signIn.noAccountWithEmail);
      return { exists: true as const };
    },
  );

  r.post(
    '/admin/auth/forgot-password',
    {
      config: rateLimit,
      schema: {
        tags,
        body: adminForgotPasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, { kind: 'admin', email: request.body.email });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/admin/auth/reset-password',
    {
      config: rateLimit,
      schema: {
        tags,
        description: 'Authorization: Bearer <reset token from the e-mail link>.',
        body: adminResetPasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = resetToken(request.headers.authorization, () => bearerToken(request));
      await resetPassword(ctx, { token, password: request.body.password, kind: 'admin' });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/admin',
    {
      config: rateLimit,
      schema: {
        tags,
        body: adminSignUpRequestSchema,
        response: { 200: adminAuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => signUpAdmin(ctx, request.body),
  );

  r.get(
    '/admin',
    {
      preHandler: adminOnly,
      schema: { tags, security: [{ bearerAuth: [] }], response: { 200: adminSchema, ...errorResponses } },
    },
    async (request) => getAdmin(ctx, actorOf(request).sub),
  );

  r.put(
    '/admin',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: adminUpdateRequestSchema,
        response: { 200: adminSchema, ...errorResponses },
      },
    },
    async (request) => updateAdmin(ctx, { adminId: actorOf(request).sub, ...request.body }),
  );

  r.post(
    '/admin/trial/start',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description: "Starts a product's 7-day trial (owners, from trial-available only); answers the Admin.",
        body: trialStartRequestSchema,
        response: { 200: adminSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      await startTrial(ctx, { actor, product: request.body.productToTry });
      return getAdmin(ctx, actor.adminId);
    },
  );
}

/** A reset without a bearer token gets the spec's 'No token provided' text instead of a sign-in prompt. */
export function resetToken(header: string | undefined, read: () => string) {
  if (!header) throw new AppError('UNAUTHENTICATED', messages.password.noTokenAdmin);
  return read();
}

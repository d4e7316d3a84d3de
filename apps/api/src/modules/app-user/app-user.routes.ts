import {
  appUserAuthRequestSchema,
  appUserAuthResponseSchema,
  appUserResetPasswordRequestSchema,
  forgotPasswordRequestSchema,
  setGoalsRequestSchema,
  userPreferencesResponseSchema,
  userSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import {
  coachSubjectForSocial,
  consumeSocialToken,
  issueSession,
  requestPasswordReset,
  resetPassword,
  verifyCredentials,
} from '../auth/index.ts';
import { getUser } from './app-user.service.ts';
import { getPreferences, setGoals } from './preferences.service.ts';

/** Main-API coach endpoints: /app-user/* (spec 1 §7). */
export async function appUserRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; limit: RateLimitOptions },
) {
  const { ctx, limit } = options;
  const r = typed(app);
  const tags = ['app-user'];

  r.post(
    '/app-user/auth',
    {
      config: { rateLimit: limit },
      schema: {
        tags,
        body: appUserAuthRequestSchema,
        response: { 200: appUserAuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const subject =
        'firebaseAuthToken' in body
          ? await coachSubjectForSocial(ctx, await consumeSocialToken(ctx, body.firebaseAuthToken))
          : await verifyCredentials(ctx, { email: body.username, password: body.password, realm: 'whiskey' });
      const session = await issueSession(ctx, subject);
      return {
        token: session.accessToken,
        refreshToken: session.refreshToken,
        accessTokenExpiresInSeconds: session.accessTokenExpiresInSeconds,
        user: await getUser(ctx, subject.id),
      };
    },
  );

  r.get(
    '/app-user/me',
    {
      preHandler: requireAuth(ctx.tokens, 'user'),
      schema: { tags, security: [{ bearerAuth: [] }], response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => getUser(ctx, actorOf(request).sub),
  );

  r.get(
    '/app-user/preferences',
    {
      preHandler: requireAuth(ctx.tokens, 'user'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: userPreferencesResponseSchema, ...errorResponses },
      },
    },
    async (request) => getPreferences(ctx, { userId: actorOf(request).sub }),
  );

  r.put(
    '/app-user/goals',
    {
      // Before body validation: a signed-out or admin caller learns nothing about the body rules.
      onRequest: requireAuth(ctx.tokens, 'user'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: setGoalsRequestSchema,
        response: { 200: userPreferencesResponseSchema, ...errorResponses },
      },
    },
    async (request) => setGoals(ctx, { userId: actorOf(request).sub, goals: request.body.goals }),
  );

  r.post(
    '/app-user/auth/forgot-password',
    {
      config: { rateLimit: limit },
      schema: { tags, body: forgotPasswordRequestSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, { kind: 'user', email: request.body.email });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/app-user/auth/reset-password',
    {
      config: { rateLimit: limit },
      schema: {
        tags,
        body: appUserResetPasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { astridToken, password } = request.body;
      await resetPassword(ctx, { token: astridToken, password, kind: 'user' });
      return reply.status(204).send(null);
    },
  );
}

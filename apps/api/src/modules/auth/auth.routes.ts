import {
  authSessionSchema,
  codeRequestSchema,
  codeResponseSchema,
  messages,
  passwordResetRequestSchema,
  passwordSignInRequestSchema,
  passwordUpdateRequestSchema,
  resendVerificationRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  socialTokenRequestSchema,
  tokenRequestSchema,
  tokenRevokeRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { bearerToken } from '../../plugins/auth.ts';
import {
  coachSubjectForSocial,
  consumeSocialToken,
  createCoachUser,
  firstNameFromEmail,
  verifyCredentials,
} from './auth.service.ts';
import { mailVerificationLink, resendVerificationEmail, verifyEmail } from './email-verification.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import {
  consumeCode,
  endSignIn,
  issueCode,
  issueSession,
  rotateRefreshToken,
  subjectOfRefreshToken,
} from './sessions.ts';

/** Auth service calls of spec 1 §7 (coach and shared). */
export async function authRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; limit: RateLimitOptions },
) {
  const { ctx, limit } = options;
  const r = typed(app);
  const tags = ['auth'];
  const rateLimit = { rateLimit: limit };

  r.post(
    '/authn/password',
    {
      config: rateLimit,
      schema: {
        tags,
        body: passwordSignInRequestSchema,
        response: { 200: codeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { username, password, realm = 'whiskey' } = request.body;
      const subject = await verifyCredentials(ctx, { email: username, password, realm });
      return { code: await issueCode(ctx, subject) };
    },
  );

  r.post(
    '/authn/social',
    {
      config: rateLimit,
      schema: {
        tags,
        body: socialTokenRequestSchema,
        response: { 200: codeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const identity = await consumeSocialToken(ctx, request.body.firebaseAuthToken);
      return { code: await issueCode(ctx, await coachSubjectForSocial(ctx, identity)) };
    },
  );

  r.post(
    '/authn/sign-up',
    {
      config: rateLimit,
      schema: { tags, body: signUpRequestSchema, response: { 200: signUpResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      const user =
        'firebaseAuthToken' in body
          ? await consumeSocialToken(ctx, body.firebaseAuthToken).then((identity) =>
              createCoachUser(ctx, {
                email: identity.email,
                firstName: identity.firstName ?? firstNameFromEmail(identity.email),
              }),
            )
          : await createCoachUser(ctx, { email: body.email, password: body.password }).then(async (row) => {
              // A password account proves its e-mail by link before any identity provider may link to it.
              await mailVerificationLink(ctx, { kind: 'user', id: row.id, email: row.email });
              return row;
            });
      return { authCode: await issueCode(ctx, { kind: 'user', id: user.id, realm: 'whiskey' }) };
    },
  );

  r.post(
    '/token',
    {
      config: { rateLimit: { ...limit, max: limit.max * 6 } },
      schema: { tags, body: tokenRequestSchema, response: { 200: authSessionSchema, ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      if ('refreshToken' in body) return rotateRefreshToken(ctx, body.refreshToken);
      const row = await consumeCode(ctx, body.code, 'sign-in');
      return issueSession(
        ctx,
        { kind: row.subjectKind, id: row.subjectId, realm: row.realm },
        row.familyId ?? undefined,
      );
    },
  );

  r.post(
    '/token/revoke',
    {
      config: { rateLimit: { ...limit, max: limit.max * 6 } },
      schema: {
        tags,
        description:
          'Logout: ends the sign-in of this refresh token (its refresh and access tokens, codes and ' +
          'playback links). 204 whether or not the token was known.',
        body: tokenRevokeRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await endSignIn(ctx, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/code',
    {
      config: rateLimit,
      schema: { tags, body: codeRequestSchema, response: { 200: codeResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { familyId, ...subject } = await subjectOfRefreshToken(ctx, request.body.refreshToken);
      return { code: await issueCode(ctx, subject, { familyId }) };
    },
  );

  r.post(
    '/password-reset-request',
    {
      config: rateLimit,
      schema: { tags, body: passwordResetRequestSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, { kind: 'user', email: request.body.username });
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/password',
    {
      config: rateLimit,
      schema: {
        tags,
        description:
          "Sets a coach's new password. Authorization: Bearer <reset token from the e-mail link>; an " +
          "admin's reset token is refused as invalid (401) here (admins use /admin/auth/reset-password).",
        body: passwordUpdateRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.headers.authorization) throw new AppError('UNAUTHENTICATED', messages.password.noToken);
      // The coach's page: an admin's reset link is refused here like an unknown one.
      await resetPassword(ctx, {
        token: bearerToken(request),
        password: request.body.password,
        kind: 'user',
      });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/verify-email',
    {
      config: rateLimit,
      schema: {
        tags,
        description:
          'Verifies a coach or admin e-mail with the token from the verification link (single use, 48 hours). ' +
          'Answers the realm whose sign-in comes next; 401 INVALID_TOKEN for an unknown, used or expired link.',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses },
      },
    },
    async (request) => verifyEmail(ctx, request.body.token),
  );

  r.post(
    '/auth/verify-email/resend',
    {
      config: rateLimit,
      schema: {
        tags,
        description:
          'E-mails a new verification link when the realm has an unverified account with this address. ' +
          'Always 204, so the answer never tells whether an account exists.',
        body: resendVerificationRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      resendVerificationEmail(ctx, request.body);
      return reply.status(204).send(null);
    },
  );
}

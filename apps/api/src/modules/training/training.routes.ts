import {
  invitationTokenParamsSchema,
  practiceAttemptMetaSchema,
  practiceAttemptResponseSchema,
  practiceAttemptsPageSchema,
  practiceAttemptsQuerySchema,
  practiceCatalogSchema,
  trainingInvitationSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { registerMultipart } from '../../lib/multipart.ts';
import { typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import {
  jsonField,
  readAudioUpload,
  recordingUploadErrors,
  type ScoringRuntime,
  scoringUpload,
} from '../scoring/index.ts';
import { acceptInvitation, declineInvitation, getInvitation } from './invitations.service.ts';
import {
  getPracticeCatalog,
  listPracticeAttempts,
  recordPracticeAttempt,
  traineeOf,
} from './practice.service.ts';

export interface TrainingRoutesOptions {
  ctx: AppContext;
  /** The app's shared scoring pool (the demo's and the English test's). */
  scoring: ScoringRuntime;
}

const errors = recordingUploadErrors;

/**
 * The trainee's side of the English Learning App (decision 018): the e-mailed invitation (read and
 * decline without sign-in, accept as the invited coach) and practice on the speech engine.
 */
export async function trainingRoutes(app: FastifyInstance, options: TrainingRoutesOptions) {
  const { ctx, scoring } = options;
  await registerMultipart(app);
  const r = typed(app);
  const tags = ['training'];
  const user = requireAuth(ctx.tokens, 'user');

  r.get(
    '/training/invitations/:token',
    {
      schema: {
        tags,
        description: 'Extension: who invites whom. No sign-in: the signed token is the proof.',
        params: invitationTokenParamsSchema,
        response: { 200: trainingInvitationSchema, ...errors },
      },
    },
    async (request) => getInvitation(ctx, { token: request.params.token }),
  );

  r.post(
    '/training/invitations/:token/accept',
    {
      preHandler: user,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description:
          "Extension: the signed-in coach with the invitation's e-mail becomes the trainee (409 for " +
          'another account) and gets the PRACTICE feature. Idempotent.',
        params: invitationTokenParamsSchema,
        response: { 200: trainingInvitationSchema, ...errors },
      },
    },
    async (request) => acceptInvitation(ctx, { token: request.params.token, userId: actorOf(request).sub }),
  );

  r.post(
    '/training/invitations/:token/decline',
    {
      schema: {
        tags,
        description: 'Extension: declines the invitation (InviteRejected); 409 once it was accepted.',
        params: invitationTokenParamsSchema,
        response: { 200: trainingInvitationSchema, ...errors },
      },
    },
    async (request) => declineInvitation(ctx, { token: request.params.token }),
  );

  r.get(
    '/practice',
    {
      preHandler: user,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description:
          "Extension: the trainee organisation's reading sentences and free-speech questions by topic " +
          'and level, and the progress there. 403 for a coach who is not training.',
        response: { 200: practiceCatalogSchema, ...errors },
      },
    },
    async (request) => getPracticeCatalog(ctx, { userId: actorOf(request).sub }),
  );

  r.post(
    '/practice/attempts',
    {
      preHandler: user,
      config: { upload: scoringUpload(scoring.maxUploadBytes) },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description:
          'Extension. Multipart: `audio` (at most 30 s) and `meta`, a JSON string ' +
          '`{topic, level, kind, itemId, studySeconds, durationMs?}`. Scored like the demo; engine ' +
          'refusals (413, 415, 422, 503 with Retry-After) store nothing. 404 for an unknown exercise.',
        response: { 200: practiceAttemptResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = actorOf(request).sub;
      // Refuse a coach who is not training before reading their upload.
      await traineeOf(ctx, userId);
      const { audio, fields } = await readAudioUpload(request, { maxUploadBytes: scoring.maxUploadBytes });
      return recordPracticeAttempt(ctx, {
        scoring,
        userId,
        meta: jsonField(fields.meta, practiceAttemptMetaSchema),
        audio,
      });
    },
  );

  r.get(
    '/practice/attempts',
    {
      preHandler: user,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description: "Extension: the trainee's attempts in their organisation, newest first.",
        querystring: practiceAttemptsQuerySchema,
        response: { 200: practiceAttemptsPageSchema, ...errors },
      },
    },
    async (request) => listPracticeAttempts(ctx, { userId: actorOf(request).sub, ...request.query }),
  );
}

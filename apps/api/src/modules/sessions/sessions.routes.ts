import {
  errorBodySchema,
  pageQuerySchema,
  sessionProfileSchema,
  sessionsPageSchema,
  uploadRecordingFieldsSchema,
  uploadRecordingResponseSchema,
} from '@agaton/contracts';
import { sessions, users } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { registerMultipart } from '../../lib/multipart.ts';
import { errorResponses, typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import {
  playbackLink,
  playbackQuerySchema,
  receiveRecording,
  sendRecording,
  UPLOAD_TEXTS,
  verifyPlaybackLink,
} from '../recordings/index.ts';
import { articlesFor } from '../speaking/index.ts';
import { reportSubject } from './report-subject.ts';
import { enqueueAnalysis } from './session-analysis.ts';
import { assertMayRecord, createSession, findSession, listSessions, toProfile } from './sessions.service.ts';
import type { SessionsRuntime } from './sessions-runtime.ts';

const idParams = z.object({ meetingId: z.string().max(64) });
const forUser = z.object({ forUserId: z.string().max(64).optional() });

/** A session recording's link, checked by GET /api/sessions/{id}/recording. */
function recordingLink(options: { secret: string; sessionId: string; familyId: string | undefined }) {
  return playbackLink({
    ...options,
    purpose: 'recording',
    id: options.sessionId,
    path: `/api/sessions/${options.sessionId}/recording`,
  });
}

/** Recording upload, sessions list and profile, and playback (spec 1 §7 "Upload recording", sessions). */
export async function sessionsRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; runtime: SessionsRuntime },
) {
  const { ctx, runtime } = options;
  await registerMultipart(app);
  const r = typed(app);
  const tags = ['sessions'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/sessions/recordings',
    {
      preHandler: requireAuth(ctx.tokens, 'user'),
      config: {
        upload: {
          maxBytes: ctx.config.RECORDING_UPLOAD_LIMIT_BYTES,
          tooLarge: UPLOAD_TEXTS.tooLarge(ctx.config.RECORDING_UPLOAD_LIMIT_BYTES),
        },
      },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: `files` (the recording), `username`, `startTime`, `endTime` (ISO), `sessionType` (default). The body streams to object storage; the analysis runs as a job.',
        response: {
          202: uploadRecordingResponseSchema,
          ...errorResponses,
          402: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = actorOf(request).sub;
      // Before reading the body: a user who may not record is told at once, and nothing is stored.
      await assertMayRecord(ctx, userId);
      const upload = await receiveRecording(request, {
        store: runtime.store,
        userId,
        maxBytes: ctx.config.RECORDING_UPLOAD_LIMIT_BYTES,
      });
      let session: { id: string; created: boolean };
      try {
        const parsed = uploadRecordingFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) {
          throw new AppError(
            'VALIDATION',
            parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
        }
        session = await createSession(ctx, { userId, fields: parsed.data, upload });
      } catch (error) {
        await runtime.store.delete(upload.objectKey);
        throw error;
      }
      if (!session.created) await runtime.store.delete(upload.objectKey);
      await enqueueAnalysis(await runtime.queue(), session.id);
      return reply.code(202).send({ meetingId: session.id });
    },
  );

  r.get(
    '/sessions',
    {
      // Coaches list their own; organisation admins a managed member's (forUserId, spec 3 §7.2).
      preHandler: requireAuth(ctx.tokens, ['user', 'admin']),
      schema: {
        tags,
        security,
        querystring: pageQuerySchema.extend(forUser.shape),
        response: { 200: sessionsPageSchema, ...errorResponses },
      },
    },
    async (request) =>
      listSessions(ctx, {
        userId: await reportSubject(ctx, actorOf(request), request.query.forUserId),
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  );

  r.get(
    '/sessions/:meetingId',
    {
      // Coaches read their own; organisation admins a managed member's (forUserId).
      preHandler: requireAuth(ctx.tokens, ['user', 'admin']),
      schema: {
        tags,
        security,
        params: idParams,
        querystring: forUser,
        response: { 200: sessionProfileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await reportSubject(ctx, actorOf(request), request.query.forUserId);
      const row = await findSession(ctx, { userId, sessionId: request.params.meetingId });
      if (row.status !== 'done' || !row.metrics) {
        return toProfile(row, { recordingUrl: null, recommendedArticles: [] });
      }
      const [user] = await ctx.db.select({ goals: users.goals }).from(users).where(eq(users.id, userId));
      return toProfile(row, {
        recordingUrl: recordingLink({
          secret: ctx.config.JWT_SECRET,
          sessionId: row.id,
          familyId: actorOf(request).fid,
        }),
        recommendedArticles: articlesFor(row.metrics ? [row.metrics] : [], user?.goals ?? []),
      });
    },
  );

  r.get(
    '/sessions/:meetingId/recording',
    {
      schema: {
        tags,
        description:
          'The recording, for an <audio> element: a signed link from the session profile; supports Range. ' +
          'The link lives 6 h but only as long as the sign-in that asked for it (403 once it ended).',
        params: idParams,
        querystring: playbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { meetingId } = request.params;
      const valid = await verifyPlaybackLink({
        db: ctx.db,
        secret: ctx.config.JWT_SECRET,
        purpose: 'recording',
        id: meetingId,
        query: request.query,
      });
      // Expired, forged and revoked links alike: nothing tells a link holder which it was.
      if (!valid) throw new AppError('FORBIDDEN');
      const [row] = await ctx.db
        .select({
          objectKey: sessions.objectKey,
          contentType: sessions.contentType,
          sizeBytes: sessions.sizeBytes,
        })
        .from(sessions)
        .where(eq(sessions.id, meetingId));
      if (!row) throw new AppError('NOT_FOUND');
      return sendRecording(reply, { store: runtime.store, object: row, rangeHeader: request.headers.range });
    },
  );
}

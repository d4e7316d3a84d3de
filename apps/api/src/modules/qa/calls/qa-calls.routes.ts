import {
  callAcceptedSchema,
  callDetailSchema,
  callListSchema,
  callParamsSchema,
  errorBodySchema,
  QA_LIMITS,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import type { AppContext } from '../../../lib/context.ts';
import { registerMultipart } from '../../../lib/multipart.ts';
import { authorizeOwnOrg } from '../../../lib/policy.ts';
import { errorResponses, typed } from '../../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import type { ObjectStore } from '../../../providers/storage/object-store.ts';
import { playbackQuerySchema, sendRecording, verifyPlaybackLink } from '../../recordings/index.ts';
import type { QaJobs } from '../answering/index.ts';
import {
  CALL_UPLOAD_TEXTS,
  callRecording,
  getCall,
  listCalls,
  removeCall,
  retryCall,
  uploadCall,
} from './qa-calls.service.ts';

/**
 * Calls to review (issue 14 part 3): upload, read, play. Not a plugin of its own: modules/qa/qa.routes.ts
 * (`qaCallsRoutes`) adds these routes to its plugin and registers the QA items made from the calls
 * (part 6) inside it, so both share this scope (the multipart reader) as they always have.
 */
export async function callRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; store: ObjectStore; jobs: QaJobs },
) {
  const { ctx, store, jobs } = options;
  await registerMultipart(app);
  const r = typed(app);
  const tags = ['qa'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/qa/calls',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      // Audio and transcript together at most; each part's own limit is checked as it streams.
      config: {
        upload: {
          maxBytes: QA_LIMITS.maxCallAudioBytes + QA_LIMITS.maxCallTranscriptBytes,
          tooLarge: CALL_UPLOAD_TEXTS.audioTooLarge,
        },
      },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Upload a call to review. Multipart: text fields `agentIdentityId` (an organisation member the admin ' +
          'sees), `title`, optional `occurredAt` (ISO date-time; default now) — send them before the files — and ' +
          `an \`audio\` file (mp3, mp4, m4a, webm, ogg, wav; at most ${QA_LIMITS.maxCallAudioBytes / 1024 / 1024} MB; ` +
          'a two-channel WAV is transcribed per channel, left = agent, right = customer) and/or a `transcript` ' +
          `file (WebVTT with <v Speaker> voices, or JSON {turns:[{speaker, role?, start, end, text}]}; at most ` +
          `${QA_LIMITS.maxCallTranscriptBytes / 1024 / 1024} MB). With both, the transcript is used and the audio kept ` +
          'for playback. Speakers: a JSON role wins; else a label such as Agent/Rep or the agent’s name is the ' +
          'agent and Customer/Caller/Client the customer; else the first speaker is the agent. The analysis ' +
          '(answers for every active quality question of the organisation’s scorecards) runs as a job: 202. ' +
          '400 without files or with bad fields, 404 unknown agent, 403 agent outside the manager’s teams, 413 too ' +
          'large, 415 wrong type.',
        response: {
          202: callAcceptedSchema,
          ...errorResponses,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      const accepted = await uploadCall(ctx, request, { actor, store, jobs });
      return reply.code(202).send(accepted);
    },
  );

  r.get(
    '/qa/calls',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags,
        security,
        description:
          'The Upload call list: calls of the agents the admin sees that wait, are being analysed or failed ' +
          `(error: the readable reason), and the admin's own uploads analysed in the last ${QA_LIMITS.recentCallMinutes} minutes ` +
          `(with their qcItemId); newest upload first, at most ${QA_LIMITS.callListSize}. Without transcripts.`,
        response: { 200: callListSchema, ...errorResponses },
      },
    },
    async (request) => listCalls(ctx, await authorizeOwnOrg(ctx, actorOf(request))),
  );

  r.post(
    '/qa/calls/:callId/retry',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags,
        security,
        description:
          'Analyse a failed call again: 202, queued. 409 when its analysis did not fail; 404 outside the ' +
          "organisation or the manager's teams.",
        params: callParamsSchema,
        response: { 202: callAcceptedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      return reply.code(202).send(await retryCall(ctx, actor, request.params.callId, jobs));
    },
  );

  r.delete(
    '/qa/calls/:callId',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags,
        security,
        description:
          'Remove a failed call and its uploaded recording: 204. 409 when its analysis did not fail (an ' +
          "analysed call stays with its QA item); 404 outside the organisation or the manager's teams.",
        params: callParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await authorizeOwnOrg(ctx, actorOf(request));
      await removeCall(ctx, actor, request.params.callId, store);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/qa/calls/:callId',
    {
      preHandler: requireAuth(ctx.tokens, 'admin'),
      schema: {
        tags,
        security,
        description:
          'A call with its analysis status (queued, running, done, failed with a readable error), transcript ' +
          'lines (speaker AGENT, CUSTOMER or UNKNOWN; seconds), a signed recording link and its QA item once ' +
          'analysed. 404 outside the organisation or, for a manager, outside the managed teams.',
        params: callParamsSchema,
        response: { 200: callDetailSchema, ...errorResponses },
      },
    },
    async (request) => getCall(ctx, await authorizeOwnOrg(ctx, actorOf(request)), request.params.callId),
  );

  r.get(
    '/qa/calls/:callId/recording',
    {
      schema: {
        tags,
        description:
          'The call recording for an <audio> element: a signed link from the call (recordingUrl); supports ' +
          'Range. The link lives 6 h but only as long as the sign-in that asked for it (403 once it ended).',
        params: callParamsSchema,
        querystring: playbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { callId } = request.params;
      const valid = await verifyPlaybackLink({
        db: ctx.db,
        secret: ctx.config.JWT_SECRET,
        purpose: 'qa-call-recording',
        id: callId,
        query: request.query,
      });
      if (!valid) throw new AppError('FORBIDDEN');
      const row = await callRecording(ctx, callId);
      return sendRecording(reply, { store, object: row, rangeHeader: request.headers.range });
    },
  );
}

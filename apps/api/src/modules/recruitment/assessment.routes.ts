import {
  activityRequestSchema,
  activityResponseSchema,
  candidateTestSchema,
  formActivityMetaSchema,
  formActivityResponseSchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { registerMultipart } from '../../lib/multipart.ts';
import { typed } from '../../lib/route-kit.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import {
  jsonField,
  readAudioUpload,
  recordingUploadErrors,
  type ScoringRuntime,
  scoringUpload,
} from '../scoring/index.ts';
import { resumeTest, submitActivity, submitRecording } from './assessment.service.ts';
import { listeningAudioRoutes } from './listening-audio.ts';
import { testRecordingRoutes } from './test-recording.ts';

export interface AssessmentRoutesOptions {
  ctx: AppContext;
  /** The app's shared scoring pool and TTS. */
  scoring: ScoringRuntime;
  /** Where counted recordings are kept (challenges/<challengeId>/<itemId>); none in some tests. */
  store: ObjectStore | null;
}

const errors = recordingUploadErrors;

/**
 * The candidate-facing calls of the English test (spec 2 §7), candidate token only: resume the test,
 * send activities and recordings, and play listening questions (signed links, no token). Also the
 * admin's playback of a kept recording (a signed link, no token): it reads the same store.
 */
export async function assessmentRoutes(app: FastifyInstance, options: AssessmentRoutesOptions) {
  const { ctx, scoring } = options;
  // Encapsulated: this plugin's routes get the multipart parser without changing the app's others.
  await registerMultipart(app);
  const candidate = requireAuth(ctx.tokens, 'candidate');

  typed(app).get(
    '/assessment',
    {
      preHandler: candidate,
      schema: {
        tags: ['assessment'],
        description:
          "Extension: the candidate's test as POST /challenge/auth answers it, without a token, to " +
          'resume after a reload (the state is computed from the stored activities).',
        response: { 200: candidateTestSchema, ...errors },
      },
    },
    async (request) => resumeTest({ ctx, claims: actorOf(request) }),
  );

  typed(app).post(
    '/assessment/activity',
    {
      preHandler: candidate,
      schema: {
        tags: ['assessment'],
        description:
          'Multiple-choice answers (answer-comprehension-question), timeouts and part starts (start-part, ' +
          'extension). `context.idempotencyKey`: the same key again answers the current status and ' +
          'stores nothing. 409 when the item is not the current one of the started part; an answer ' +
          "arriving more than 15 s after the part's deadline closes the part (TIMES_UP) instead.",
        body: activityRequestSchema,
        response: { 200: activityResponseSchema, ...errors },
      },
    },
    async (request) => submitActivity({ ctx, claims: actorOf(request), request: request.body }),
  );

  typed(app).post(
    '/assessment/form/activity',
    {
      preHandler: candidate,
      config: { upload: scoringUpload(scoring.maxUploadBytes) },
      schema: {
        tags: ['assessment'],
        description:
          'Multipart: `audio` (a recording of at most 30 s) and `meta`, a JSON string ' +
          '`{context: {part, itemId, idempotencyKey}, data: {durationMs?}, type: "read-phrase" | ' +
          '"answer-free-speech"}`. The sentence or topic scored is the stored one. Engine refusals ' +
          '(413, 415, 422, 503 with Retry-After) store nothing, so the item can be recorded again.',
        response: { 200: formActivityResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { audio, fields } = await readAudioUpload(request, { maxUploadBytes: scoring.maxUploadBytes });
      return submitRecording({
        ctx,
        scoring,
        store: options.store,
        claims: actorOf(request),
        meta: jsonField(fields.meta, formActivityMetaSchema),
        audio,
      });
    },
  );

  await app.register(listeningAudioRoutes, { ctx, tts: scoring.tts });
  // The admin plays the free answer from a signed link; this plugin is the one given the store
  // the answers' recordings are kept in.
  await app.register(testRecordingRoutes, { ctx, store: options.store });
}

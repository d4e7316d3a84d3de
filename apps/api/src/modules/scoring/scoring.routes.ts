import { demoReadingResponseSchema, freeSpeechResponseSchema, SCORING_LIMITS } from '@agaton/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerMultipart } from '../../lib/multipart.ts';
import { typed } from '../../lib/route-kit.ts';
import { type TextToSpeech, TTS_MAX_CHARS } from '../../providers/tts/tts.ts';
import { readAudioUpload, recordingUploadErrors, requiredText, scoringUpload } from './multipart-audio.ts';
import { scoreFreeSpeech, scoreReading } from './scoring.service.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';
import { type UploadSlotLimits, uploadSlots } from './upload-slots.ts';

export interface ScoringRoutesOptions {
  pool: AnalysisPool;
  /** Per-client limit of the public endpoints. Default 30 per minute. */
  publicRateLimit?: { max: number; timeWindowMs: number };
  /** Verifies a candidate bearer token (kind 'candidate'); null when missing or invalid. */
  authenticateCandidate?: (request: FastifyRequest) => Promise<{ id: string } | null>;
  /** Analysis deadlines per task; the spec's 20 s and 60 s by default. */
  timeoutsMs?: { reading: number; 'free-speech': number };
  /** Text-to-speech for sample answers; null answers 501 and the client uses speechSynthesis. */
  tts?: TextToSpeech | null;
  /** Largest accepted recording in bytes; 12 MB by default. */
  maxUploadBytes?: number;
  /** Scored uploads in flight at once (buffered in memory until answered); 34 in all, 4 per client by default. */
  maxInFlight?: UploadSlotLimits;
}

const LEVELS = ['LOW', 'MEDIUM', 'ADVANCED'] as const;
/** `?level=`, in any letter case; one value (a repeated parameter arrives as an array and is refused). */
const levelSchema = z
  .string({ error: T.badLevel })
  .toUpperCase()
  .pipe(z.enum(LEVELS, { error: T.badLevel }));
const tags = ['scoring'];

/**
 * Demo and candidate scoring (spec 3 section 7.6) plus sample-answer speech. Register under /api.
 * Analysis runs in the worker pool, so these handlers only parse, queue and answer. Failures are
 * AppErrors, answered by the app's error plugin (plugins/errors.ts) with Retry-After on 429 and 503.
 */
export async function scoringRoutes(app: FastifyInstance, options: ScoringRoutesOptions) {
  const { pool, tts = null, timeoutsMs, maxUploadBytes = SCORING_LIMITS.maxUploadBytes } = options;
  const limit = options.publicRateLimit ?? { max: 30, timeWindowMs: 60_000 };
  // Encapsulated: only this module's routes get these parsers and limits when the app has none.
  await registerMultipart(app);
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  // The contracts validate and serialise here too when the module runs in a bare server (benchmarks, tests).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const publicLimit = {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_req: FastifyRequest, context: { after: string; ttl: number }) =>
        new AppError('RATE_LIMITED', T.rateLimited, { retryAfterSec: Math.ceil(context.ttl / 1000) }),
    },
  };

  const r = typed(app);
  const upload = scoringUpload(maxUploadBytes);
  const inFlight = uploadSlots(options.maxInFlight ?? { total: 34, perClient: 4 });
  app.addHook('onRequest', inFlight.take);
  const errors = recordingUploadErrors;
  const consumes = ['multipart/form-data'];
  /** A reading's upload scored: the demo's and a candidate's are the same analysis. */
  const scoreUploadedReading = async (request: FastifyRequest) => {
    const { audio, fields } = await readAudioUpload(request, { maxUploadBytes });
    const targetPhrase = requiredText(fields, 'target_phrase', T.noPhrase);
    return scoreReading({ pool, audio, targetPhrase, timeoutMs: timeoutsMs?.reading });
  };

  r.post(
    '/score/public/phrase',
    {
      config: { ...publicLimit, upload },
      schema: {
        tags,
        consumes,
        description: 'Demo reading (spec 3 §7.6). Multipart: `audio` and `target_phrase`.',
        response: { 200: demoReadingResponseSchema, ...errors },
      },
    },
    scoreUploadedReading,
  );

  r.post(
    '/score/public/free-speech',
    {
      config: { ...publicLimit, upload },
      schema: {
        tags,
        consumes,
        description:
          'Demo free answer (spec 3 §7.6). Multipart: `audio`, `question`, optional `includeNarrative` ("true").',
        response: { 200: freeSpeechResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { audio, fields } = await readAudioUpload(request, { maxUploadBytes });
      const question = requiredText(fields, 'question', T.noQuestion);
      return scoreFreeSpeech({
        pool,
        audio,
        question,
        includeNarrative: fields.includeNarrative === 'true',
        timeoutMs: timeoutsMs?.['free-speech'],
      });
    },
  );

  // Per candidate (the token's subject), so one test taker cannot monopolise the analysis pool from many
  // addresses; requests without a valid candidate token share their IP's bucket and get 401 anyway.
  const candidateLimit = {
    rateLimit: {
      ...publicLimit.rateLimit,
      keyGenerator: async (request: FastifyRequest) => {
        const candidate = options.authenticateCandidate ? await options.authenticateCandidate(request) : null;
        return candidate ? `candidate:${candidate.id}` : `ip:${request.ip}`;
      },
    },
  };

  r.post(
    '/score/phrase',
    {
      config: { ...candidateLimit, upload },
      // Before the query is validated and the body read: a caller without a candidate token learns that first.
      onRequest: async (request) => {
        const candidate = options.authenticateCandidate ? await options.authenticateCandidate(request) : null;
        if (!candidate) throw new AppError('UNAUTHENTICATED', T.unauthenticated);
      },
      schema: {
        tags,
        consumes,
        security: [{ bearerAuth: [] }],
        description:
          "A candidate's reading, with the candidate token. Multipart: `audio` and `target_phrase`.",
        querystring: z.object({ level: levelSchema }),
        response: { 200: demoReadingResponseSchema, ...errors },
      },
    },
    scoreUploadedReading,
  );

  r.get(
    '/google/textToSpeech',
    {
      config: publicLimit,
      schema: {
        tags,
        description: 'A sample answer spoken by the server (audio/wav); 501 when text-to-speech is off.',
        querystring: z.object({
          text: z.string({ error: T.ttsNoText }).trim().min(1, T.ttsNoText).max(TTS_MAX_CHARS, T.textTooLong),
          country: z.string().trim().max(8).default('US'),
        }),
      },
    },
    async (request, reply) => {
      if (!tts) throw new AppError('PROVIDER_NOT_CONFIGURED', T.ttsUnavailable);
      const { text, country } = request.query;
      const speech = await tts.synthesize({ text, country });
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type(speech.contentType)
        .send(speech.audio);
    },
  );
}

import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { type TextToSpeech, TTS_MAX_CHARS } from '../../providers/tts/tts.ts';
import { readAudioUpload, requiredText } from './multipart-audio.ts';
import { scoreFreeSpeech, scoreReading } from './scoring.service.ts';
import { SCORING_LIMITS, SCORING_TEXTS as T } from './scoring.texts.ts';

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
}

const LEVELS = ['LOW', 'MEDIUM', 'ADVANCED'] as const;

/**
 * Demo and candidate scoring (spec 3 section 7.6) plus sample-answer speech. Register under /api.
 * Analysis runs in the worker pool, so these handlers only parse, queue and answer. Failures are
 * AppErrors, answered by the app's error plugin (plugins/errors.ts) with Retry-After on 429 and 503.
 */
export async function scoringRoutes(app: FastifyInstance, options: ScoringRoutesOptions) {
  const { pool, tts = null, timeoutsMs, maxUploadBytes = SCORING_LIMITS.maxUploadBytes } = options;
  const limit = options.publicRateLimit ?? { max: 30, timeWindowMs: 60_000 };
  // Encapsulated: only this module's routes get these parsers and limits when the app has none.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  const publicLimit = {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_req: FastifyRequest, context: { after: string; ttl: number }) =>
        new AppError('RATE_LIMITED', T.rateLimited, { retryAfterSec: Math.ceil(context.ttl / 1000) }),
    },
  };

  app.post('/score/public/phrase', { config: publicLimit }, async (request) => {
    const { audio, fields } = await readAudioUpload(request, { maxUploadBytes });
    const targetPhrase = requiredText(fields, 'target_phrase', T.noPhrase);
    return scoreReading({ pool, audio, targetPhrase, timeoutMs: timeoutsMs?.reading });
  });

  app.post('/score/public/free-speech', { config: publicLimit }, async (request) => {
    const { audio, fields } = await readAudioUpload(request, { maxUploadBytes });
    const question = requiredText(fields, 'question', T.noQuestion);
    return scoreFreeSpeech({
      pool,
      audio,
      question,
      includeNarrative: fields.includeNarrative === 'true',
      timeoutMs: timeoutsMs?.['free-speech'],
    });
  });

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

  app.post('/score/phrase', { config: candidateLimit }, async (request) => {
    const candidate = options.authenticateCandidate ? await options.authenticateCandidate(request) : null;
    if (!candidate) throw new AppError('UNAUTHENTICATED', T.unauthenticated);
    const level = (request.query as { level?: string }).level?.toUpperCase();
    if (!level || !(LEVELS as readonly string[]).includes(level)) {
      throw new AppError('VALIDATION', T.badLevel);
    }
    const { audio, fields } = await readAudioUpload(request, { maxUploadBytes });
    const targetPhrase = requiredText(fields, 'target_phrase', T.noPhrase);
    return scoreReading({ pool, audio, targetPhrase, timeoutMs: timeoutsMs?.reading });
  });

  app.get('/google/textToSpeech', { config: publicLimit }, async (request, reply) => {
    if (!tts) throw new AppError('PROVIDER_NOT_CONFIGURED', T.ttsUnavailable);
    const { text = '', country = 'US' } = request.query as { text?: string; country?: string };
    if (!text.trim()) throw new AppError('VALIDATION', T.ttsNoText);
    if (text.length > TTS_MAX_CHARS) throw new AppError('VALIDATION', T.textTooLong);
    const speech = await tts.synthesize({ text: text.trim(), country });
    return reply.header('cache-control', 'public, max-age=86400').type(speech.contentType).send(speech.audio);
  });
}

import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { type TextToSpeech, TTS_MAX_CHARS } from '../../providers/tts/tts.ts';
import { readAudioUpload, requiredText } from './multipart-audio.ts';
import { ScoringError, scoreFreeSpeech, scoreReading } from './scoring.service.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

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
}

const LEVELS = ['LOW', 'MEDIUM', 'ADVANCED'] as const;

function sendError(reply: FastifyReply, error: ScoringError) {
  if (error.retryAfterSec) reply.header('retry-after', String(error.retryAfterSec));
  return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
}

/**
 * Demo and candidate scoring (spec 3 section 7.6) plus sample-answer speech. Register under /api.
 * Analysis runs in the worker pool, so these handlers only parse, queue and answer.
 */
export async function scoringRoutes(app: FastifyInstance, options: ScoringRoutesOptions) {
  const { pool, tts = null, timeoutsMs } = options;
  const limit = options.publicRateLimit ?? { max: 30, timeWindowMs: 60_000 };
  // Encapsulated: only this module's routes get these parsers and limits when the app has none.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  const publicLimit = {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_req: FastifyRequest, context: { after: string; ttl: number }) =>
        new ScoringError(429, 'RATE_LIMITED', T.rateLimited, Math.max(1, Math.ceil(context.ttl / 1000))),
    },
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ScoringError) return sendError(reply, error);
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return sendError(reply, new ScoringError(413, 'PAYLOAD_TOO_LARGE', T.tooLarge));
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.statusCode === 415) {
      return sendError(reply, new ScoringError(415, 'UNSUPPORTED_MEDIA_TYPE', T.notMultipart));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new ScoringError(error.statusCode, 'VALIDATION', error.message));
    }
    request.log.error({ err: error }, 'scoring failed');
    return sendError(reply, new ScoringError(500, 'INTERNAL', T.failed));
  });

  app.post('/score/public/phrase', { config: publicLimit }, async (request) => {
    const { audio, fields } = await readAudioUpload(request);
    const targetPhrase = requiredText(fields, 'target_phrase', T.noPhrase);
    return scoreReading({ pool, audio, targetPhrase, timeoutMs: timeoutsMs?.reading });
  });

  app.post('/score/public/free-speech', { config: publicLimit }, async (request) => {
    const { audio, fields } = await readAudioUpload(request);
    const question = requiredText(fields, 'question', T.noQuestion);
    return scoreFreeSpeech({
      pool,
      audio,
      question,
      includeNarrative: fields.includeNarrative === 'true',
      timeoutMs: timeoutsMs?.['free-speech'],
    });
  });

  app.post('/score/phrase', async (request) => {
    const candidate = options.authenticateCandidate ? await options.authenticateCandidate(request) : null;
    if (!candidate) throw new ScoringError(401, 'UNAUTHENTICATED', T.unauthenticated);
    const level = (request.query as { level?: string }).level?.toUpperCase();
    if (!level || !(LEVELS as readonly string[]).includes(level)) {
      throw new ScoringError(400, 'VALIDATION', T.badLevel);
    }
    const { audio, fields } = await readAudioUpload(request);
    const targetPhrase = requiredText(fields, 'target_phrase', T.noPhrase);
    return scoreReading({ pool, audio, targetPhrase, timeoutMs: timeoutsMs?.reading });
  });

  app.get('/google/textToSpeech', { config: publicLimit }, async (request, reply) => {
    if (!tts) throw new ScoringError(501, 'PROVIDER_NOT_CONFIGURED', T.ttsUnavailable);
    const { text = '', country = 'US' } = request.query as { text?: string; country?: string };
    if (!text.trim()) throw new ScoringError(400, 'VALIDATION', T.ttsNoText);
    if (text.length > TTS_MAX_CHARS) throw new ScoringError(400, 'VALIDATION', T.textTooLong);
    const speech = await tts.synthesize({ text: text.trim(), country });
    return reply.header('cache-control', 'public, max-age=86400').type(speech.contentType).send(speech.audio);
  });
}

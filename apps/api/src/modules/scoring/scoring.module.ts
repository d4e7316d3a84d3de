import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import type { AccessTokens } from '../../lib/tokens.ts';
import { createFliteTts, fliteAvailable } from '../../providers/tts/flite.ts';
import { candidateAuthenticator } from './candidate-auth.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { ENGINE_LIMITS, SCORING_LIMITS } from './scoring.texts.ts';

const count = (min: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min);

/** Scoring settings from the environment; each stops the start with a message naming it when malformed. */
const settingsSchema = z.object({
  /** Analysis worker threads; default one per core. */
  SCORING_WORKERS: count(1).default(availableParallelism()),
  /** Jobs that may wait beyond the running ones before new ones get 503 + Retry-After. */
  SCORING_QUEUE: count(0).default(32),
  /** Public scoring and text-to-speech requests per client (IP) per minute. */
  SCORING_RATE_LIMIT_PER_MINUTE: count(1).default(30),
  /** Deadlines, queue time included (spec: HTTP timeout 20 s, free-speech scoring timeout 60 s). */
  SCORING_READING_TIMEOUT_SECONDS: count(1).default(SCORING_LIMITS.timeoutMs.reading / 1000),
  SCORING_FREE_SPEECH_TIMEOUT_SECONDS: count(1).default(SCORING_LIMITS.timeoutMs['free-speech'] / 1000),
  /** 1 loads the workers' models at start; off under tests, where most apps never score. */
  SCORING_WARM: z.enum(['0', '1']).default(process.env.NODE_ENV === 'test' ? '0' : '1'),
  /** 0 turns off the server's text-to-speech, so browsers use their own speechSynthesis. */
  TTS_ENABLED: z.enum(['0', '1']).default('1'),
});

export function scoringSettings(env: Record<string, string | undefined>) {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  return parsed.data;
}

export interface ScoringModuleOptions {
  tokens: AccessTokens;
  env?: Record<string, string | undefined>;
}

/**
 * The scoring module as the app registers it (under /api): its worker pool, closed with the app,
 * the flite text-to-speech when installed, and candidate tokens checked by the app's token service.
 */
export async function scoringModule(app: FastifyInstance, options: ScoringModuleOptions) {
  const settings = scoringSettings(options.env ?? process.env);
  const pool = new AnalysisPool({
    size: settings.SCORING_WORKERS,
    maxQueue: settings.SCORING_QUEUE,
    limits: ENGINE_LIMITS,
  });
  app.addHook('onClose', () => pool.close());
  if (settings.SCORING_WARM === '1') {
    // In the background: the app answers at once, the first recording waits for the models if needed.
    pool.warm().catch((error) => app.log.error({ err: error }, 'analysis workers failed to start'));
  }
  const tts = settings.TTS_ENABLED === '1' && (await fliteAvailable()) ? createFliteTts() : null;
  await app.register(scoringRoutes, {
    pool,
    tts,
    publicRateLimit: { max: settings.SCORING_RATE_LIMIT_PER_MINUTE, timeWindowMs: 60_000 },
    authenticateCandidate: candidateAuthenticator(options.tokens),
    timeoutsMs: {
      reading: settings.SCORING_READING_TIMEOUT_SECONDS * 1000,
      'free-speech': settings.SCORING_FREE_SPEECH_TIMEOUT_SECONDS * 1000,
    },
  });
}

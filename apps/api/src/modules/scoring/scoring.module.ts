import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import type { AccessTokens } from '../../lib/tokens.ts';
import { createFliteTts, fliteAvailable } from '../../providers/tts/flite.ts';
import { candidateAuthenticator } from './candidate-auth.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { ENGINE_LIMITS } from './scoring.texts.ts';

/** The settings the scoring module reads, validated at start by config/env.ts. */
export type ScoringSettings = Pick<
  AppConfig,
  | 'SCORING_WORKERS'
  | 'SCORING_QUEUE'
  | 'SCORING_RATE_LIMIT_PER_MINUTE'
  | 'SCORING_READING_TIMEOUT_SECONDS'
  | 'SCORING_FREE_SPEECH_TIMEOUT_SECONDS'
  | 'SCORING_UPLOAD_LIMIT_BYTES'
  | 'SCORING_WORKER_MEMORY_MB'
  | 'SCORING_WARM'
  | 'TTS_ENABLED'
>;

export interface ScoringModuleOptions {
  /** Checks candidate bearer tokens: the app's own token service. */
  tokens: AccessTokens;
  /** The app's configuration (or the scoring part of it). */
  settings: ScoringSettings;
}

/**
 * The scoring module as the app registers it (under /api): its worker pool, closed with the app,
 * the flite text-to-speech when installed, and candidate tokens checked by the app's token service.
 */
export async function scoringModule(app: FastifyInstance, options: ScoringModuleOptions) {
  const { settings } = options;
  const pool = new AnalysisPool({
    size: settings.SCORING_WORKERS,
    maxQueue: settings.SCORING_QUEUE,
    limits: ENGINE_LIMITS,
    memoryMb: settings.SCORING_WORKER_MEMORY_MB,
  });
  app.addHook('onClose', () => pool.close());
  if (settings.SCORING_WARM) {
    // In the background: the app answers at once, the first recording waits for the models if needed.
    pool.warm().catch((error) => app.log.error({ err: error }, 'analysis workers failed to start'));
  }
  const tts = settings.TTS_ENABLED && (await fliteAvailable()) ? createFliteTts() : null;
  await app.register(scoringRoutes, {
    pool,
    tts,
    publicRateLimit: { max: settings.SCORING_RATE_LIMIT_PER_MINUTE, timeWindowMs: 60_000 },
    authenticateCandidate: candidateAuthenticator(options.tokens),
    timeoutsMs: {
      reading: settings.SCORING_READING_TIMEOUT_SECONDS * 1000,
      'free-speech': settings.SCORING_FREE_SPEECH_TIMEOUT_SECONDS * 1000,
    },
    maxUploadBytes: settings.SCORING_UPLOAD_LIMIT_BYTES,
  });
}

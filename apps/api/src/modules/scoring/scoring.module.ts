import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../../lib/tokens.ts';
import { candidateAuthenticator } from './candidate-auth.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { createScoringRuntime, type ScoringRuntime, type ScoringSettings } from './scoring-runtime.ts';

export type { ScoringSettings } from './scoring-runtime.ts';

export interface ScoringModuleOptions {
  /** Checks candidate bearer tokens: the app's own token service. */
  tokens: AccessTokens;
  /** The app's configuration (or the scoring part of it). */
  settings: ScoringSettings;
  /**
   * The app's shared pool and TTS (app.ts builds one for every feature and closes it). Without it
   * the module builds its own and closes it with the app (the scoring benchmarks' server).
   */
  runtime?: ScoringRuntime;
}

/**
 * The scoring module as the app registers it (under /api): the worker pool, the flite
 * text-to-speech when installed, and candidate tokens checked by the app's token service.
 */
export async function scoringModule(app: FastifyInstance, options: ScoringModuleOptions) {
  const { settings } = options;
  let runtime = options.runtime;
  if (!runtime) {
    const own = await createScoringRuntime(settings, app.log);
    app.addHook('onClose', () => own.close());
    runtime = own;
  }
  await app.register(scoringRoutes, {
    pool: runtime.pool,
    tts: runtime.tts,
    publicRateLimit: { max: settings.SCORING_RATE_LIMIT_PER_MINUTE, timeWindowMs: 60_000 },
    authenticateCandidate: candidateAuthenticator(options.tokens),
    timeoutsMs: runtime.timeoutsMs,
    maxUploadBytes: runtime.maxUploadBytes,
    maxInFlight: {
      total: settings.SCORING_WORKERS + settings.SCORING_QUEUE,
      perClient: settings.SCORING_UPLOADS_PER_CLIENT,
    },
  });
}

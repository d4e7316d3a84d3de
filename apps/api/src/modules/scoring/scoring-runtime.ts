import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, type AsrSettings, asrSettings } from '../../config/env.ts';
import { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { createFliteTts, fliteAvailable } from '../../providers/tts/flite.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';
import { ENGINE_LIMITS } from './scoring.texts.ts';

/** The settings scoring reads, validated at start by config/env.ts. */
export type ScoringSettings = AsrSettings &
  Pick<
    AppConfig,
    | 'SCORING_WORKERS'
    | 'SCORING_QUEUE'
    | 'SCORING_RATE_LIMIT_PER_MINUTE'
    | 'SCORING_UPLOADS_PER_CLIENT'
    | 'SCORING_READING_TIMEOUT_SECONDS'
    | 'SCORING_FREE_SPEECH_TIMEOUT_SECONDS'
    | 'SCORING_UPLOAD_LIMIT_BYTES'
    | 'SCORING_WORKER_MEMORY_MB'
    | 'SCORING_WARM'
    | 'TTS_ENABLED'
  >;

/**
 * What every feature that scores speech shares: one bounded worker pool (its models loaded once per
 * worker, its queue the one place overload is measured) and the server's text-to-speech.
 */
export interface ScoringRuntime {
  pool: AnalysisPool;
  /** flite when TTS_ENABLED and installed; null otherwise. */
  tts: TextToSpeech | null;
  /** Analysis deadlines per task, queue time included. */
  timeoutsMs: { reading: number; 'free-speech': number };
  /** Largest accepted recording upload in bytes. */
  maxUploadBytes: number;
  close(): Promise<void>;
}

/** Builds the pool (warming it in the background when SCORING_WARM) and finds the TTS, once per app. */
export async function createScoringRuntime(
  settings: ScoringSettings,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<ScoringRuntime> {
  const pool = new AnalysisPool({
    size: settings.SCORING_WORKERS,
    maxQueue: settings.SCORING_QUEUE,
    limits: ENGINE_LIMITS,
    memoryMb: settings.SCORING_WORKER_MEMORY_MB,
    asr: asrSettings(settings),
  });
  if (settings.SCORING_WARM) {
    // In the background: the app answers at once, the first recording waits for the models if needed.
    pool.warm().catch((error) => log?.error({ err: error }, 'analysis workers failed to start'));
  }
  const tts = settings.TTS_ENABLED && (await fliteAvailable()) ? createFliteTts() : null;
  return {
    pool,
    tts,
    timeoutsMs: {
      reading: settings.SCORING_READING_TIMEOUT_SECONDS * 1000,
      'free-speech': settings.SCORING_FREE_SPEECH_TIMEOUT_SECONDS * 1000,
    },
    maxUploadBytes: settings.SCORING_UPLOAD_LIMIT_BYTES,
    close: () => pool.close(),
  };
}

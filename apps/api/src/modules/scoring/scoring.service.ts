import type { DemoReadingResponse, FreeSpeechResponse } from '@agaton/contracts';
import { demoReadingResponseSchema, freeSpeechResponseSchema, SCORING_LIMITS as L } from '@agaton/contracts';
import { AnalysisError, AnalysisTimeoutError, PoolBusyError } from '../../jobs/analysis-errors.ts';
import type { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

type Kind = 'reading' | 'free-speech';

/** A timed-out analysis may well pass on a second try once the queue has drained. */
const RETRY_AFTER_TIMEOUT_SEC = 5;

/** The engine's SpeechInputError codes (packages/speech/src/types.ts) → error code and text. */
export function inputErrorFor(kind: Kind, code: string | undefined): AppError | null {
  switch (code) {
    case 'EMPTY':
      return new AppError('UNPROCESSABLE', T.empty);
    case 'CORRUPT':
      return new AppError('UNPROCESSABLE', T.corrupt);
    case 'UNSUPPORTED':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', T.unsupported);
    case 'SILENT':
      return new AppError('UNPROCESSABLE', T.silent);
    case 'TOO_SHORT':
      return new AppError('UNPROCESSABLE', T.tooShort(L.minSeconds[kind]));
    case 'TOO_LONG':
      return new AppError('PAYLOAD_TOO_LARGE', T.tooLong(L.maxSeconds[kind]));
    default:
      return null;
  }
}

async function analyse(pool: AnalysisPool, job: Parameters<AnalysisPool['run']>[0] & { kind: Kind }) {
  try {
    return await pool.run(job);
  } catch (error) {
    if (error instanceof PoolBusyError) {
      throw new AppError('BUSY', T.busy, { retryAfterSec: error.retryAfterSec });
    }
    if (error instanceof AnalysisTimeoutError) {
      throw new AppError('TIMEOUT', T.timeout, { retryAfterSec: RETRY_AFTER_TIMEOUT_SEC });
    }
    if (error instanceof AnalysisError) {
      // A caller's own cap (the English test's 30 s) names its own limit.
      const mapped =
        error.code === 'TOO_LONG' && job.maxSec
          ? new AppError('PAYLOAD_TOO_LARGE', T.tooLong(Math.floor(job.maxSec)))
          : inputErrorFor(job.kind, error.code);
      if (mapped) throw mapped;
    }
    throw error;
  }
}

/** Scores a reading of `targetPhrase` (spec 3 section 7.6, score/public/phrase and score/phrase). */
export async function scoreReading(options: {
  pool: AnalysisPool;
  audio: Uint8Array;
  targetPhrase: string;
  /** Deadline, queue time included; default 20 s. */
  timeoutMs?: number;
  /** Refuse (413) recordings longer than this many seconds, below the task's own limit. */
  maxSec?: number;
  /** Told the decoded recording's length in seconds (practice keeps it). */
  onDuration?: (seconds: number) => void;
}): Promise<DemoReadingResponse> {
  const { response, durationSec } = await analyse(options.pool, {
    kind: 'reading',
    audio: options.audio,
    referenceText: options.targetPhrase,
    timeoutMs: options.timeoutMs ?? L.timeoutMs.reading,
    maxSec: options.maxSec,
  });
  options.onDuration?.(durationSec);
  // The engine's adapter promises this shape; checking it here keeps a drift from reaching clients.
  return demoReadingResponseSchema.parse(response);
}

/** Scores a free answer to `question` (spec 3 section 7.6, score/public/free-speech). */
export async function scoreFreeSpeech(options: {
  pool: AnalysisPool;
  audio: Uint8Array;
  question: string;
  includeNarrative: boolean;
  /** Deadline, queue time included; default 60 s. */
  timeoutMs?: number;
  /** Refuse (413) recordings longer than this many seconds, below the task's own limit. */
  maxSec?: number;
  /** Told the decoded recording's length in seconds (practice keeps it). */
  onDuration?: (seconds: number) => void;
}): Promise<FreeSpeechResponse> {
  const { response, durationSec } = await analyse(options.pool, {
    kind: 'free-speech',
    audio: options.audio,
    topic: options.question,
    timeoutMs: options.timeoutMs ?? L.timeoutMs['free-speech'],
    maxSec: options.maxSec,
  });
  options.onDuration?.(durationSec);
  const parsed = freeSpeechResponseSchema.parse(response);
  if (!options.includeNarrative) parsed.nlp_assessment.narrative = '';
  return parsed;
}

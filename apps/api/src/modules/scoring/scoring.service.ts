import type { DemoReadingResponse, FreeSpeechResponse } from '@agaton/contracts';
import { demoReadingResponseSchema, freeSpeechResponseSchema } from '@agaton/contracts';
import { AnalysisError, AnalysisTimeoutError, PoolBusyError } from '../../jobs/analysis-errors.ts';
import type { AnalysisPool } from '../../jobs/analysis-pool.ts';
import { SCORING_LIMITS as L, SCORING_TEXTS as T } from './scoring.texts.ts';

/** A failure with the HTTP status, error code and user-facing text the route answers with. */
export class ScoringError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'ScoringError';
  }
}

type Kind = 'reading' | 'free-speech';

/** The engine's SpeechInputError codes (packages/speech/src/types.ts) → status, code, text. */
export function inputErrorFor(kind: Kind, code: string | undefined): ScoringError | null {
  switch (code) {
    case 'EMPTY':
      return new ScoringError(422, 'UNPROCESSABLE', T.empty);
    case 'CORRUPT':
      return new ScoringError(422, 'UNPROCESSABLE', T.corrupt);
    case 'UNSUPPORTED':
      return new ScoringError(415, 'UNSUPPORTED_MEDIA_TYPE', T.unsupported);
    case 'SILENT':
      return new ScoringError(422, 'UNPROCESSABLE', T.silent);
    case 'TOO_SHORT':
      return new ScoringError(422, 'UNPROCESSABLE', T.tooShort(L.minSeconds[kind]));
    case 'TOO_LONG':
      return new ScoringError(413, 'PAYLOAD_TOO_LARGE', T.tooLong(L.maxSeconds[kind]));
    default:
      return null;
  }
}

async function analyse(pool: AnalysisPool, job: Parameters<AnalysisPool['run']>[0]) {
  try {
    return await pool.run(job);
  } catch (error) {
    if (error instanceof PoolBusyError) throw new ScoringError(503, 'BUSY', T.busy, error.retryAfterSec);
    if (error instanceof AnalysisTimeoutError) throw new ScoringError(503, 'TIMEOUT', T.timeout, 5);
    if (error instanceof AnalysisError) {
      const mapped = inputErrorFor(job.kind, error.code);
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
}): Promise<DemoReadingResponse> {
  const { response } = await analyse(options.pool, {
    kind: 'reading',
    audio: options.audio,
    referenceText: options.targetPhrase,
    timeoutMs: options.timeoutMs ?? L.timeoutMs.reading,
  });
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
}): Promise<FreeSpeechResponse> {
  const { response } = await analyse(options.pool, {
    kind: 'free-speech',
    audio: options.audio,
    topic: options.question,
    timeoutMs: options.timeoutMs ?? L.timeoutMs['free-speech'],
  });
  const parsed = freeSpeechResponseSchema.parse(response);
  if (!options.includeNarrative) parsed.nlp_assessment.narrative = '';
  return parsed;
}

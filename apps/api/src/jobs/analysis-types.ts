/** Messages between the api thread and the analysis workers. */
export type AnalysisKind = 'reading' | 'free-speech' | 'meeting';

export interface AnalysisRequest {
  id: number;
  kind: AnalysisKind;
  /** Encoded recording as uploaded (webm/opus, wav, ogg, mp4…); transferred, not copied. */
  audio: Uint8Array;
  referenceText?: string;
  topic?: string;
  /** Decoding stops here (seconds): the duration the upload declared, plus slack. */
  maxSec?: number;
  /** Analyse this channel alone (0 = left) instead of the mix of all. */
  channel?: number;
}

export type AnalysisProgressStage = 'decoding' | 'transcribing' | 'scoring';
/** Sent by a worker while a long job runs; `fraction` is 0–1 within the stage. */
export type AnalysisProgress = { id: number; progress: { stage: AnalysisProgressStage; fraction: number } };

/** A refused input carries the engine's SpeechInputError code so the route can map it to a status. */
export type AnalysisReply =
  | { id: number; ok: true; response: unknown; durationSec: number }
  | { id: number; ok: false; error: { name: string; code?: string; message: string } };

export type WorkerReady = { ready: true } | { ready: false; message: string };

/**
 * A child process the worker started (PocketSphinx) or saw end: the pool kills the live ones when
 * it terminates the worker, as a terminated thread leaves its children running.
 */
export type WorkerChild = { child: number; alive: boolean };

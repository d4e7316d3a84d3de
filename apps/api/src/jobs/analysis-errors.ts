/** Why a job did not produce a score; the scoring routes map each to a status. */
/** The queue is full: the caller answers 503 with Retry-After. */
export class PoolBusyError extends Error {
  constructor(readonly retryAfterSec: number) {
    super('The analysis queue is full.');
    this.name = 'PoolBusyError';
  }
}

/** A job outlived its deadline (queued plus running); its worker is replaced. */
export class AnalysisTimeoutError extends Error {
  constructor() {
    super('The analysis took too long.');
    this.name = 'AnalysisTimeoutError';
  }
}

/** The engine refused or failed on the input; `code` is the SpeechInputError code when there is one. */
export class AnalysisError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
    readonly errorName: string,
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}

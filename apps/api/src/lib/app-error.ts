import { DEFAULT_ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '@agaton/contracts';

export interface AppErrorOptions {
  /** Field problems of a VALIDATION error, sent as `error.details`. */
  details?: { path: string; message: string }[];
  /** Seconds after which a retry may succeed; sent as the Retry-After header (429, 503). */
  retryAfterSec?: number;
}

/** The one error type handlers and services throw; the error plugin turns it into `{ error: {...} }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: { path: string; message: string }[];
  readonly retryAfterSec?: number;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? DEFAULT_ERROR_MESSAGE[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = options.details;
    this.retryAfterSec = options.retryAfterSec;
  }
}

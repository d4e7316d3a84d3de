import { DEFAULT_ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '@agaton/contracts';

/** The one error type handlers and services throw; the error plugin turns it into `{ error: {...} }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: { path: string; message: string }[];

  constructor(code: ErrorCode, message?: string, details?: { path: string; message: string }[]) {
    super(message ?? DEFAULT_ERROR_MESSAGE[code]);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

import { messages } from '@agaton/contracts';
import { AppError } from './app-error.ts';

/** @fastify/multipart's count limits: about how many parts, never how big (though they carry 413). */
const COUNT_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * What a multipart reader's failure means to the client, in one place for every upload route: our own
 * AppErrors pass through; too many parts, files or fields is a 400 that says so (not "larger than
 * 600 MB", as a bare 413 read); a file over its size limit is 413 with the route's `tooLarge` text;
 * busboy's other client-side failures are 400; anything else stays a server error.
 */
export function multipartFailure(error: unknown, tooLarge: string): unknown {
  if (error instanceof AppError) return error;
  const { statusCode, code, message } = error as { statusCode?: number; code?: string; message?: string };
  if (code && COUNT_LIMITS.has(code)) return new AppError('VALIDATION', messages.request.tooManyParts);
  if (statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (statusCode && statusCode >= 400 && statusCode < 500) return new AppError('VALIDATION', message);
  return error;
}

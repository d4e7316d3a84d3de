import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { worthSendingAgain } from './send-again';

describe('worthSendingAgain', () => {
  it('keeps a recording for timeouts, lost connections, busy and server errors, and unreadable answers', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new DOMException('signal timed out', 'TimeoutError'),
      new Error('unexpected answer'),
      new ApiError(0, 'offline', 'NETWORK'),
      new ApiError(408, 'request timeout'),
      new ApiError(429, 'limited'),
      new ApiError(500, 'server'),
      new ApiError(503, 'took too long'),
      new ApiError(507, 'full', 'STORAGE_FULL'),
    ]) {
      expect(worthSendingAgain(error)).toBe(true);
    }
  });

  it('does not offer to send again what was refused (it would be refused again)', () => {
    for (const status of [400, 401, 403, 409, 413, 415, 422]) {
      expect(worthSendingAgain(new ApiError(status, 'refused'))).toBe(false);
    }
  });
});

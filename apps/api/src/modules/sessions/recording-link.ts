import { createHmac, timingSafeEqual } from 'node:crypto';

/** A playback link lives this long: enough to listen through a long meeting after opening the page. */
export const RECORDING_LINK_TTL_SECONDS = 6 * 3600;

function signature(secret: string, sessionId: string, expires: number) {
  return createHmac('sha256', secret).update(`recording:${sessionId}:${expires}`).digest('base64url');
}

/**
 * A link an <audio> element can load directly (it cannot send a bearer token): the session id and an
 * expiry signed with the server's secret, checked by GET /api/sessions/{id}/recording.
 */
export function recordingLink(options: { secret: string; sessionId: string; now?: number }): string {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + RECORDING_LINK_TTL_SECONDS;
  const sig = signature(options.secret, options.sessionId, expires);
  return `/api/sessions/${options.sessionId}/recording?expires=${expires}&signature=${sig}`;
}

/** True when the signature matches this session and has not expired. */
export function verifyRecordingLink(options: {
  secret: string;
  sessionId: string;
  expires: number;
  signature: string;
  now?: number;
}): boolean {
  if (options.expires < Math.floor((options.now ?? Date.now()) / 1000)) return false;
  const expected = Buffer.from(signature(options.secret, options.sessionId, options.expires));
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';

/**
 * Playback of stored recordings (session recordings, QA calls): links an <audio> element can load
 * directly (it cannot send a bearer token) — the id and an expiry signed with the server's secret,
 * for one purpose each — and the ranged answer that streams the object.
 */

/** A playback link lives this long: enough to listen through a long meeting after opening the page. */
export const RECORDING_LINK_TTL_SECONDS = 6 * 3600;

/** What a link opens; the purpose is signed, so a session's link never opens a call's recording. */
export type PlaybackPurpose = 'recording' | 'qa-call-recording';

function signature(secret: string, purpose: PlaybackPurpose, id: string, expires: number) {
  return createHmac('sha256', secret).update(`${purpose}:${id}:${expires}`).digest('base64url');
}

/** `path?expires=…&signature=…` for the object `id`, valid for RECORDING_LINK_TTL_SECONDS. */
export function playbackLink(options: {
  secret: string;
  purpose: PlaybackPurpose;
  id: string;
  path: string;
  now?: number;
}): string {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + RECORDING_LINK_TTL_SECONDS;
  const sig = signature(options.secret, options.purpose, options.id, expires);
  return `${options.path}?expires=${expires}&signature=${sig}`;
}

/** True when the signature matches this purpose and id and has not expired. */
export function verifyPlaybackLink(options: {
  secret: string;
  purpose: PlaybackPurpose;
  id: string;
  expires: number;
  signature: string;
  now?: number;
}): boolean {
  if (options.expires < Math.floor((options.now ?? Date.now()) / 1000)) return false;
  const expected = Buffer.from(signature(options.secret, options.purpose, options.id, options.expires));
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A session recording's link, checked by GET /api/sessions/{id}/recording. */
export function recordingLink(options: { secret: string; sessionId: string; now?: number }): string {
  return playbackLink({
    ...options,
    purpose: 'recording',
    id: options.sessionId,
    path: `/api/sessions/${options.sessionId}/recording`,
  });
}

/** True when the signature matches this session and has not expired. */
export function verifyRecordingLink(options: {
  secret: string;
  sessionId: string;
  expires: number;
  signature: string;
  now?: number;
}): boolean {
  return verifyPlaybackLink({ ...options, purpose: 'recording', id: options.sessionId });
}

/** Parses `Range: bytes=a-b` for one range inside the object; null = the whole object. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return null;
  let start = match[1] ? Number(match[1]) : size - Number(match[2]);
  let end = match[1] && match[2] ? Number(match[2]) : size - 1;
  start = Math.max(0, start);
  end = Math.min(size - 1, end);
  if (start > end) throw new AppError('VALIDATION', 'The requested range is not satisfiable.');
  return { start, end };
}

/** Streams a stored recording, the whole or the requested range (206), privately cacheable. */
export async function sendRecording(
  reply: FastifyReply,
  options: {
    store: ObjectStore;
    object: { objectKey: string; contentType: string; sizeBytes: number };
    rangeHeader: string | undefined;
  },
) {
  const { object: row } = options;
  const range = parseRange(options.rangeHeader, row.sizeBytes);
  const object = await options.store.read(row.objectKey, range ?? undefined);
  reply
    .header('content-type', row.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600');
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${row.sizeBytes}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', row.sizeBytes);
  }
  return reply.send(object.body);
}

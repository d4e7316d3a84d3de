import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@agaton/db';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import { familyRevoked } from '../auth/index.ts';

/**
 * modules/recordings: what every feature that keeps recordings shares (sessions, QA calls, the
 * English test): receiving uploads (recording-upload.ts) and playing them back (this file). It uses
 * the sign-ins of modules/auth and imports no feature that keeps recordings.
 *
 * Playback of stored recordings (session recordings, QA calls): links an <audio> element can load
 * directly (it cannot send a bearer token) — the id, an expiry and the sign-in they were made for,
 * signed with the server's secret for one purpose each — and the ranged answer that streams the object.
 *
 * A link is bound to the sign-in that asked for it (issue 24): it names the access token's refresh
 * family, and playback refuses it once that family is revoked (a replayed refresh token, a password
 * reset or change), so a copied link dies with the session instead of living on for its whole TTL.
 */

/** A playback link lives this long: enough to listen through a long meeting after opening the page. */
export const RECORDING_LINK_TTL_SECONDS = 6 * 3600;

/**
 * What a link opens; the purpose is signed, so a session's link never opens a call's recording.
 * 'test-recording': an English test's free answer, for the admins who may see its report.
 */
export type PlaybackPurpose = 'recording' | 'qa-call-recording' | 'test-recording';

/** The query a playback link carries. */
export const playbackQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(100),
  /** The refresh family of the sign-in the link was made for (missing: the link is refused). */
  fid: z.guid().optional(),
});

function signature(secret: string, purpose: PlaybackPurpose, id: string, expires: number, familyId: string) {
  return createHmac('sha256', secret).update(`${purpose}:${id}:${expires}:${familyId}`).digest('base64url');
}

/**
 * `path?expires=…&signature=…&fid=…` for the object `id`, valid for RECORDING_LINK_TTL_SECONDS while
 * the sign-in lives. Null without a refresh family (no token is issued without one since issue 16):
 * such a link could not be revoked.
 */
export function playbackLink(options: {
  secret: string;
  purpose: PlaybackPurpose;
  id: string;
  path: string;
  /** The `fid` of the access token that asked for the link. */
  familyId: string | undefined;
  now?: number;
}): string | null {
  if (!options.familyId) return null;
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + RECORDING_LINK_TTL_SECONDS;
  const sig = signature(options.secret, options.purpose, options.id, expires, options.familyId);
  return `${options.path}?expires=${expires}&signature=${sig}&fid=${options.familyId}`;
}

/**
 * True when the signature matches this purpose, id and sign-in, the link has not expired and its
 * sign-in was not revoked (checked last: only a genuine link costs a query).
 */
export async function verifyPlaybackLink(options: {
  db: Database;
  secret: string;
  purpose: PlaybackPurpose;
  id: string;
  query: z.infer<typeof playbackQuerySchema>;
  now?: number;
}): Promise<boolean> {
  const { expires, fid } = options.query;
  if (!fid) return false;
  if (expires < Math.floor((options.now ?? Date.now()) / 1000)) return false;
  const expected = Buffer.from(signature(options.secret, options.purpose, options.id, expires, fid));
  const given = Buffer.from(options.query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return !(await familyRevoked(options.db, fid));
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

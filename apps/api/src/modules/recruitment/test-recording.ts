import { challengeActivities } from '@agaton/db';
import { sniffFormat } from '@agaton/speech/sniff';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { typed } from '../../lib/route-kit.ts';
import type { ObjectStore } from '../../providers/storage/object-store.ts';
import { playbackLink, playbackQuerySchema, sendRecording, verifyPlaybackLink } from '../recordings/index.ts';

/**
 * Playing the English test's free answer beside its transcript (issue 26): the offline recogniser
 * gets most of a learner's words wrong, so a recruiter listens to what was said. The report gets a
 * signed link (purpose 'test-recording', bound to the admin's sign-in) only after the report's own
 * access check; the link plays the recording kept when the answer counted (assessment.service.ts).
 */

/** Stored recordings are labelled by what their bytes are, not by what the browser said. */
const MIME_BY_FORMAT: Record<string, string> = {
  wav: 'audio/wav',
  webm: 'audio/webm',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Enough of a recording's first bytes to tell its format (an Ogg page, an ID3 tag's header). */
const SNIFF_BYTES = 4096;

/** The content type of a recording from its first bytes; application/octet-stream when unknown. */
export function recordingContentType(bytes: Uint8Array): string {
  const format = sniffFormat(bytes);
  return (format && MIME_BY_FORMAT[format]) || 'application/octet-stream';
}

/** The object key of a challenge's free answer recording; null when none was kept. */
export async function freeSpeechRecordingKey(ctx: AppContext, challengeId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ key: challengeActivities.recordingKey })
    .from(challengeActivities)
    .where(
      and(
        eq(challengeActivities.challengeId, challengeId),
        eq(challengeActivities.type, 'answer-free-speech'),
        isNotNull(challengeActivities.recordingKey),
      ),
    )
    .limit(1);
  return row?.key ?? null;
}

/**
 * The signed link to a challenge's free answer recording, for an admin who passed the report's access
 * check; null when no recording was kept or the sign-in has no refresh family.
 */
export async function freeSpeechRecordingLink(
  ctx: AppContext,
  options: {
    challengeId: string;
    /** The `fid` of the admin's access token: the link dies with that sign-in. */
    familyId: string | undefined;
  },
): Promise<string | null> {
  if (!(await freeSpeechRecordingKey(ctx, options.challengeId))) return null;
  return playbackLink({
    secret: ctx.config.JWT_SECRET,
    purpose: 'test-recording',
    id: options.challengeId,
    path: `/api/admin/challenges/${options.challengeId}/free-speech-recording`,
    familyId: options.familyId,
  });
}

/** The size and content type of a stored recording, read from its first bytes. */
async function describeRecording(store: ObjectStore, objectKey: string) {
  const head = await store.read(objectKey, { start: 0, end: SNIFF_BYTES - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of head.body) chunks.push(Buffer.from(chunk));
  return {
    objectKey,
    contentType: recordingContentType(Buffer.concat(chunks)),
    sizeBytes: head.sizeBytes,
  };
}

const paramsSchema = z.object({ id: z.uuid() });

/**
 * GET /api/admin/challenges/{id}/free-speech-recording?expires=&signature=&fid= — no bearer token (an
 * <audio> element cannot send one): the signed link from GET /admin/challenges/{id} is the access.
 */
export async function testRecordingRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; store: ObjectStore | null },
) {
  const { ctx, store } = options;
  typed(app).get(
    '/admin/challenges/:id/free-speech-recording',
    {
      schema: {
        tags: ['recruitment'],
        description:
          "Extension: the free answer's recording for an <audio> element, from the signed link in the " +
          'challenge (freeSpeechRecordingUrl); supports Range. The link lives 6 h but only as long as the ' +
          'sign-in that asked for it (403 once it ended, or for a link not signed here).',
        params: paramsSchema,
        querystring: playbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const valid = await verifyPlaybackLink({
        db: ctx.db,
        secret: ctx.config.JWT_SECRET,
        purpose: 'test-recording',
        id,
        query: request.query,
      });
      // Expired, forged and revoked links alike: nothing tells a link holder which it was.
      if (!valid) throw new AppError('FORBIDDEN');
      const key = await freeSpeechRecordingKey(ctx, id);
      if (!key || !store) throw new AppError('NOT_FOUND');
      const object = await describeRecording(store, key);
      return sendRecording(reply, { store, object, rangeHeader: request.headers.range });
    },
  );
}

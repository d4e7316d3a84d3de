import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { RECRUITMENT_TEXTS, TEST_LEVELS, TEST_RULES } from '@agaton/contracts';
import { challenges } from '@agaton/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { typed } from '../../lib/route-kit.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';
import { activityRows } from './assessment-store.ts';
import { drawnTestSchema } from './test-draw.ts';
import { computeState } from './test-engine.ts';

/**
 * Listening questions are spoken by the server (flite) from text the candidate never receives. The
 * candidate's content carries a signed link per question, so an <audio> element (which cannot send a
 * bearer token) plays it; the link names the challenge and item and expires with the candidate token.
 */

function signature(secret: string, challengeId: string, itemId: string, expires: number) {
  return createHmac('sha256', secret)
    .update(`listening:${challengeId}:${itemId}:${expires}`)
    .digest('base64url');
}

/** The signed address of one listening question's audio. */
export function listeningAudioUrl(options: {
  secret: string;
  challengeId: string;
  itemId: string;
  now: Date;
}): string {
  const expires = Math.floor(options.now.getTime() / 1000) + TEST_RULES.candidateTokenTtlSeconds;
  const sig = signature(options.secret, options.challengeId, options.itemId, expires);
  return `/api/assessment/audio/${options.challengeId}/${encodeURIComponent(options.itemId)}?exp=${expires}&sig=${sig}`;
}

/** True when the link was signed by this server for this challenge and item and has not expired. */
export function verifyListeningLink(options: {
  secret: string;
  challengeId: string;
  itemId: string;
  expires: number;
  signature: string;
  now: Date;
}): boolean {
  if (options.expires < Math.floor(options.now.getTime() / 1000)) return false;
  const expected = Buffer.from(
    signature(options.secret, options.challengeId, options.itemId, options.expires),
  );
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A memory cache of synthesised speech in front of a TTS, bounded by bytes (least recently used
 * goes first): every candidate of a test hears the same few questions, and flite costs ~0.1–1 s.
 */
export function cachedSpeech(tts: TextToSpeech, maxBytes = 8 * 1024 * 1024) {
  const cache = new Map<string, { audio: Buffer; contentType: string }>();
  let bytes = 0;
  return async (text: string) => {
    const key = createHash('sha256').update(text).digest('hex');
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const speech = await tts.synthesize({ text, country: 'US' });
    if (speech.audio.byteLength <= maxBytes) {
      cache.set(key, speech);
      bytes += speech.audio.byteLength;
      for (const [oldest, value] of cache) {
        if (bytes <= maxBytes) break;
        cache.delete(oldest);
        bytes -= value.audio.byteLength;
      }
    }
    return speech;
  };
}

const paramsSchema = z.object({ challengeId: z.uuid(), itemId: z.string().min(1).max(64) });
const querySchema = z.object({ exp: z.coerce.number().int().min(0), sig: z.string().min(1).max(100) });

/**
 * GET /api/assessment/audio/{challengeId}/{itemId}?exp=&sig= — the listening question the candidate
 * is answering, spoken (409 for any other question of the test).
 */
export async function listeningAudioRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; tts: TextToSpeech | null },
) {
  const { ctx, tts } = options;
  const speak = tts ? cachedSpeech(tts) : null;
  typed(app).get(
    '/assessment/audio/:challengeId/:itemId',
    {
      schema: {
        tags: ['assessment'],
        description:
          'Extension: a listening question spoken by the server (audio/wav), from the signed link in the ' +
          "candidate's content; only while it is the question being answered (409 otherwise), 403 for " +
          'a link that was not signed here or has expired, 501 without text-to-speech.',
        params: paramsSchema,
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const { challengeId, itemId } = request.params;
      const now = new Date();
      const valid = verifyListeningLink({
        secret: ctx.config.JWT_SECRET,
        challengeId,
        itemId,
        expires: request.query.exp,
        signature: request.query.sig,
        now,
      });
      if (!valid) throw new AppError('FORBIDDEN');
      const [row] = await ctx.db
        .select({ test: challenges.test })
        .from(challenges)
        .where(eq(challenges.id, challengeId));
      const test = row?.test ? drawnTestSchema.parse(row.test) : null;
      const item = test
        ? TEST_LEVELS.flatMap((level) => test.levels[level].listening).find((q) => q.id === itemId)
        : undefined;
      if (!item || !test) throw new AppError('NOT_FOUND');
      // Only the question being answered: hearing later ones early would buy time on them.
      const listening = computeState(test, await activityRows(ctx.db, challengeId), now).parts.find(
        (p) => p.part === 'Listening',
      );
      if (listening?.state !== 'in-progress' || listening.itemId !== itemId) {
        throw new AppError('CONFLICT', RECRUITMENT_TEXTS.notCurrentItem);
      }
      if (!speak) throw new AppError('PROVIDER_NOT_CONFIGURED', RECRUITMENT_TEXTS.listeningUnavailable);
      const speech = await speak(item.audioText);
      const maxAge = Math.max(0, request.query.exp - Math.floor(now.getTime() / 1000));
      return reply
        .header('cache-control', `private, max-age=${maxAge}`)
        .type(speech.contentType)
        .send(speech.audio);
    },
  );
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { SCORING_TEXTS as T } from './scoring.texts.ts';

/** How many scored uploads may be in flight (body being read, or waiting for its analysis). */
export interface UploadSlotLimits {
  /** In the whole process: the analyses that can be admitted anyway (workers + queue). */
  total: number;
  /** From one client address. */
  perClient: number;
}

/**
 * Scored recordings are buffered in memory (at most SCORING_UPLOAD_LIMIT_BYTES each) from the first
 * byte until the analysis answers. Without a bound, one address trickling uploads could hold hundreds
 * of those buffers at once (issue 24). An onRequest hook takes a slot before the body is read — 429
 * past `perClient` for that address, 503 BUSY past `total` — and gives it back when the response
 * closes, however the request ended. Only routes with an `upload` config count.
 */
export function uploadSlots(limits: UploadSlotLimits) {
  let total = 0;
  const byClient = new Map<string, number>();
  const release = (client: string) => {
    total -= 1;
    const left = (byClient.get(client) ?? 1) - 1;
    if (left > 0) byClient.set(client, left);
    else byClient.delete(client);
  };
  return {
    async take(request: FastifyRequest, reply: FastifyReply) {
      if (!request.routeOptions.config.upload) return;
      const client = request.ip;
      const mine = byClient.get(client) ?? 0;
      if (mine >= limits.perClient) throw new AppError('RATE_LIMITED', T.rateLimited, { retryAfterSec: 5 });
      if (total >= limits.total) throw new AppError('BUSY', T.busy, { retryAfterSec: 5 });
      total += 1;
      byClient.set(client, mine + 1);
      reply.raw.once('close', () => release(client));
    },
  };
}

import { errorBodySchema } from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Fastify instance typed by the zod contracts. */

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Error responses documented on every route in the OpenAPI description. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** Route-level rate limit options for @fastify/rate-limit. */
export interface RateLimitOptions {
  max: number;
  timeWindow: number;
}

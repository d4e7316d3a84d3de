import { timingSafeEqual } from 'node:crypto';
import { challengeAuthRequestSchema, challengeAuthResponseSchema } from '@agaton/contracts';
import { candidates, challenges, organisations } from '@agaton/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';

function sameText(a: string, b: string) {
  const left = Buffer.from(a.toUpperCase());
  const right = Buffer.from(b.toUpperCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Candidate sign-in to a challenge: username = the candidate's e-mail, password = the test code sent to
 * them. Answers a candidate-kind token; test content arrives with the recruitment work.
 */
export function challengeRoutes(app: FastifyInstance, ctx: AppContext, limit: RateLimitOptions) {
  typed(app).post(
    '/challenge/auth',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['challenge'],
        body: challengeAuthRequestSchema,
        response: { 200: challengeAuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const [row] = await ctx.db
        .select({ challenge: challenges, candidate: candidates, org: organisations })
        .from(challenges)
        .innerJoin(candidates, eq(candidates.id, challenges.candidateId))
        .innerJoin(organisations, eq(organisations.id, challenges.orgId))
        .where(
          and(
            sql`upper(${challenges.code}) = upper(${password.trim()})`,
            eq(candidates.email, username.toLowerCase()),
            isNull(challenges.completedAt),
          ),
        )
        .limit(1);
      if (!row || !sameText(row.challenge.code, password.trim())) throw new AppError('WRONG_CREDENTIALS');
      const isExpired = !!row.challenge.expiresAt && row.challenge.expiresAt.getTime() < Date.now();
      if (isExpired) throw new AppError('WRONG_CREDENTIALS');
      const token = await ctx.tokens.sign({
        sub: row.candidate.id,
        kind: 'candidate',
        realm: 'whiskey',
        orgId: row.org.id,
      });
      return {
        token,
        challenge: {
          id: row.challenge.id,
          createTime: row.challenge.createdAt.toISOString(),
          completedAt: null,
          code: row.challenge.code,
          isExpired,
          candidateName: row.candidate.name,
          candidateEmail: row.candidate.email,
        },
        content: {},
        organization: { id: row.org.id, name: row.org.name },
      };
    },
  );
}

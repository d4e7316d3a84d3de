import {
  candidateTestAuthResponseSchema,
  challengeAuthRequestSchema,
  errorBodySchema,
} from '@agaton/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { errorResponses, type RateLimitOptions, typed } from '../../lib/route-kit.ts';
import { throttledSignIn } from '../auth/index.ts';
import { signInCandidate } from '../recruitment/index.ts';

export interface ChallengeRoutesOptions {
  ctx: AppContext;
  /** Sign-in attempts per client per window. */
  limit: RateLimitOptions;
  /** The server speaks listening questions (TTS on); without it tests are drawn without listening. */
  listening: boolean;
}

/**
 * Candidate sign-in to a challenge (spec 2 §7): username = the candidate's e-mail, password = the test
 * code sent to them. Answers the candidate's test and a candidate token for the assessment calls.
 */
export async function challengeRoutes(app: FastifyInstance, options: ChallengeRoutesOptions) {
  const { ctx } = options;
  typed(app).post(
    '/challenge/auth',
    {
      config: { rateLimit: options.limit },
      schema: {
        tags: ['challenge'],
        description:
          'Candidate sign-in (spec 2 §7): username = e-mail, password = test code (any case). The first ' +
          'sign-in draws the test. Answers a 4-hour candidate token, the challenge, the test without ' +
          'answers (listening questions as signed audio links) and `assessmentStatus` (where the ' +
          'candidate is; extension). 401 wrong credentials, 409 finished, 403 expired.',
        body: challengeAuthRequestSchema,
        response: { 200: candidateTestAuthResponseSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) =>
      // The per-account limit the coach and admin sign-ins share (test codes are guessable too).
      throttledSignIn(ctx, request.body.username, () =>
        signInCandidate({
          ctx,
          username: request.body.username,
          password: request.body.password,
          listening: options.listening,
        }),
      ),
  );
}

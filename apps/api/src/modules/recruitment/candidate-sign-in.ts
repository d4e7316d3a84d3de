import { timingSafeEqual } from 'node:crypto';
import { type CandidateTestAuthResponse, TEST_RULES, type TestContent } from '@agaton/contracts';
import { candidates, challenges, organisations } from '@agaton/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { resumeTest } from './assessment.service.ts';
import { assertOpen } from './assessment-store.ts';
import { DEFAULT_TEST_CONTENT } from './content/default-test-content.ts';
import { contentForPosition, type DrawnTest, drawnTestSchema, drawTest } from './test-draw.ts';

function sameText(a: string, b: string) {
  const left = Buffer.from(a.toUpperCase());
  const right = Buffer.from(b.toUpperCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The challenge's test, drawn now if this is the first sign-in. The challenge row is locked, so two
 * tabs signing in at once get the same test. Drawn from the content copied when the test was sent,
 * or (challenges sent without one) from the organisation's current content for its position.
 */
async function ensureDrawn(
  ctx: AppContext,
  options: { challengeId: string; orgContent: TestContent | null; listening: boolean; now: Date },
): Promise<DrawnTest> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ test: challenges.test, content: challenges.content, position: challenges.position })
      .from(challenges)
      .where(eq(challenges.id, options.challengeId))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.test) return drawnTestSchema.parse(row.test);
    const content =
      row.content ?? contentForPosition(options.orgContent ?? DEFAULT_TEST_CONTENT, row.position);
    const test = drawTest({ content, listening: options.listening });
    await tx
      .update(challenges)
      .set({ test, startedAt: options.now })
      .where(eq(challenges.id, options.challengeId));
    return test;
  });
}

/**
 * POST /api/challenge/auth: the candidate signs in with their e-mail and the test code (both trimmed,
 * any case). No match: 401; a finished test: 409; an expired code: 403. The first sign-in draws the
 * test; every sign-in answers it where the candidate left it, with a token for the assessment calls.
 */
export async function signInCandidate(options: {
  ctx: AppContext;
  username: string;
  password: string;
  /** The server can speak listening questions (TTS on); otherwise that part is left out. */
  listening: boolean;
}): Promise<CandidateTestAuthResponse> {
  const { ctx } = options;
  const now = new Date();
  const code = options.password.trim();
  const [row] = await ctx.db
    .select({ challenge: challenges, candidate: candidates, org: organisations })
    .from(challenges)
    .innerJoin(candidates, eq(candidates.id, challenges.candidateId))
    .innerJoin(organisations, eq(organisations.id, challenges.orgId))
    .where(
      and(
        sql`upper(${challenges.code}) = upper(${code})`,
        eq(candidates.email, options.username.trim().toLowerCase()),
      ),
    )
    .limit(1);
  if (!row || !sameText(row.challenge.code, code)) throw new AppError('WRONG_CREDENTIALS');
  assertOpen(row.challenge, now);
  const { challenge } = row;
  await ensureDrawn(ctx, {
    challengeId: challenge.id,
    orgContent: row.org.testContent,
    listening: options.listening,
    now,
  });
  const claims = {
    sub: row.candidate.id,
    kind: 'candidate' as const,
    realm: 'whiskey' as const,
    orgId: row.org.id,
    challengeId: challenge.id,
  };
  const token = await ctx.tokens.sign(claims, { ttlSeconds: TEST_RULES.candidateTokenTtlSeconds });
  return { token, ...(await resumeTest({ ctx, claims, now })) };
}

import { type Challenge, type ChallengeDetail, type ChallengeMeta, cefrLevelSchema } from '@agaton/contracts';
import { candidates, challenges } from '@agaton/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { candidateTeamScope, type OrgActor } from '../../lib/policy.ts';
import { freeSpeechRecordingLink } from './test-recording.ts';

type ChallengeRow = typeof challenges.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

/**
 * Limits a candidates query to the organisation and the teams the admin sees (spec 2 §6): a manager
 * of no team sees none (docs/decisions/023-manager-scope.md).
 */
export function visibleCandidates(actor: OrgActor): SQL {
  const scope = candidateTeamScope(actor);
  const inOrg = eq(candidates.orgId, actor.orgId);
  if (!scope) return inOrg;
  return and(inOrg, scope.length ? inArray(candidates.teamId, scope) : sql`false`) as SQL;
}

/** A code that is not completed and whose expiry passed no longer works (spec 2 §4: Expired). */
export function isChallengeExpired(row: Pick<ChallengeRow, 'completedAt' | 'expiresAt'>, now = new Date()) {
  return !row.completedAt && !!row.expiresAt && row.expiresAt.getTime() <= now.getTime();
}

const cefrOrNull = (value: string | null) => {
  const parsed = cefrLevelSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The entry of a candidate's recruitInfo.challengesMeta. */
export function toChallengeMeta(row: ChallengeRow, now = new Date()): ChallengeMeta {
  return {
    id: row.id,
    createTime: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    code: row.code,
    isExpired: isChallengeExpired(row, now),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    resultCefr: cefrOrNull(row.resultCefr),
  };
}

/** A stored challenge and its candidate as the Challenge contract (spec 2 §3, the contract's spellings). */
export function toChallenge(
  row: ChallengeRow,
  candidate: Pick<CandidateRow, 'name' | 'email' | 'department' | 'position'>,
  now = new Date(),
): Challenge {
  return {
    ...toChallengeMeta(row, now),
    candidateId: row.candidateId,
    readingComprehensionCefr: cefrOrNull(row.readingComprehensionCefr),
    readingComprehnesionResultScore: row.readingComprehensionResultScore,
    readingResultScore: row.readingResultScore,
    candidateName: candidate.name,
    candidateEmail: candidate.email,
    candidateDepartment: candidate.department,
    candidatePosition: row.position ?? candidate.position,
    // Results exist only once the last part finished.
    resultsBlob: row.completedAt ? (row.resultsBlob ?? null) : null,
  };
}

async function selectChallenges(ctx: AppContext, actor: OrgActor, where?: SQL) {
  const rows = await ctx.db
    .select({ challenge: challenges, candidate: candidates })
    .from(challenges)
    .innerJoin(candidates, eq(candidates.id, challenges.candidateId))
    .where(and(eq(challenges.orgId, actor.orgId), visibleCandidates(actor), where))
    .orderBy(desc(challenges.createdAt), desc(challenges.id));
  const now = new Date();
  return rows.map((r) => toChallenge(r.challenge, r.candidate, now));
}

/** GET /admin/challenges: the challenges of the candidates the admin sees, newest first. */
export function listChallenges(ctx: AppContext, options: { actor: OrgActor }): Promise<Challenge[]> {
  return selectChallenges(ctx, options.actor);
}

/**
 * One challenge the admin may see; 404 for another organisation's, one outside a manager's teams, or
 * (with candidateId) one that is not that candidate's.
 */
export async function getChallenge(
  ctx: AppContext,
  options: { actor: OrgActor; challengeId: string; candidateId?: string },
): Promise<Challenge> {
  const [found] = await selectChallenges(
    ctx,
    options.actor,
    and(
      eq(challenges.id, options.challengeId),
      options.candidateId ? eq(challenges.candidateId, options.candidateId) : undefined,
    ),
  );
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * GET /admin/challenges/{id}: one challenge the admin may see (404 otherwise, as getChallenge) with
 * the signed link that plays its free answer, bound to the admin's sign-in.
 */
export async function getChallengeDetail(
  ctx: AppContext,
  options: { actor: OrgActor; challengeId: string },
): Promise<ChallengeDetail> {
  const challenge = await getChallenge(ctx, options);
  const freeSpeechRecordingUrl = challenge.completedAt
    ? await freeSpeechRecordingLink(ctx, { challengeId: challenge.id, familyId: options.actor.familyId })
    : null;
  return { ...challenge, freeSpeechRecordingUrl };
}

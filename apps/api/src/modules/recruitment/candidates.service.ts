import {
  type Candidate,
  type createCandidateRequestSchema,
  RECRUITMENT_TEXTS,
  type TraineeStatus,
} from '@agaton/contracts';
import { candidates, challenges, members, organisations, teams } from '@agaton/db';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { candidateTeamScope, type OrgActor } from '../../lib/policy.ts';
import { toChallengeMeta, visibleCandidates } from './challenges.service.ts';
import { trainingInvitationEmail } from './invitation-email.ts';
import { type SentTests, sendInvitations, sendTestsInTransaction, type Tx } from './send-test.service.ts';
import { trainingInvitationLink } from './training-invitation-token.ts';
import { assertTrainingSeats } from './training-seats.ts';

type CandidateRow = typeof candidates.$inferSelect;

async function loadCandidates(ctx: AppContext, actor: OrgActor, ids?: string[]): Promise<Candidate[]> {
  const rows = await ctx.db
    .select({ candidate: candidates, memberId: members.id, teamName: teams.name })
    .from(candidates)
    // The organisation member with the same e-mail (both are stored lower-cased).
    .leftJoin(members, and(eq(members.orgId, candidates.orgId), eq(members.email, candidates.email)))
    .leftJoin(teams, eq(teams.id, candidates.teamId))
    .where(and(visibleCandidates(actor), ids ? inArray(candidates.id, ids) : undefined))
    .orderBy(desc(candidates.createdAt), desc(candidates.id));
  if (rows.length === 0) return [];
  const sent = await ctx.db
    .select()
    .from(challenges)
    .where(
      inArray(
        challenges.candidateId,
        rows.map((r) => r.candidate.id),
      ),
    )
    .orderBy(desc(challenges.createdAt), desc(challenges.id));
  const now = new Date();
  const byCandidate = new Map<string, Candidate['recruitInfo']['challengesMeta']>();
  for (const row of sent) {
    const list = byCandidate.get(row.candidateId) ?? [];
    list.push(toChallengeMeta(row, now));
    byCandidate.set(row.candidateId, list);
  }
  return rows.map(({ candidate: c, memberId, teamName }) => ({
    identityId: c.id,
    name: c.name,
    email: c.email,
    position: c.position,
    level: c.level,
    department: c.department,
    isRecruit: c.isRecruit,
    isTrainee: c.isTrainee,
    recruitInfo: { challengesMeta: byCandidate.get(c.id) ?? [] },
    traineeInfo: { traineeStatus: c.traineeStatus },
    aiCoachInfo: {
      astridIdentityId: memberId ?? null,
      teams: c.teamId && teamName ? [{ id: c.teamId, name: teamName }] : [],
    },
    createdAt: c.createdAt.toISOString(),
  }));
}

/** GET /admin/candidates: the candidates the admin sees, newest first, each with their challenges. */
export function listCandidates(ctx: AppContext, options: { actor: OrgActor }): Promise<Candidate[]> {
  return loadCandidates(ctx, options.actor);
}

/**
 * The team a new candidate joins: one of the organisation's (404 otherwise) that the admin sees (403).
 * A manager of teams who picks none gets their only team, or is asked to pick one, so the candidate
 * does not vanish from their own list; a manager of no team sees no candidate, so adds none (403).
 */
async function teamFor(tx: Tx, actor: OrgActor, teamId: string | undefined) {
  const scope = candidateTeamScope(actor);
  if (scope?.length === 0) throw new AppError('FORBIDDEN');
  if (!teamId) {
    if (!scope) return null;
    if (scope.length > 1) {
      const message = RECRUITMENT_TEXTS.selectTeam;
      throw new AppError('VALIDATION', message, { details: [{ path: 'department', message }] });
    }
    teamId = scope[0];
  }
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, actor.orgId)));
  if (!team) throw new AppError('NOT_FOUND', 'This team was not found.');
  if (scope && !scope.includes(team.id)) throw new AppError('FORBIDDEN');
  return team;
}

async function orgName(ctx: AppContext, orgId: string) {
  const [org] = await ctx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return org?.name ?? 'Your organisation';
}

async function emailTrainingInvitations(ctx: AppContext, orgId: string, people: CandidateRow[]) {
  const name = await orgName(ctx, orgId);
  await sendInvitations(
    ctx,
    people.map((p) =>
      trainingInvitationEmail({
        to: p.email,
        candidateName: p.name,
        orgName: name,
        link: trainingInvitationLink(ctx, p.id),
      }),
    ),
  );
}

/**
 * POST /candidate (Add user): creates the candidate in the admin's organisation and, in the same
 * transaction, sends the test when they are a recruit with a position (so a refused send — no tests
 * left, unknown position — creates nothing). Trainees are invited to the learning app.
 */
export async function createCandidate(
  ctx: AppContext,
  options: { actor: OrgActor; input: z.output<typeof createCandidateRequestSchema> },
): Promise<Candidate> {
  const { actor, input } = options;
  // A trainee is invited at once unless the form said not to (spec 2 §3 inviteUserToTraining).
  const invite = input.isTrainee && input.inviteUserToTraining !== false;
  const traineeStatus: TraineeStatus = invite ? 'InvitePending' : 'NotInvited';
  const position = input.position || null;
  const { candidate, sent } = await ctx.db.transaction(async (tx) => {
    const team = await teamFor(tx, actor, input.department);
    if (input.isTrainee) await assertTrainingSeats(tx, actor.orgId, 1);
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.orgId, actor.orgId), eq(members.email, input.email)));
    const [candidate] = await tx
      .insert(candidates)
      .values({
        orgId: actor.orgId,
        name: input.name,
        email: input.email,
        position,
        level: input.level ?? null,
        department: team?.name ?? null,
        teamId: team?.id ?? null,
        isRecruit: input.isRecruit,
        isTrainee: input.isTrainee,
        traineeStatus,
        memberId: member?.id ?? null,
      })
      .onConflictDoNothing({ target: [candidates.orgId, candidates.email] })
      .returning();
    if (!candidate) throw new AppError('CONFLICT', RECRUITMENT_TEXTS.candidateExists);
    let sent: SentTests | null = null;
    if (input.isRecruit && position) {
      sent = await sendTestsInTransaction(ctx, tx, { actor, candidateIds: [candidate.id], position });
    }
    return { candidate, sent };
  });
  if (sent) await sendInvitations(ctx, sent.invitations);
  if (invite) await emailTrainingInvitations(ctx, actor.orgId, [candidate]);
  const [created] = await loadCandidates(ctx, actor, [candidate.id]);
  if (created) return created;
  // Only reachable if the candidate was removed in the meantime.
  throw new AppError('NOT_FOUND');
}

/**
 * POST /candidate/training-invite: marks the candidates as trainees with a pending invitation and
 * e-mails it. Candidates already training are left as they are. 404 (nothing changed) when one is not
 * visible to the admin; 402 when those becoming trainees would pass the users limit.
 */
export async function inviteToTraining(
  ctx: AppContext,
  options: { actor: OrgActor; candidateIds: string[] },
): Promise<string[]> {
  const ids = [...new Set(options.candidateIds)];
  const visible = await ctx.db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(visibleCandidates(options.actor), inArray(candidates.id, ids)));
  if (visible.length !== ids.length) {
    throw new AppError(
      'NOT_FOUND',
      'Some of the selected candidates were not found. No invitation was sent.',
    );
  }
  const invited = await ctx.db.transaction(async (tx) => {
    // Candidates who are not trainees yet take a seat of the learning app.
    const newUsers = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(inArray(candidates.id, ids), eq(candidates.isTrainee, false)));
    await assertTrainingSeats(tx, options.actor.orgId, newUsers.length);
    return tx
      .update(candidates)
      .set({ isTrainee: true, traineeStatus: 'InvitePending' })
      .where(and(inArray(candidates.id, ids), ne(candidates.traineeStatus, 'Training')))
      .returning();
  });
  await emailTrainingInvitations(ctx, options.actor.orgId, invited);
  return invited.map((c) => c.id);
}

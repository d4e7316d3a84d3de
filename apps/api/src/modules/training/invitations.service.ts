import { PRACTICE_FEATURE, type TrainingInvitation, trainingTexts } from '@agaton/contracts';
import { candidates, organisations, users } from '@agaton/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { verifyInvitationToken } from '../recruitment/index.ts';

type InvitedCandidate = typeof candidates.$inferSelect & { organizationName: string };

/**
 * The candidate a token names, if the invitation still stands: signed here, not expired, and the
 * candidate still a trainee who was invited (an admin may have removed them since). 404 otherwise.
 */
async function invitedCandidate(ctx: AppContext, token: string): Promise<InvitedCandidate> {
  const candidateId = verifyInvitationToken({ secret: ctx.config.JWT_SECRET, token, now: new Date() });
  if (!candidateId) throw new AppError('NOT_FOUND', trainingTexts.invitationInvalid);
  const [row] = await ctx.db
    .select({ candidate: candidates, organizationName: organisations.name })
    .from(candidates)
    .innerJoin(organisations, eq(organisations.id, candidates.orgId))
    .where(eq(candidates.id, candidateId));
  if (!row?.candidate.isTrainee || row.candidate.traineeStatus === 'NotInvited') {
    throw new AppError('NOT_FOUND', trainingTexts.invitationInvalid);
  }
  return { ...row.candidate, organizationName: row.organizationName };
}

function toInvitation(c: InvitedCandidate): TrainingInvitation {
  return {
    organizationName: c.organizationName,
    candidateName: c.name,
    email: c.email,
    traineeStatus: c.traineeStatus as TrainingInvitation['traineeStatus'],
  };
}

/** GET /training/invitations/{token}: who invites whom, and where the invitation stands. */
export async function getInvitation(
  ctx: AppContext,
  options: { token: string },
): Promise<TrainingInvitation> {
  return toInvitation(await invitedCandidate(ctx, options.token));
}

/**
 * POST /training/invitations/{token}/accept: the signed-in coach whose e-mail the invitation names
 * becomes the trainee (candidate.userId, status Training, acceptance time) and gets the practice
 * feature. Accepting again changes nothing; accepting after declining is allowed while the link works.
 */
export async function acceptInvitation(
  ctx: AppContext,
  options: { token: string; userId: string },
): Promise<TrainingInvitation> {
  const candidate = await invitedCandidate(ctx, options.token);
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.email.toLowerCase() !== candidate.email.toLowerCase()) {
    throw new AppError('CONFLICT', trainingTexts.invitationOtherAccount.replace('{email}', candidate.email));
  }
  const alreadyAccepted = candidate.traineeStatus === 'Training' && candidate.userId === user.id;
  await ctx.db.transaction(async (tx) => {
    if (!alreadyAccepted) {
      await tx
        .update(candidates)
        .set({ traineeStatus: 'Training', userId: user.id, trainingAcceptedAt: new Date() })
        .where(eq(candidates.id, candidate.id));
    }
    // Added once, in SQL, so a concurrent accept (or any other feature change) is not overwritten.
    await tx
      .update(users)
      .set({
        enabledFeatures: sql`case when ${users.enabledFeatures} @> ${JSON.stringify([PRACTICE_FEATURE])}::jsonb
          then ${users.enabledFeatures}
          else ${users.enabledFeatures} || ${JSON.stringify([PRACTICE_FEATURE])}::jsonb end`,
      })
      .where(eq(users.id, user.id));
  });
  return toInvitation({ ...candidate, traineeStatus: 'Training' });
}

/**
 * POST /training/invitations/{token}/decline: no sign-in (the token is the proof). 409 once the
 * invitation was accepted (leaving the training is the organisation's decision); declining twice is
 * the same as once.
 */
export async function declineInvitation(
  ctx: AppContext,
  options: { token: string },
): Promise<TrainingInvitation> {
  const candidate = await invitedCandidate(ctx, options.token);
  if (candidate.traineeStatus === 'Training') {
    throw new AppError('CONFLICT', trainingTexts.invitationAlreadyAccepted);
  }
  const [updated] = await ctx.db
    .update(candidates)
    .set({ traineeStatus: 'InviteRejected' })
    .where(sql`${candidates.id} = ${candidate.id} and ${candidates.traineeStatus} <> 'Training'`)
    .returning({ id: candidates.id });
  if (!updated) throw new AppError('CONFLICT', trainingTexts.invitationAlreadyAccepted);
  return toInvitation({ ...candidate, traineeStatus: 'InviteRejected' });
}

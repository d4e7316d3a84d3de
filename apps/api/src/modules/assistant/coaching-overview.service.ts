import type { CoachingOverviewResponse, CoachingType, Member, TeamUser } from '@agaton/contracts';
import { coachingReports, members } from '@agaton/db';
import { and, count, eq, inArray, max, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import type { OrgActor } from '../../lib/policy.ts';
import { listMembers, toMembers, visibleMember } from '../org/index.ts';

interface CoachingFigures {
  last: Date | null;
  total: number;
  type: CoachingType | null;
}

/**
 * Coaching figures per coach account: the newest report's last write, how many reports were sent, and
 * the coaching type — per period when any weekly report exists (every analysed session also gets one),
 * per session when only session reports do.
 */
async function coachingFigures(ctx: AppContext, userIds: string[]): Promise<Map<string, CoachingFigures>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      userId: coachingReports.userId,
      last: max(coachingReports.updatedAt),
      total: count(),
      periods: sql<number>`count(*) filter (where ${coachingReports.type} = 'PER_PERIOD')`.mapWith(Number),
    })
    .from(coachingReports)
    .where(inArray(coachingReports.userId, userIds))
    .groupBy(coachingReports.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        last: r.last,
        total: r.total,
        type: r.periods > 0 ? 'PER_PERIOD' : r.total > 0 ? 'PER_SESSION' : null,
      },
    ]),
  );
}

async function toTeamUsers(ctx: AppContext, list: Member[]): Promise<TeamUser[]> {
  const links = list.length
    ? await ctx.db
        .select({ id: members.id, userId: members.userId })
        .from(members)
        .where(
          inArray(
            members.id,
            list.map((m) => m.astridIdentityId),
          ),
        )
    : [];
  const coachOf = new Map(links.map((l) => [l.id, l.userId]));
  const figures = await coachingFigures(
    ctx,
    links.flatMap((l) => (l.userId ? [l.userId] : [])),
  );
  return list.map((member) => {
    const userId = coachOf.get(member.astridIdentityId) ?? null;
    const f = (userId && figures.get(userId)) || { last: null, total: 0, type: null };
    return {
      name: member.name,
      email: member.email,
      aiCoachInfo: {
        astridIdentityId: member.astridIdentityId,
        teams: member.teams.map((t) => ({ id: t.teamId, name: t.teamName })),
        coachingStatus: { enabled: member.hasLicense && !member.isArchived },
        coachingMeta: {
          lastCoachingTimestamp: f.last ? Math.floor(f.last.getTime() / 1000) : null,
          coachingsCount: f.total,
          coachingType: f.type,
        },
        hasCoachAccount: userId !== null,
      },
    };
  });
}

/**
 * GET /admin/coaching-overview (spec 3 §2.3): the members the admin sees — every member for an owner,
 * members of managed teams for a manager (the org module's scoping) — by name, with their coaching.
 */
export async function coachingOverview(
  ctx: AppContext,
  options: { actor: OrgActor; teamId?: string; page: number; pageSize: number },
): Promise<CoachingOverviewResponse> {
  const listed = await listMembers(ctx, {
    actor: options.actor,
    request: {
      filters: options.teamId ? { teamId: options.teamId } : {},
      pagination: { page: options.page, pageSize: options.pageSize },
    },
  });
  return {
    users: await toTeamUsers(ctx, listed.members),
    page: options.page,
    totalPages: listed.totalPages,
  };
}

/**
 * One member of the overview, for the per-user pages, by identity id — or by their coach account id,
 * which `forUserId` also accepts (Ask Agaton's links carry it): 404 outside the admin's reach (never 403).
 */
export async function coachingUser(
  ctx: AppContext,
  options: { actor: OrgActor; identityId: string },
): Promise<TeamUser> {
  const { actor, identityId } = options;
  if (!isUuid(identityId)) throw new AppError('NOT_FOUND');
  const [found] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(
      and(eq(members.orgId, actor.orgId), or(eq(members.id, identityId), eq(members.userId, identityId))),
    );
  if (!found) throw new AppError('NOT_FOUND');
  const row = await visibleMember(ctx, actor, found.id).catch((error: unknown) => {
    // Outside a manager's teams reads like a missing user, so ids tell nothing about other teams.
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw new AppError('NOT_FOUND');
    throw error;
  });
  const [member] = await toMembers(ctx, [row], actor);
  const [user] = await toTeamUsers(ctx, [member]);
  return user;
}

import type {
  Member,
  MemberListRequest,
  MemberUpdateRequest,
  Team,
  TeamWithMembers,
} from '@agaton/contracts';
import { memberListRequestSchema, memberUpdateRequestSchema, messages } from '@agaton/contracts';
import { members, teamMemberships, teams } from '@agaton/db';
import { and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { assertOwner, assertTeamAccess, type OrgActor, teamFilter } from '../../lib/policy.ts';
import { assertLicenceLeft } from './licences.ts';

type MemberRow = typeof members.$inferSelect;

/** Teams the actor may see, by name. */
export async function listTeams(ctx: AppContext, actor: OrgActor): Promise<Team[]> {
  return ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.orgId, actor.orgId), teamFilter(actor)))
    .orderBy(asc(teams.name));
}

async function assertNameFree(
  ctx: AppContext,
  orgId: string,
  name: string,
  message: string,
  exceptId?: string,
) {
  const [clash] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.orgId, orgId), sql`lower(${teams.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw new AppError('CONFLICT', message);
}

export async function createTeam(ctx: AppContext, options: { actor: OrgActor; name: string }): Promise<Team> {
  assertOwner(options.actor);
  await assertNameFree(ctx, options.actor.orgId, options.name, messages.org.createTeam);
  const [team] = await ctx.db
    .insert(teams)
    .values({ orgId: options.actor.orgId, name: options.name })
    .onConflictDoNothing()
    .returning({ id: teams.id, name: teams.name });
  if (!team) throw new AppError('CONFLICT', messages.org.createTeam);
  return team;
}

export async function renameTeam(
  ctx: AppContext,
  options: { actor: OrgActor; teamId: string; name: string },
) {
  assertOwner(options.actor);
  await assertTeamAccess(ctx, options.actor, options.teamId);
  await assertNameFree(ctx, options.actor.orgId, options.name, messages.org.updateTeam, options.teamId);
  const [team] = await ctx.db
    .update(teams)
    .set({ name: options.name })
    .where(eq(teams.id, options.teamId))
    .returning({ id: teams.id, name: teams.name });
  return team;
}

export async function deleteTeam(ctx: AppContext, options: { actor: OrgActor; teamId: string }) {
  assertOwner(options.actor);
  await assertTeamAccess(ctx, options.actor, options.teamId);
  await ctx.db.delete(teams).where(eq(teams.id, options.teamId));
}

/**
 * Members with their team memberships, in the contract's shape. A manager sees only the memberships
 * of teams they manage (spec 2 §6), never the names of other teams.
 */
export async function toMembers(ctx: AppContext, rows: MemberRow[], actor: OrgActor): Promise<Member[]> {
  if (rows.length === 0) return [];
  const links = await ctx.db
    .select({
      memberId: teamMemberships.memberId,
      teamId: teams.id,
      teamName: teams.name,
      teamRole: teamMemberships.teamRole,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(
      and(
        inArray(
          teamMemberships.memberId,
          rows.map((r) => r.id),
        ),
        teamFilter(actor),
      ),
    )
    .orderBy(asc(teams.name));
  return rows.map((row) => ({
    astridIdentityId: row.id,
    externalIds: row.externalIds,
    name: row.name,
    email: row.email,
    teams: links.filter((l) => l.memberId === row.id).map(({ memberId: _m, ...team }) => team),
    orgRole: row.orgRole,
    hasLicense: row.hasLicense,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Member belongs to at least one of these teams. */
function inTeams(ctx: AppContext, teamIds: string[]): SQL {
  if (teamIds.length === 0) return sql`false`;
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.memberId, members.id), inArray(teamMemberships.teamId, teamIds))),
  );
}

/** Missing info: no name, or in no team at all. */
function missingInfo(ctx: AppContext): SQL {
  const inAnyTeam = exists(
    ctx.db.select({ one: sql`1` }).from(teamMemberships).where(eq(teamMemberships.memberId, members.id)),
  );
  return or(eq(members.name, ''), sql`not ${inAnyTeam}`) as SQL;
}

/** Managers see only members of the teams they manage (spec 2 §6). */
function scopeOf(ctx: AppContext, actor: OrgActor) {
  return actor.teamScope ? inTeams(ctx, actor.teamScope) : undefined;
}

export async function teamsWithMembers(ctx: AppContext, actor: OrgActor): Promise<TeamWithMembers[]> {
  const visible = await listTeams(ctx, actor);
  if (visible.length === 0) return [];
  const rows = await ctx.db
    .select({ member: members, teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .innerJoin(members, eq(members.id, teamMemberships.memberId))
    .where(
      and(
        inArray(
          teamMemberships.teamId,
          visible.map((t) => t.id),
        ),
        eq(members.isArchived, false),
      ),
    )
    .orderBy(asc(members.name));
  const unique = [...new Map(rows.map((r) => [r.member.id, r.member])).values()];
  const byId = new Map((await toMembers(ctx, unique, actor)).map((m) => [m.astridIdentityId, m]));
  return visible.map((team) => ({
    ...team,
    members: rows.filter((r) => r.teamId === team.id).map((r) => byId.get(r.member.id)!),
  }));
}

export async function listMembers(ctx: AppContext, options: { actor: OrgActor; request: MemberListRequest }) {
  const { query, filters, pagination } = memberListRequestSchema.parse(options.request);
  const { actor } = options;
  if (filters.teamId) await assertTeamAccess(ctx, actor, filters.teamId);
  // Escape LIKE wildcards so a search for "50%" means the text, not a pattern.
  const needle = query.trim().replace(/[\\%_]/g, '\\$&');
  const base = and(
    eq(members.orgId, actor.orgId),
    scopeOf(ctx, actor),
    filters.includeArchived ? undefined : eq(members.isArchived, false),
  );
  const where = and(
    base,
    filters.teamId ? inTeams(ctx, [filters.teamId]) : undefined,
    filters.missingInfo ? missingInfo(ctx) : undefined,
    needle ? or(ilike(members.name, `%${needle}%`), ilike(members.email, `%${needle}%`)) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(members).where(where);
  const [{ missing }] = await ctx.db
    .select({ missing: count() })
    .from(members)
    .where(and(base, missingInfo(ctx)));
  const rows = await ctx.db
    .select()
    .from(members)
    .where(where)
    .orderBy(asc(members.name), asc(members.id))
    .limit(pagination.pageSize)
    .offset((pagination.page - 1) * pagination.pageSize);
  return {
    members: await toMembers(ctx, rows, actor),
    totalPages: Math.ceil(total / pagination.pageSize),
    totalMembersMissingInfo: missing,
  };
}

/** A member of the actor's organisation: 404 outside it, 403 outside a manager's teams. */
export async function visibleMember(ctx: AppContext, actor: OrgActor, memberId: string) {
  const [row] = await ctx.db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.orgId, actor.orgId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (actor.teamScope) {
    const [inScope] = await ctx.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), inTeams(ctx, actor.teamScope)));
    if (!inScope) throw new AppError('FORBIDDEN');
  }
  return row;
}

/**
 * PUT /members/{identityId}: fields left out stay as they are; `teams`, when sent, replaces the
 * member's memberships. Owners only: a manager sees their teams' users but does not manage them
 * (docs/decisions/029-manager-permissions.md).
 */
export async function updateMember(
  ctx: AppContext,
  options: { actor: OrgActor; memberId: string; changes: MemberUpdateRequest },
): Promise<Member> {
  const { actor, memberId } = options;
  assertOwner(actor, messages.org.ownersOnlyUsers);
  const changes = memberUpdateRequestSchema.parse(options.changes);
  const row = await visibleMember(ctx, actor, memberId);
  if (row.isArchived) throw new AppError('UNPROCESSABLE', messages.org.archivedNotEditable);
  const teams = changes.teams ? [...new Map(changes.teams.map((t) => [t.teamId, t])).values()] : undefined;
  for (const team of teams ?? []) await assertTeamAccess(ctx, actor, team.teamId);
  await ctx.db.transaction(async (tx) => {
    if (changes.hasLicense && !row.hasLicense) await assertLicenceLeft(tx, actor.orgId);
    await tx
      .update(members)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        orgRole: changes.orgRole,
        ...(changes.hasLicense !== undefined ? { hasLicense: changes.hasLicense } : {}),
      })
      .where(eq(members.id, memberId));
    if (!teams) return;
    await tx.delete(teamMemberships).where(eq(teamMemberships.memberId, memberId));
    if (teams.length) {
      await tx
        .insert(teamMemberships)
        .values(teams.map((t) => ({ memberId, teamId: t.teamId, teamRole: t.teamRole })));
    }
  });
  const [updated] = await ctx.db.select().from(members).where(eq(members.id, memberId));
  return (await toMembers(ctx, [updated], actor))[0];
}

/**
 * Archiving revokes the licence; unarchiving leaves the member without one (spec 2 §4). Owners only,
 * like every change of a user.
 */
export async function setArchive(
  ctx: AppContext,
  options: { actor: OrgActor; memberId: string; isArchived: boolean },
) {
  assertOwner(options.actor, messages.org.ownersOnlyUsers);
  await visibleMember(ctx, options.actor, options.memberId);
  await ctx.db
    .update(members)
    .set({ isArchived: options.isArchived, hasLicense: false })
    .where(eq(members.id, options.memberId));
  const [updated] = await ctx.db.select().from(members).where(eq(members.id, options.memberId));
  return (await toMembers(ctx, [updated], options.actor))[0];
}

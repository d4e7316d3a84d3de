import type { AccessTokenClaims } from '@agaton/contracts';
import { admins, teamMemberships, teams } from '@agaton/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from './app-error.ts';
import type { AppContext } from './context.ts';

/** An admin acting inside their organisation, with the teams they may see. */
export interface OrgActor {
  adminId: string;
  orgId: string;
  role: 'OWNER' | 'MANAGER';
  /** null = every team of the organisation (OWNER); otherwise only these team ids. */
  teamScope: string[] | null;
  /** The refresh family of the sign-in the request came with (playback links die with it). */
  familyId?: string;
}

/** Teams an admin manages: all of them for an OWNER, MANAGER-role memberships for a manager. */
export async function managedTeamIds(
  ctx: AppContext,
  admin: { role: 'OWNER' | 'MANAGER'; memberId: string | null },
): Promise<string[] | null> {
  if (admin.role === 'OWNER') return null;
  if (!admin.memberId) return [];
  const rows = await ctx.db
    .select({ teamId: teamMemberships.teamId })
    .from(teamMemberships)
    .where(and(eq(teamMemberships.memberId, admin.memberId), eq(teamMemberships.teamRole, 'MANAGER')));
  return rows.map((r) => r.teamId);
}

/**
 * The one authorization check for organisation routes: the caller must be an admin of exactly this
 * organisation (403 otherwise — tenants never see each other), and gets their team scope.
 */
export async function authorizeOrg(
  ctx: AppContext,
  claims: AccessTokenClaims,
  orgId: string,
): Promise<OrgActor> {
  if (claims.kind !== 'admin' || !claims.orgId || claims.orgId !== orgId) throw new AppError('FORBIDDEN');
  const [admin] = await ctx.db
    .select({ id: admins.id, orgId: admins.orgId, role: admins.role, memberId: admins.memberId })
    .from(admins)
    .where(eq(admins.id, claims.sub));
  // The token may outlive the account or a move to another organisation.
  if (!admin) throw new AppError('UNAUTHENTICATED');
  if (admin.orgId !== orgId) throw new AppError('FORBIDDEN');
  return {
    adminId: admin.id,
    orgId,
    role: admin.role,
    teamScope: await managedTeamIds(ctx, admin),
    familyId: claims.fid,
  };
}

/**
 * Only owners may change the organisation's team structure and its users (spec 2 §6: "Managing users,
 * teams and scorecards is the admin's job"); `message` says so to a manager where the UI shows it.
 */
export function assertOwner(actor: OrgActor, message?: string) {
  if (actor.role !== 'OWNER') throw new AppError('FORBIDDEN', message);
}

/** 404 for a team outside the organisation, 403 for one the manager does not manage. */
export async function assertTeamAccess(ctx: AppContext, actor: OrgActor, teamId: string) {
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.orgId, actor.orgId)));
  if (!team) throw new AppError('NOT_FOUND');
  if (actor.teamScope && !actor.teamScope.includes(teamId)) throw new AppError('FORBIDDEN');
}

/** Team ids a query must be limited to (null = whole organisation). */
export function teamFilter(actor: OrgActor) {
  if (!actor.teamScope) return undefined;
  return actor.teamScope.length ? inArray(teams.id, actor.teamScope) : sql`false`;
}

/** The OrgActor of an admin token in its own organisation (routes without an orgId in the path). */
export async function authorizeOwnOrg(ctx: AppContext, claims: AccessTokenClaims): Promise<OrgActor> {
  if (claims.kind !== 'admin' || !claims.orgId) throw new AppError('FORBIDDEN');
  return authorizeOrg(ctx, claims, claims.orgId);
}

/**
 * Teams whose candidates an admin sees (null = all, for an owner): a manager's managed teams, so a
 * manager who manages none sees no candidate. Spec 2 §6's "With none, all are shown" is the owner's
 * view; read as "a manager of no team sees everything" it let a manager widen their own scope by
 * leaving their teams (docs/decisions/023-manager-scope.md).
 */
export function candidateTeamScope(actor: OrgActor): string[] | null {
  return actor.teamScope;
}

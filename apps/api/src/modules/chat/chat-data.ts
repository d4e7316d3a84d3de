import type { AccessTokenClaims, Candidate, CoachingReportsPage } from '@agaton/contracts';
import { members, users } from '@agaton/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { authorizeOwnOrg, type OrgActor } from '../../lib/policy.ts';
import { analysedSessions, listCoachingReports, type ReportSession } from '../coaching-reports/index.ts';
import { listMembers, listTeams } from '../org/index.ts';
import { listItems } from '../qa/index.ts';
import { listCandidates } from '../recruitment/index.ts';

/*
 * The only doors through which Ask Agaton reads data. Each takes the asker's scope and goes through
 * the services and policy helpers the rest of the api uses, so an answer can never hold more than the
 * asker could open on their own pages: a coach their own sessions, reports and goals; an admin the
 * members, teams, sessions, reports and candidates of the teams they manage.
 */

/** Who is asking, resolved once per answer. */
export type ChatScope =
  | { kind: 'coach'; userId: string; firstName: string; lastName: string; goals: string[] }
  | { kind: 'admin'; actor: OrgActor };

/** A member the admin may see, with their coach account when they have one. */
export interface ScopedPerson {
  memberId: string;
  userId: string | null;
  name: string;
  email: string;
  teams: { id: string; name: string }[];
}

/** The scope of an access token: 401/403 as for any other call when the identity is gone. */
export async function chatScopeOf(ctx: AppContext, claims: AccessTokenClaims): Promise<ChatScope> {
  if (claims.kind === 'user') {
    const [user] = await ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName, goals: users.goals })
      .from(users)
      .where(eq(users.id, claims.sub));
    if (!user) throw new AppError('UNAUTHENTICATED');
    return {
      kind: 'coach',
      userId: claims.sub,
      firstName: user.firstName,
      lastName: user.lastName,
      goals: user.goals,
    };
  }
  return { kind: 'admin', actor: await authorizeOwnOrg(ctx, claims) };
}

/** The coach's analysed sessions, oldest first. */
export function ownSessions(ctx: AppContext, scope: Extract<ChatScope, { kind: 'coach' }>) {
  return analysedSessions(ctx, scope.userId);
}

/** The newest coaching reports of the coach (or of a person the admin may see). */
export async function reportsOf(
  ctx: AppContext,
  scope: ChatScope,
  person?: ScopedPerson,
): Promise<CoachingReportsPage['items']> {
  const userId = scope.kind === 'coach' ? scope.userId : person?.userId;
  if (!userId) return [];
  const page = await listCoachingReports(ctx, { userId, limit: 25 });
  return page.items;
}

/** Members the admin sees (managers: their teams' members only), with their coach accounts. */
export async function visiblePeople(ctx: AppContext, actor: OrgActor): Promise<ScopedPerson[]> {
  const found = [];
  for (let page = 1; page <= 20; page++) {
    const result = await listMembers(ctx, { actor, request: { pagination: { page, pageSize: 500 } } });
    found.push(...result.members);
    if (page >= result.totalPages) break;
  }
  if (!found.length) return [];
  const links = await ctx.db
    .select({ id: members.id, userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.orgId, actor.orgId),
        inArray(
          members.id,
          found.map((m) => m.astridIdentityId),
        ),
      ),
    );
  const userOf = new Map(links.map((l) => [l.id, l.userId]));
  return found.map((m) => ({
    memberId: m.astridIdentityId,
    userId: userOf.get(m.astridIdentityId) ?? null,
    name: m.name,
    email: m.email,
    teams: m.teams.map((t) => ({ id: t.teamId, name: t.teamName })),
  }));
}

/** Teams the admin manages (all of the organisation's for an owner). */
export function visibleTeams(ctx: AppContext, actor: OrgActor) {
  return listTeams(ctx, actor);
}

/** Analysed sessions of a person already checked to be in the admin's scope. */
export function sessionsOfPerson(ctx: AppContext, person: ScopedPerson): Promise<ReportSession[]> {
  return person.userId ? analysedSessions(ctx, person.userId) : Promise.resolve([]);
}

/** Candidates (and their English tests) the admin sees. */
export function visibleCandidates(ctx: AppContext, actor: OrgActor): Promise<Candidate[]> {
  return listCandidates(ctx, { actor });
}

/** What an admin may tag with @ and # in the composer: the people and teams the assistant resolves. */
export async function mentionOptions(ctx: AppContext, actor: OrgActor) {
  const [people, teams] = await Promise.all([visiblePeople(ctx, actor), visibleTeams(ctx, actor)]);
  return {
    people: people
      .map((p) => ({ id: p.memberId, name: p.name, teams: p.teams.map((t) => t.name) }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
  };
}

/**
 * QA items flagged red or yellow in the admin's scope (the QA Alerts list's own query and scoping),
 * newest first; `memberIds` narrows them to some agents, `from`/`to` to a period.
 */
export function flaggedQaItems(
  ctx: AppContext,
  actor: OrgActor,
  options: { from?: Date; to?: Date; memberIds?: string[] },
) {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  if (options.memberIds && !options.memberIds.length)
    return Promise.resolve({ items: [], totalItemCount: 0 });
  return listItems(ctx, actor, {
    flagLevels: ['RED', 'YELLOW'],
    fromTime: options.from ? seconds(options.from) : undefined,
    // listItems' upper bound is inclusive; the period's end is not part of it.
    toTime: options.to ? seconds(options.to) - 1 : undefined,
    userIds: options.memberIds,
    sort: 'timestamp',
    order: 'desc',
    limit: 50,
    offset: 0,
  });
}

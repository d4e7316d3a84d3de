import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../client.ts';
import { hashPassword } from '../password.ts';
import {
  admins,
  candidates,
  challenges,
  members,
  organisations,
  teamMemberships,
  teams,
  users,
} from '../schema/index.ts';
import type { StoredProductAccess } from '../schema/organisation.ts';

/** Password every factory account gets unless told otherwise. */
export const FACTORY_PASSWORD = 'Agaton123';

let cachedHash: Promise<string> | undefined;
/** argon2 is deliberately slow; factories share one hash of FACTORY_PASSWORD. */
function passwordHashFor(password: string | undefined) {
  if (password && password !== FACTORY_PASSWORD) return hashPassword(password);
  cachedHash ??= hashPassword(FACTORY_PASSWORD);
  return cachedHash;
}

const unique = () => randomBytes(4).toString('hex');

/** Product access with every product granted (demo organisation, tests). */
export function fullProductAccess(): StoredProductAccess {
  const on = { haveAccess: true, status: 'subscription-active' as const };
  return {
    aiCoach: { ...on },
    recruitment: { ...on, testsLeftCount: 50 },
    onboarding: { ...on },
    training: { ...on, maxUserCount: 50 },
  };
}

/** Coach user with a TRIALING plan and 100 minutes, like a fresh sign-up. */
export async function buildUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: `coach-${unique()}@example.com`,
      firstName: 'Casey',
      enabledFeatures: ['WEB_APP_RECORDING', 'ASSISTANT_CHAT'],
      planStatus: 'TRIALING',
      trialStart: new Date(),
      availableRecordingMinutes: 100,
      passwordHash: await passwordHashFor(password),
      // An established account: its e-mail was verified (pass null for a new, unverified one).
      emailVerifiedAt: new Date(),
      ...rest,
    })
    .returning();
  return row;
}

export async function buildOrg(db: Database, overrides: Partial<typeof organisations.$inferInsert> = {}) {
  const [row] = await db
    .insert(organisations)
    .values({
      name: `Org ${unique()}`,
      industry: 'Technology',
      department: 'Sales B2B',
      productAccess: fullProductAccess(),
      ...overrides,
    })
    .returning();
  return row;
}

/** Admin (OWNER unless role says MANAGER) of the given organisation, or of a new one. */
export async function buildAdmin(
  db: Database,
  overrides: Partial<typeof admins.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const orgId = rest.orgId ?? (await buildOrg(db)).id;
  const [row] = await db
    .insert(admins)
    .values({
      email: `admin-${unique()}@example.com`,
      name: 'Alex Admin',
      firstName: 'Alex',
      lastName: 'Admin',
      enabledFeatures: [],
      availablePositions: ['Sales representative'],
      passwordHash: await passwordHashFor(password),
      // An established account: its e-mail was verified (pass null for a new, unverified one).
      emailVerifiedAt: new Date(),
      ...rest,
      orgId,
    })
    .returning();
  return row;
}

export async function buildTeam(
  db: Database,
  overrides: Partial<typeof teams.$inferInsert> & { orgId: string },
) {
  const [row] = await db
    .insert(teams)
    .values({ name: `Team ${unique()}`, ...overrides })
    .returning();
  return row;
}

/** Member of an organisation, optionally placed in teams with a team role. */
export async function buildMember(
  db: Database,
  overrides: Partial<typeof members.$inferInsert> & {
    orgId: string;
    teams?: { teamId: string; teamRole?: 'MANAGER' | 'REGULAR_MEMBER' }[];
  },
) {
  const { teams: memberTeams = [], ...rest } = overrides;
  const id = unique();
  const [row] = await db
    .insert(members)
    .values({ name: `Member ${id}`, email: `member-${id}@example.com`, hasLicense: true, ...rest })
    .returning();
  if (memberTeams.length > 0) {
    await db.insert(teamMemberships).values(
      memberTeams.map((t) => ({
        teamId: t.teamId,
        memberId: row.id,
        teamRole: t.teamRole ?? 'REGULAR_MEMBER',
      })),
    );
  }
  return row;
}

/** Manager: an admin account (role MANAGER) whose member identity manages the given teams. */
export async function buildManager(
  db: Database,
  options: { orgId: string; teamIds: string[]; email?: string },
) {
  const email = options.email ?? `manager-${unique()}@example.com`;
  const member = await buildMember(db, {
    orgId: options.orgId,
    email,
    orgRole: 'MANAGER',
    teams: options.teamIds.map((teamId) => ({ teamId, teamRole: 'MANAGER' as const })),
  });
  return buildAdmin(db, {
    orgId: options.orgId,
    email,
    role: 'MANAGER',
    memberId: member.id,
    name: member.name,
  });
}

/** Candidate with one open challenge; they sign in with their e-mail and the challenge code. */
export async function buildCandidate(
  db: Database,
  overrides: { orgId: string; email?: string; code?: string },
) {
  const [candidate] = await db
    .insert(candidates)
    .values({
      orgId: overrides.orgId,
      name: 'Cand Idate',
      email: overrides.email ?? `cand-${unique()}@example.com`,
    })
    .returning();
  const [challenge] = await db
    .insert(challenges)
    .values({
      orgId: overrides.orgId,
      candidateId: candidate.id,
      code: overrides.code ?? randomUUID().slice(0, 8).toUpperCase(),
    })
    .returning();
  return { candidate, challenge };
}

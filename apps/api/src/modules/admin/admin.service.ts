import type {
  Admin,
  AdminAuthResponse,
  AdminSignUpRequest,
  adminSignUpRequestSchema,
  ProductAccess,
} from '@agaton/contracts';
import { admins, hashPassword, organisations, type StoredProductAccess, teams } from '@agaton/db';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { managedTeamIds } from '../../lib/policy.ts';
import { isDemoDashboardIdentity } from '../assistant/index.ts';
import { consumeSocialToken, issueSession, mailVerificationLink, type Subject } from '../auth/index.ts';
import { readSettledAccess } from './trial.service.ts';

/** A new workspace can start a 7-day trial of each product (spec 2 §4); nothing is granted yet. */
export function newWorkspaceAccess(): StoredProductAccess {
  const available = { haveAccess: false, status: 'trial-available' as const };
  return {
    aiCoach: { ...available },
    recruitment: { ...available, testsLeftCount: 0 },
    onboarding: { ...available },
    training: { ...available, maxUserCount: 0 },
  };
}

/** The Admin contract for one admin: organisation, managed teams and product access. */
export async function getAdmin(ctx: AppContext, adminId: string): Promise<Admin> {
  const [row] = await ctx.db
    .select({ admin: admins, org: organisations })
    .from(admins)
    .innerJoin(organisations, eq(organisations.id, admins.orgId))
    .where(eq(admins.id, adminId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not found your account. Please sign-in again');
  const scope = await managedTeamIds(ctx, row.admin);
  const managedTeams =
    scope === null
      ? await ctx.db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(eq(teams.orgId, row.org.id))
          .orderBy(asc(teams.name))
      : scope.length
        ? await ctx.db
            .select({ id: teams.id, name: teams.name })
            .from(teams)
            .where(inArray(teams.id, scope))
            .orderBy(asc(teams.name))
        : [];
  return {
    id: row.admin.id,
    name: row.admin.name,
    email: row.admin.email,
    organizationInfo: {
      id: row.org.id,
      name: row.org.name,
      industry: row.org.industry,
      department: row.org.department,
      managedTeams,
    },
    productAccess: (await readSettledAccess(ctx, {
      orgId: row.org.id,
      stored: row.org.productAccess ?? newWorkspaceAccess(),
    })) as ProductAccess,
    availablePositions: row.admin.availablePositions,
    enabledFeatures: row.admin.enabledFeatures,
    role: row.admin.role,
    demoDashboard: isDemoDashboardIdentity(ctx.config, row.admin),
  };
}

/** Signs an admin in: tokens plus the Admin body the dashboard needs at once. */
export async function adminSession(
  ctx: AppContext,
  subject: Subject,
  /** A code from POST /api/code continues the refresh family it was minted from. */
  familyId?: string,
): Promise<AdminAuthResponse> {
  const session = await issueSession(ctx, subject, familyId);
  const admin = await getAdmin(ctx, subject.id);
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    accessTokenExpiresInSeconds: session.accessTokenExpiresInSeconds,
    admin,
    availablePositions: admin.availablePositions,
    enabledFeatures: admin.enabledFeatures,
  };
}

/**
 * Creates an organisation and its owner in one transaction, then signs in.
 * 409 ACCOUNT_EXISTS when an admin with this e-mail exists.
 */
export async function signUpAdmin(
  ctx: AppContext,
  body: z.output<typeof adminSignUpRequestSchema> | AdminSignUpRequest,
): Promise<AdminAuthResponse> {
  const email = 'email' in body ? body.email : (await consumeSocialToken(ctx, body.firebaseAuthToken)).email;
  const passwordHash = 'password' in body && body.password ? await hashPassword(body.password) : null;
  const [existing] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  if (existing) throw new AppError('ACCOUNT_EXISTS');
  const lastName = body.lastName ?? '';
  const adminId = await ctx.db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({
        name: body.organization,
        industry: body.industry,
        department: body.department,
        productAccess: newWorkspaceAccess(),
      })
      .returning({ id: organisations.id });
    const [admin] = await tx
      .insert(admins)
      .values({
        orgId: org.id,
        email,
        passwordHash,
        name: [body.firstName, lastName].filter(Boolean).join(' '),
        firstName: body.firstName,
        lastName,
        role: 'OWNER',
      })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    // Lost a race with a concurrent sign-up for the same e-mail: undo the organisation too.
    if (!admin) throw new AppError('ACCOUNT_EXISTS');
    return admin.id;
  });
  // The owner proves the e-mail by link before any identity provider may sign in to this account.
  await mailVerificationLink(ctx, { kind: 'admin', id: adminId, email });
  return adminSession(ctx, { kind: 'admin', id: adminId, realm: 'whiskey-admin' });
}

/** PUT /admin: the admin's own name and test positions. */
export async function updateAdmin(
  ctx: AppContext,
  options: { adminId: string; name?: string; availablePositions?: string[] },
): Promise<Admin> {
  const changes: Partial<typeof admins.$inferInsert> = {};
  if (options.name !== undefined) {
    const [firstName, ...rest] = options.name.split(/\s+/);
    Object.assign(changes, { name: options.name, firstName, lastName: rest.join(' ') });
  }
  if (options.availablePositions !== undefined) changes.availablePositions = options.availablePositions;
  if (Object.keys(changes).length > 0) {
    await ctx.db.update(admins).set(changes).where(eq(admins.id, options.adminId));
  }
  return getAdmin(ctx, options.adminId);
}

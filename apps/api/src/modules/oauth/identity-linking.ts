import { OAUTH_CALLBACK_ERRORS, type OAuthCallbackError, type Realm } from '@agaton/contracts';
import { admins, federatedIdentities, users } from '@agaton/db';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { createCoachUser, type Subject } from '../auth/index.ts';

/** What the identity provider asserted, from its verified ID token and UserInfo. */
export interface ProviderIdentity {
  /** `iss` of the ID token (checked by openid-client against the discovered issuer). */
  issuer: string;
  subject: string;
  email?: string;
  /** True only for `email_verified: true`; a missing claim is not a verification. */
  emailVerified: boolean;
  firstName?: string;
}

interface LinkRequest {
  realm: Realm;
  authType: 'sign-in' | 'sign-up';
  /** Set for organisation SSO: the organisation whose identity provider answered. */
  sso?: { orgId: string; domains: string[] };
}

type AccountKind = 'user' | 'admin';
export type LinkOutcome = { subject: Subject } | { error: OAuthCallbackError };

const subjectOf = (kind: AccountKind, id: string): Subject =>
  kind === 'admin' ? { kind, id, realm: 'whiskey-admin' } : { kind, id, realm: 'whiskey' };

/**
 * Organisation SSO reaches only that organisation's admins. Coach accounts belong to no organisation:
 * for them the organisation's SSO domains (checked on the e-mail) are the boundary.
 */
async function outsideOrganisation(ctx: AppContext, kind: AccountKind, id: string, sso: LinkRequest['sso']) {
  if (!sso || kind !== 'admin') return false;
  const [row] = await ctx.db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, id), eq(admins.orgId, sso.orgId)));
  return !row;
}

async function link(
  ctx: AppContext,
  identity: ProviderIdentity,
  kind: AccountKind,
  id: string,
  email: string,
) {
  await ctx.db
    .insert(federatedIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, subjectKind: kind, subjectId: id, email })
    .onConflictDoNothing();
}

/**
 * The account an identity provider's answer signs in to (issue 16 part 4, docs/decisions/020):
 * 1. an (issuer, subject) linked before signs in to its account, whatever e-mail the provider now says;
 * 2. otherwise the provider must say `email_verified: true`, the account with that e-mail must have
 *    verified it too, and then the identity is linked;
 * 3. organisation SSO links only by an e-mail of one of the organisation's SSO domains, and reaches
 *    only that organisation's admins (and coach accounts);
 * 4. a coach sign-up with a verified e-mail and no account creates the account (verified) and links it.
 */
export async function accountForIdentity(
  ctx: AppContext,
  request: LinkRequest,
  identity: ProviderIdentity,
): Promise<LinkOutcome> {
  const kind: AccountKind = request.realm === 'whiskey-admin' ? 'admin' : 'user';
  const [linked] = await ctx.db
    .select({ id: federatedIdentities.id, subjectId: federatedIdentities.subjectId })
    .from(federatedIdentities)
    .where(
      and(
        eq(federatedIdentities.issuer, identity.issuer),
        eq(federatedIdentities.subject, identity.subject),
        eq(federatedIdentities.subjectKind, kind),
      ),
    );
  if (linked) {
    if (await outsideOrganisation(ctx, kind, linked.subjectId, request.sso)) {
      return { error: OAUTH_CALLBACK_ERRORS.ssoNotAllowed };
    }
    await ctx.db
      .update(federatedIdentities)
      .set({ lastUsedAt: new Date() })
      .where(eq(federatedIdentities.id, linked.id));
    return { subject: subjectOf(kind, linked.subjectId) };
  }

  const email = identity.email?.toLowerCase();
  if (!email) return { error: OAUTH_CALLBACK_ERRORS.emailMissing };
  if (!identity.emailVerified) return { error: OAUTH_CALLBACK_ERRORS.emailUnverified };
  if (request.sso && !request.sso.domains.includes(email.split('@')[1] ?? '')) {
    return { error: OAUTH_CALLBACK_ERRORS.ssoNotAllowed };
  }

  const table = kind === 'admin' ? admins : users;
  const [account] = await ctx.db
    .select({ id: table.id, emailVerifiedAt: table.emailVerifiedAt })
    .from(table)
    .where(eq(table.email, email));
  if (account) {
    if (await outsideOrganisation(ctx, kind, account.id, request.sso)) {
      return { error: OAUTH_CALLBACK_ERRORS.ssoNotAllowed };
    }
    // Whoever registered this e-mail here never proved it: a provider account with the same address
    // (perhaps its real owner, perhaps not) must not take the account over.
    if (!account.emailVerifiedAt) return { error: OAUTH_CALLBACK_ERRORS.accountUnverified };
    await link(ctx, identity, kind, account.id, email);
    return { subject: subjectOf(kind, account.id) };
  }

  if (kind === 'admin' || request.authType !== 'sign-up') return { error: OAUTH_CALLBACK_ERRORS.noAccount };
  const created = await createCoachUser(ctx, { email, firstName: identity.firstName, emailVerified: true });
  await link(ctx, identity, 'user', created.id, email);
  return { subject: subjectOf('user', created.id) };
}

import type { AuthFlowRequest, AuthFlowResponse, OAuthProvider, Realm } from '@agaton/contracts';
import { admins, oauthStates, organisations, users } from '@agaton/db';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { createCoachUser, firstNameFromEmail } from '../auth/auth.service.ts';
import { issueCode, type Subject } from '../auth/sessions.ts';
import {
  authorizationUrl,
  exchangeCode,
  type OidcClientSettings,
  oidcConfiguration,
  randomCodeVerifier,
  randomNonce,
  randomState,
} from './oidc-client.ts';

const STATE_TTL_MS = 10 * 60 * 1000;

interface StartOptions {
  realm: Realm;
  authType: 'sign-in' | 'sign-up';
  redirect?: string;
  loginHint?: string;
}

function callbackUrl(ctx: AppContext) {
  return `${ctx.config.PUBLIC_URL}/api/oauth/callback`;
}

function providerSettings(ctx: AppContext, provider: OAuthProvider): OidcClientSettings {
  const configured = ctx.config.providers[provider];
  if (!configured) throw new AppError('PROVIDER_NOT_CONFIGURED');
  return { ...configured, allowInsecure: ctx.config.OIDC_ALLOW_INSECURE };
}

/** The organisation whose SSO covers this e-mail's domain, if any. */
export async function ssoOrganisationFor(ctx: AppContext, email: string) {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain) return undefined;
  const [org] = await ctx.db
    .select()
    .from(organisations)
    .where(
      and(
        isNotNull(organisations.ssoIssuer),
        isNotNull(organisations.ssoClientId),
        sql`${organisations.ssoDomains} @> ${JSON.stringify([domain])}::jsonb`,
      ),
    )
    .limit(1);
  return org;
}

async function beginAuthorization(
  ctx: AppContext,
  settings: OidcClientSettings,
  provider: string,
  options: StartOptions & { orgId?: string },
) {
  const config = await oidcConfiguration(settings);
  const state = randomState();
  const nonce = randomNonce();
  const codeVerifier = randomCodeVerifier();
  await ctx.db.insert(oauthStates).values({
    state,
    provider,
    codeVerifier,
    nonce,
    realm: options.realm,
    authType: options.authType,
    redirect: options.redirect,
    orgId: options.orgId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return authorizationUrl(config, {
    redirectUri: callbackUrl(ctx),
    state,
    nonce,
    codeVerifier,
    loginHint: options.loginHint,
  });
}

/** Google / Microsoft: URL to send the browser to, or 501 when the provider is not configured. */
export function startProvider(ctx: AppContext, provider: OAuthProvider, options: StartOptions) {
  return beginAuthorization(ctx, providerSettings(ctx, provider), provider, options);
}

/** Organisation SSO by e-mail domain; 501 when no organisation has SSO for it. */
export async function startSso(ctx: AppContext, email: string, options: StartOptions) {
  const org = await ssoOrganisationFor(ctx, email);
  if (!org?.ssoIssuer || !org.ssoClientId) throw new AppError('PROVIDER_NOT_CONFIGURED');
  const settings = {
    issuer: org.ssoIssuer,
    clientId: org.ssoClientId,
    clientSecret: org.ssoClientSecret ?? '',
    allowInsecure: ctx.config.OIDC_ALLOW_INSECURE,
  };
  return beginAuthorization(ctx, settings, 'sso', { ...options, orgId: org.id, loginHint: email });
}

/** First sign-in stage: ask for a password, or send SSO organisations to their identity provider. */
export async function authFlow(ctx: AppContext, request: AuthFlowRequest): Promise<AuthFlowResponse> {
  const email = request.email.toLowerCase();
  if (await ssoOrganisationFor(ctx, email)) {
    const redirectUrl = await startSso(ctx, email, {
      realm: request.realm,
      authType: request.authType,
      redirect: request.redirectParam,
    });
    return { askForPassword: false, redirectUrl };
  }
  return { askForPassword: true };
}

/** Finds (or, for coach sign-up, creates) the account the verified e-mail belongs to. */
async function subjectFor(
  ctx: AppContext,
  state: { realm: Realm; authType: 'sign-in' | 'sign-up' },
  claims: { email: string; firstName?: string },
): Promise<Subject | undefined> {
  if (state.realm === 'whiskey-admin') {
    const [admin] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.email, claims.email));
    return admin ? { kind: 'admin', id: admin.id, realm: 'whiskey-admin' } : undefined;
  }
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, claims.email));
  if (user) return { kind: 'user', id: user.id, realm: 'whiskey' };
  if (state.authType !== 'sign-up') return undefined;
  const created = await createCoachUser(ctx, {
    email: claims.email,
    firstName: claims.firstName ?? firstNameFromEmail(claims.email),
  });
  return { kind: 'user', id: created.id, realm: 'whiskey' };
}

/**
 * Completes the provider round-trip and returns where the browser goes next: the SPA's OAuth callback
 * route with a one-time code, or with an `error` when the sign-in cannot continue.
 */
export async function completeAuthorization(ctx: AppContext, currentUrl: URL): Promise<string> {
  const target = new URL('/coach/oauth2-redirect', ctx.config.PUBLIC_URL);
  const stateParam = currentUrl.searchParams.get('state');
  const [state] = stateParam
    ? await ctx.db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, stateParam), gt(oauthStates.expiresAt, new Date())))
        .returning()
    : [];
  if (!state) {
    target.searchParams.set('error', 'invalid_state');
    return target.href;
  }
  target.searchParams.set('realm', state.realm);
  target.searchParams.set('auth-type', state.authType);
  if (state.redirect) target.searchParams.set('redirect', state.redirect);
  try {
    const settings = await settingsForState(ctx, state.provider, state.orgId);
    const claims = await exchangeCode(await oidcConfiguration(settings), currentUrl, state);
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email || claims.email_verified === false) {
      target.searchParams.set('error', 'email_missing');
      return target.href;
    }
    const firstName = typeof claims.given_name === 'string' ? claims.given_name : undefined;
    const subject = await subjectFor(ctx, state, { email, firstName });
    if (!subject) {
      target.searchParams.set('error', 'no_account');
      return target.href;
    }
    target.searchParams.set('code', await issueCode(ctx, subject));
    return target.href;
  } catch (error) {
    ctx.log.warn({ err: error, provider: state.provider }, 'OpenID Connect callback failed');
    target.searchParams.set('error', 'oauth_failed');
    return target.href;
  }
}

async function settingsForState(ctx: AppContext, provider: string, orgId: string | null) {
  if (provider === 'google' || provider === 'microsoft') return providerSettings(ctx, provider);
  const [org] = orgId ? await ctx.db.select().from(organisations).where(eq(organisations.id, orgId)) : [];
  if (!org?.ssoIssuer || !org.ssoClientId) throw new AppError('PROVIDER_NOT_CONFIGURED');
  return {
    issuer: org.ssoIssuer,
    clientId: org.ssoClientId,
    clientSecret: org.ssoClientSecret ?? '',
    allowInsecure: ctx.config.OIDC_ALLOW_INSECURE,
  };
}

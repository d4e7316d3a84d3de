import {
  type AuthFlowRequest,
  type AuthFlowResponse,
  OAUTH_CALLBACK_ERRORS,
  type OAuthProvider,
  type Realm,
} from '@agaton/contracts';
import { oauthStates, organisations } from '@agaton/db';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../lib/context.ts';
import { issueCode } from '../auth/index.ts';
import { accountForIdentity } from './identity-linking.ts';
import {
  authorizationUrl,
  exchangeCode,
  type OidcClientSettings,
  oidcConfiguration,
  randomCodeVerifier,
  randomNonce,
  randomState,
} from './oidc-client.ts';
import { readSsoClientSecret } from './sso-secrets.ts';

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
    clientSecret: await readSsoClientSecret(ctx, org),
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
    target.searchParams.set('error', OAUTH_CALLBACK_ERRORS.invalidState);
    return target.href;
  }
  target.searchParams.set('realm', state.realm);
  target.searchParams.set('auth-type', state.authType);
  if (state.redirect) target.searchParams.set('redirect', state.redirect);
  try {
    const { settings, sso } = await settingsForState(ctx, state.provider, state.orgId);
    const claims = await exchangeCode(await oidcConfiguration(settings), currentUrl, state);
    const outcome = await accountForIdentity(
      ctx,
      { realm: state.realm, authType: state.authType, sso },
      {
        issuer: String(claims.iss),
        subject: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : undefined,
        // Only an explicit true: a provider that says nothing has not verified the address.
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      },
    );
    if ('error' in outcome) {
      ctx.log.info({ provider: state.provider, outcome: outcome.error }, 'OpenID Connect sign-in refused');
      target.searchParams.set('error', outcome.error);
      return target.href;
    }
    target.searchParams.set('code', await issueCode(ctx, outcome.subject));
    return target.href;
  } catch (error) {
    ctx.log.warn({ err: error, provider: state.provider }, 'OpenID Connect callback failed');
    target.searchParams.set('error', OAUTH_CALLBACK_ERRORS.failed);
    return target.href;
  }
}

/** The client settings of the round-trip's provider, and for organisation SSO whose rules apply. */
async function settingsForState(ctx: AppContext, provider: string, orgId: string | null) {
  if (provider === 'google' || provider === 'microsoft') return { settings: providerSettings(ctx, provider) };
  const [org] = orgId ? await ctx.db.select().from(organisations).where(eq(organisations.id, orgId)) : [];
  if (!org?.ssoIssuer || !org.ssoClientId) throw new AppError('PROVIDER_NOT_CONFIGURED');
  return {
    settings: {
      issuer: org.ssoIssuer,
      clientId: org.ssoClientId,
      clientSecret: await readSsoClientSecret(ctx, org),
      allowInsecure: ctx.config.OIDC_ALLOW_INSECURE,
    },
    sso: { orgId: org.id, domains: org.ssoDomains.map((domain) => domain.toLowerCase()) },
  };
}

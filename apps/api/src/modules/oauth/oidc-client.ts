import * as client from 'openid-client';

const configurations = new Map<string, Promise<client.Configuration>>();

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Allows http:// issuers (loopback tests, local identity servers). */
  allowInsecure: boolean;
}

/** Discovers an issuer once per process; a failed discovery is retried on the next call. */
export function oidcConfiguration(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let pending = configurations.get(key);
  if (!pending) {
    pending = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    pending.catch(() => configurations.delete(key));
    configurations.set(key, pending);
  }
  return pending;
}

/** Authorization URL with PKCE (S256), state and nonce. */
export async function authorizationUrl(
  config: client.Configuration,
  options: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
) {
  const params: Record<string, string> = {
    redirect_uri: options.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: options.state,
    nonce: options.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(options.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (options.loginHint) params.login_hint = options.loginHint;
  return client.buildAuthorizationUrl(config, params).href;
}

/**
 * Exchanges the callback's code and returns the verified identity claims. Providers may keep e-mail
 * and profile out of the ID token (oidc-provider does in the code flow), so those come from UserInfo.
 */
export async function exchangeCode(
  config: client.Configuration,
  currentUrl: URL,
  checks: { codeVerifier: string; state: string; nonce: string },
) {
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider returned no ID token');
  if (typeof claims.email === 'string') return claims as Record<string, unknown>;
  const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { ...claims, ...userInfo } as Record<string, unknown>;
}

export const randomState = client.randomState;
export const randomNonce = client.randomNonce;
export const randomCodeVerifier = client.randomPKCECodeVerifier;

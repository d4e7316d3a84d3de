import {
  type AdminAuthRequest,
  type AdminAuthResponse,
  type AdminSignUpRequest,
  type AuthFlowRequest,
  type AuthFlowResponse,
  type AuthSession,
  type CodeResponse,
  type OAuthProvider,
  REALMS,
  type Realm,
  type SignUpResponse,
  type VerifyEmailResponse,
} from '@agaton/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { storeSession } from '../../../lib/session';

/** First sign-in stage: the server says whether to ask for a password or to redirect (SSO). */
export const getAuthFlow = (body: AuthFlowRequest) =>
  api.request<AuthFlowResponse>('/auth-flow', { method: 'POST', body });

/** Coach password sign-in: password → one-time code → tokens (stored as the user token). */
export async function coachPasswordSignIn(email: string, password: string): Promise<AuthSession> {
  const { code } = await api.request<CodeResponse>('/authn/password', {
    method: 'POST',
    body: { username: email, password, realm: REALMS.coach },
  });
  return exchangeCoachCode(code);
}

/** Exchanges a one-time code (sign-in, sign-up or OAuth callback) for stored user tokens. */
export async function exchangeCoachCode(code: string): Promise<AuthSession> {
  const session = await api.request<AuthSession>('/token', { method: 'POST', body: { code } });
  storeSession('user', session);
  return session;
}

export async function coachSignUp(email: string, password: string): Promise<AuthSession> {
  const { authCode } = await api.request<SignUpResponse>('/authn/sign-up', {
    method: 'POST',
    body: { email, password },
  });
  return exchangeCoachCode(authCode);
}

/** Desktop-app one-time code from the stored refresh token. */
export async function getDesktopCode(): Promise<string> {
  const refreshToken = api.tokens.get('user')?.refreshToken;
  if (!refreshToken) throw new ApiError(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
  const { code } = await api.request<CodeResponse>('/code', { method: 'POST', body: { refreshToken } });
  return code;
}

export const coachRequestPasswordReset = (email: string) =>
  api.request<void>('/password-reset-request', { method: 'POST', body: { username: email } });

export const coachUpdatePassword = (token: string, password: string) =>
  api.request<void>('/password', { method: 'PUT', bearer: token, body: { password } });

/** Verifies an account's e-mail with the token of the link we mailed (single use). */
export const verifyEmail = (token: string) =>
  api.request<VerifyEmailResponse>('/auth/verify-email', { method: 'POST', body: { token } });

/** Mails a new verification link if the realm has an unverified account with this e-mail (always 204). */
export const resendVerificationEmail = (email: string, realm: Realm) =>
  api.request<void>('/auth/verify-email/resend', { method: 'POST', body: { email, realm } });

/** Admin sign-in with a password, a social token or an OAuth code; stores the admin token. */
export async function adminSignIn(body: AdminAuthRequest): Promise<AdminAuthResponse> {
  const answer = await api.request<AdminAuthResponse>('/admin/auth', { method: 'POST', body });
  storeSession('admin', answer);
  return answer;
}

/** GET /api/admin/auth?email — a 404 means there is no such admin. */
export async function adminExists(email: string): Promise<boolean> {
  try {
    await api.request('/admin/auth', { query: { email } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export const adminRequestPasswordReset = (email: string) =>
  api.request<void>('/admin/auth/forgot-password', { method: 'POST', body: { email } });

export const adminResetPassword = (token: string, password: string) =>
  api.request<void>('/admin/auth/reset-password', { method: 'POST', bearer: token, body: { password } });

/** Creates the admin with a new workspace; the answer signs the admin in. */
export async function createAdminWithWorkspace(body: AdminSignUpRequest): Promise<AdminAuthResponse> {
  const answer = await api.request<AdminAuthResponse>('/admin', { method: 'POST', body });
  storeSession('admin', answer);
  return answer;
}

/** URL of the server route that starts a social sign-in with Google or Microsoft. */
export function oauthStartUrl(
  provider: OAuthProvider,
  params: { realm: Realm; authType: 'sign-in' | 'sign-up'; redirect?: string },
): string {
  const query = new URLSearchParams({ realm: params.realm, authType: params.authType });
  if (params.redirect) query.set('redirect', params.redirect);
  return `/api/oauth/${provider}/start?${query}`;
}

/**
 * Checks that the provider is configured before leaving the page: a configured provider answers with a
 * redirect (opaque to fetch with redirect 'manual'); an unconfigured one answers 501 with the reason.
 */
export async function startOAuth(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', headers: { accept: 'application/json' } });
  } catch {
    window.location.assign(url);
    return;
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    window.location.assign(url);
    return;
  }
  const body = await response.json().catch(() => undefined);
  const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
  throw new ApiError(response.status, message ?? 'Something went wrong. Please try again later.');
}

import { z } from 'zod';
import {
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  realmSchema,
  tokenKindSchema,
} from './common.ts';
import { assessmentStatusSchema, candidateContentSchema } from './recruitment.ts';

/** What an OAuth start is for. */
export const AUTH_TYPES = ['sign-in', 'sign-up'] as const;

/** POST /api/auth-flow — first stage of the two-stage sign-in. */
export const authFlowRequestSchema = z.object({
  email: emailSchema,
  authType: z.enum(AUTH_TYPES),
  realm: realmSchema,
  redirectParam: z.string().max(2048).optional(),
});
export const authFlowResponseSchema = z.object({
  askForPassword: z.boolean(),
  redirectUrl: z.string().optional(),
});
export type AuthFlowRequest = z.input<typeof authFlowRequestSchema>;
export type AuthFlowResponse = z.infer<typeof authFlowResponseSchema>;

/** POST /api/authn/password */
export const passwordSignInRequestSchema = z.object({
  username: emailSchema,
  password: loginPasswordSchema,
  realm: realmSchema.optional(),
});
export type PasswordSignInRequest = z.input<typeof passwordSignInRequestSchema>;

/** A social token: here the one-time code our OIDC callback issued (field name kept from the spec). */
export const socialTokenRequestSchema = z.object({ firebaseAuthToken: z.string().min(1).max(512) });
export type SocialTokenRequest = z.infer<typeof socialTokenRequestSchema>;

/** Answer of /authn/password, /authn/social and /code. */
export const codeResponseSchema = z.object({ code: z.string() });
export type CodeResponse = z.infer<typeof codeResponseSchema>;

/** POST /api/authn/sign-up */
export const signUpRequestSchema = z.union([
  z.object({ email: emailSchema, password: newPasswordSchema }),
  socialTokenRequestSchema,
]);
export const signUpResponseSchema = z.object({ authCode: z.string() });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** POST /api/token — exchange a one-time code or rotate a refresh token. */
export const tokenRequestSchema = z.union([
  z.object({ code: z.string().min(1).max(512) }),
  z.object({ refreshToken: z.string().min(1).max(512) }),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** POST /api/token/revoke — logout: ends the sign-in this refresh token belongs to. */
export const tokenRevokeRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const identitySchema = z.object({
  id: z.string(),
  email: z.string(),
  kind: tokenKindSchema,
  realm: realmSchema,
});
export type Identity = z.infer<typeof identitySchema>;

export const authSessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresInSeconds: z.number().int(),
  identity: identitySchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** POST /api/code — desktop-app one-time code. */
export const codeRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** POST /api/password-reset-request */
export const passwordResetRequestSchema = z.object({ username: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/verify-email: the token from the verification link (issue 16 part 4). */
export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(256) });
export const verifyEmailResponseSchema = z.object({ email: z.string(), realm: realmSchema });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email/resend: always 204, so it never tells whether an account exists. */
export const resendVerificationRequestSchema = z.object({ email: emailSchema, realm: realmSchema });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

/** PUT /api/password (bearer: reset token) */
export const passwordUpdateRequestSchema = z.object({ password: newPasswordSchema });
export type PasswordUpdateRequest = z.infer<typeof passwordUpdateRequestSchema>;

/** Claims carried by every access token. */
/**
 * Every id in a token is a database UUID: a validly signed token carrying anything else is refused as
 * invalid (401) instead of reaching a query that would fail on it.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.guid(),
  kind: tokenKindSchema,
  realm: realmSchema,
  orgId: z.guid().optional(),
  /** Candidate tokens: the challenge they were issued for (every assessment call is limited to it). */
  challengeId: z.guid().optional(),
  /** The refresh family the token was issued in: revoking the family ends the token within a minute. */
  fid: z.guid().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** GET /api/oauth/{google|microsoft}/start query. */
export const oauthProviderSchema = z.enum(['google', 'microsoft']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;
export const oauthStartQuerySchema = z.object({
  realm: realmSchema.default('whiskey'),
  authType: z.enum(AUTH_TYPES).default('sign-in'),
  redirect: z.string().max(2048).optional(),
});
export const ssoStartQuerySchema = z.object({
  email: emailSchema,
  realm: realmSchema.default('whiskey'),
  authType: z.enum(AUTH_TYPES).default('sign-in'),
  redirect: z.string().max(2048).optional(),
});

/** POST /api/challenge/auth — candidate sign-in with the username and password they were sent. */
export const challengeAuthRequestSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: loginPasswordSchema,
});
/**
 * The candidate's test as they resume it: the challenge, the drawn test (no answers) and where they
 * are. POST /api/challenge/auth answers it with a token; GET /api/assessment (candidate token) without.
 */
export const candidateTestSchema = z.object({
  challenge: z.object({
    id: z.string(),
    createTime: z.string(),
    completedAt: z.string().nullable(),
    code: z.string(),
    isExpired: z.boolean(),
    candidateName: z.string(),
    candidateEmail: z.string(),
  }),
  content: candidateContentSchema,
  organization: z.object({ id: z.string(), name: z.string() }),
  /** Extension: where the candidate is (a reload or a new sign-in resumes here). */
  assessmentStatus: assessmentStatusSchema,
});
export type CandidateTest = z.infer<typeof candidateTestSchema>;
/** POST /api/challenge/auth: the candidate's test and a candidate token for the assessment calls. */
export const candidateTestAuthResponseSchema = candidateTestSchema.extend({ token: z.string() });
export type CandidateTestAuthResponse = z.infer<typeof candidateTestAuthResponseSchema>;
export type ChallengeAuthRequest = z.infer<typeof challengeAuthRequestSchema>;
/** The answer of POST /api/challenge/auth (the name the web client has used so far). */
export type ChallengeAuthResponse = CandidateTestAuthResponse;

/** GET /api/health */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** GET /api/dev/outbox */
export const outboxEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.array(outboxEntrySchema);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

import { z } from 'zod';
import { socialTokenRequestSchema } from './auth.ts';
import {
  departmentSchema,
  emailSchema,
  industrySchema,
  loginPasswordSchema,
  newPasswordSchema,
  requiredString,
} from './common.ts';

/** An organisation admin's role: the owner, or a manager of some of its teams (spec 3 §6). */
export const ADMIN_ROLES = ['OWNER', 'MANAGER'] as const;

/** Products an organisation can have access to (spec 2 §3). */
export const PRODUCTS = ['aiCoach', 'recruitment', 'onboarding', 'training'] as const;
export const productSchema = z.enum(PRODUCTS);
export type Product = z.infer<typeof productSchema>;

/** Access plan status (spec 1 §4, spec 2 §3). */
export const ACCESS_STATUSES = [
  'trial-available',
  'trial-active',
  'trial-ended',
  'subscription-active',
  'subscription-ended',
] as const;
export const accessStatusSchema = z.enum(ACCESS_STATUSES);
export type AccessStatus = z.infer<typeof accessStatusSchema>;

export const productAccessEntrySchema = z.object({
  haveAccess: z.boolean(),
  status: accessStatusSchema,
  testsLeftCount: z.number().int().optional(),
  maxUserCount: z.number().int().optional(),
  trialEndsAt: z.string().optional(),
});
export type ProductAccessEntry = z.infer<typeof productAccessEntrySchema>;

export const productAccessSchema = z.object({
  aiCoach: productAccessEntrySchema,
  recruitment: productAccessEntrySchema,
  onboarding: productAccessEntrySchema,
  training: productAccessEntrySchema,
});
export type ProductAccess = z.infer<typeof productAccessSchema>;

/** Access is granted with haveAccess or an active/trial status (spec 1 §4). */
export function hasProductAccess(entry: ProductAccessEntry): boolean {
  return (
    entry.haveAccess ||
    entry.status === 'subscription-active' ||
    entry.status === 'trial-active' ||
    entry.status === 'trial-ended'
  );
}

export const teamRefSchema = z.object({ id: z.string(), name: z.string() });

/** GET /api/admin */
export const adminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  organizationInfo: z.object({
    id: z.string(),
    name: z.string(),
    industry: z.string().nullable(),
    department: z.string().nullable(),
    managedTeams: z.array(teamRefSchema),
  }),
  productAccess: productAccessSchema,
  availablePositions: z.array(z.string()),
  enabledFeatures: z.array(z.string()),
  /** Extension: OWNER or MANAGER, so the dashboard shows owner-only actions (test content) read-only. */
  role: z.enum(ADMIN_ROLES).optional(),
  /** Extension: this admin is on ASSISTANT_DEMO_DASHBOARD_IDENTITIES, so sees the Insights Dashboard (spec 3 §6). */
  demoDashboard: z.boolean().optional(),
});
export type Admin = z.infer<typeof adminSchema>;

/** POST /api/admin/auth — password, social token or the one-time code from the OAuth callback. */
export const adminAuthRequestSchema = z.union([
  z.object({ username: emailSchema, password: loginPasswordSchema }),
  socialTokenRequestSchema,
  z.object({ authCode: z.string().min(1).max(512) }),
]);
export type AdminAuthRequest = z.input<typeof adminAuthRequestSchema>;

export const adminAuthResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresInSeconds: z.number().int(),
  admin: adminSchema,
  availablePositions: z.array(z.string()),
  enabledFeatures: z.array(z.string()),
});
export type AdminAuthResponse = z.infer<typeof adminAuthResponseSchema>;

/** GET /api/admin/auth?email=… (404 when no such admin) */
export const adminExistsQuerySchema = z.object({ email: emailSchema });
export const adminExistsResponseSchema = z.object({ exists: z.literal(true) });

/** POST /api/admin/auth/forgot-password */
export const adminForgotPasswordRequestSchema = z.object({ email: emailSchema });
/** POST /api/admin/auth/reset-password (bearer: reset token) */
export const adminResetPasswordRequestSchema = z.object({ password: newPasswordSchema });

const workspaceFields = {
  firstName: requiredString().pipe(z.string().max(100)),
  lastName: z.string().trim().max(100).default(''),
  organization: requiredString().pipe(z.string().max(200)),
  industry: industrySchema,
  department: departmentSchema,
};

/** POST /api/admin — create an admin with a new workspace, then sign in. */
export const adminSignUpRequestSchema = z.union([
  z.object({ email: emailSchema, password: newPasswordSchema, ...workspaceFields }),
  z.object({ firebaseAuthToken: z.string().min(1).max(512), ...workspaceFields }),
]);
export type AdminSignUpRequest = z.input<typeof adminSignUpRequestSchema>;

/** PUT /api/admin */
export const adminUpdateRequestSchema = z.object({
  name: requiredString().pipe(z.string().max(200)).optional(),
  availablePositions: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
});
export type AdminUpdateRequest = z.input<typeof adminUpdateRequestSchema>;

/**
 * Splits the name typed in the workspace form: firstName = first word, lastName = the rest (spec 1 §7).
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** GET /api/admin/account — what My Account may offer (social-only accounts have no password). */
export const adminAccountSchema = z.object({ hasPassword: z.boolean() });
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** PUT /api/admin/email — a new sign-in e-mail, confirmed with the current password. */
export const adminEmailChangeRequestSchema = z.object({
  email: emailSchema,
  currentPassword: loginPasswordSchema,
});
export type AdminEmailChangeRequest = z.input<typeof adminEmailChangeRequestSchema>;

/** PUT /api/admin/password — the other sessions end; the answer is a fresh session for the caller. */
export const adminPasswordChangeRequestSchema = z.object({
  currentPassword: loginPasswordSchema,
  newPassword: newPasswordSchema,
});
export type AdminPasswordChangeRequest = z.input<typeof adminPasswordChangeRequestSchema>;
export const adminPasswordChangeResponseSchema = adminAuthResponseSchema.pick({
  accessToken: true,
  refreshToken: true,
  accessTokenExpiresInSeconds: true,
});

/** My Account texts the specs leave open (ours). */
export const ACCOUNT_TEXTS = {
  noPassword:
    'You sign in with a social account (single sign-on), so your e-mail and password are managed there and cannot be changed here.',
  emailChangedNoticeSubject: 'Your Agaton sign-in e-mail changed',
  emailSaved: 'Your sign-in e-mail is updated.',
  passwordSaved: 'Password changed. You were signed out on your other devices; this one stays signed in.',
  nameSaved: 'Your name is saved.',
} as const;

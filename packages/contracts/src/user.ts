import { z } from 'zod';
import { socialTokenRequestSchema } from './auth.ts';
import { emailSchema, loginPasswordSchema, newPasswordSchema } from './common.ts';

/**
 * Coach feature flags (spec 1 §3). PRACTICE is ours: an accepted trainee of the English Learning App
 * (`PRACTICE_FEATURE` in training.ts, decision 018).
 */
export const COACH_FEATURES = ['DEVELOPMENT', 'ASSISTANT_CHAT', 'WEB_APP_RECORDING', 'PRACTICE'] as const;
export const coachFeatureSchema = z.enum(COACH_FEATURES);
export type CoachFeature = z.infer<typeof coachFeatureSchema>;

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'TRIALING', 'CANCELED'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** Free recording minutes granted on coach sign-up (spec 1 §9). */
export const FREE_RECORDING_MINUTES = 100;

export const planSchema = z.object({
  subscription: z.object({
    trialStart: z.string().nullable(),
    status: subscriptionStatusSchema,
    /** The paid plan once there was one, its period end (renewal or end date) and a pending cancel. */
    planId: z.string().nullable().optional(),
    currentPeriodEnd: z.string().nullable().optional(),
    cancelAtPeriodEnd: z.boolean().optional(),
  }),
  features: z.object({
    recording: z.object({ availableRecordingMinutes: z.number() }),
  }),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/app-user/me */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  enabledFeatures: z.array(coachFeatureSchema),
  goals: z.array(z.string()),
  plan: planSchema,
});
export type User = z.infer<typeof userSchema>;

/** POST /api/app-user/auth */
export const appUserAuthRequestSchema = z.union([
  z.object({ username: emailSchema, password: loginPasswordSchema }),
  socialTokenRequestSchema,
]);
export const appUserAuthResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresInSeconds: z.number().int(),
  user: userSchema,
});
export type AppUserAuthRequest = z.input<typeof appUserAuthRequestSchema>;
export type AppUserAuthResponse = z.infer<typeof appUserAuthResponseSchema>;

/** POST /api/app-user/auth/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/app-user/auth/reset-password */
export const appUserResetPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  astridToken: z.string().min(1).max(512),
});
export type AppUserResetPasswordRequest = z.infer<typeof appUserResetPasswordRequestSchema>;

import { z } from 'zod';
import { type Product, productSchema } from './admin.ts';
import { RECRUITMENT_TEXTS } from './recruitment.ts';

/** POST /api/admin/trial/start (spec 2 §7): the product whose 7-day trial starts; answers the Admin. */
export const trialStartRequestSchema = z.object({ productToTry: productSchema });
export type TrialStartRequest = z.infer<typeof trialStartRequestSchema>;

/**
 * What a product trial grants (spec 2 §1, §9; docs/decisions): 7 days; the English Test gets a few
 * tests to try on real candidates; the products counted in users get two more users than the
 * organisation has when the trial starts.
 */
export const TRIAL_GRANTS = { days: 7, recruitmentTests: 5, extraUsers: 2 } as const;

/** Product names as the dashboard shows them, in the /dashboard order (spec 2 §2). */
export const PRODUCT_NAMES: Record<Product, string> = {
  aiCoach: 'Record Meeting',
  recruitment: 'English Test',
  onboarding: 'Onboarding',
  training: 'English Learning App',
};

/** Spec texts of trials, limits and plan prompts (spec 2 §8), shared by the API, the pages and the tests. */
export const PLAN_TEXTS = {
  limitUsers: 'You have reached your users limit',
  limitTests: RECRUITMENT_TEXTS.limitTests,
  limitLicenses: 'You have reached your licenses limit',
  needMoreTests: RECRUITMENT_TEXTS.needMoreTests,
  needMoreUsers: 'Need more users or want to upgrade your plan?',
  /** 'Free trial ends {relative time}.' with the relative time already formatted ("in 7 days"). */
  trialEnds: (relative: string) => `Free trial ends ${relative}.`,
  trialNotAvailable: 'This trial has already been started.',
  ownersOnly: 'Only the workspace owner can start a trial.',
} as const;

/** Limit kinds of the limit-reached modal. */
export type LimitKind = 'users' | 'tests' | 'licenses';

/** Licences left (spec 2 §9): maxUserCount minus current users, never below 0. */
export function licencesLeft(maxUserCount: number | undefined, users: number): number {
  return Math.max(0, (maxUserCount ?? 0) - users);
}

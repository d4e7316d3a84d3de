import { z } from 'zod';
import { emailSchema } from './common.ts';
import { FREE_RECORDING_MINUTES, subscriptionStatusSchema } from './user.ts';

/** The free trial of every product (spec 1 §1, §9): 7 days, with 100 recording minutes for coaches. */
export const TRIAL = { days: 7, recordingMinutes: FREE_RECORDING_MINUTES } as const;

/** Plans of the upgrade modal and the pricing page (spec 1 §1). */
export const PLAN_IDS = ['record-meeting', 'english-test', 'english-learning-app'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export interface PlanOffer {
  id: PlanId;
  name: string;
  /** Whole euros; null = price on request. */
  priceEuros: number | null;
  /** What the price is for ('per licence per month'); empty when on request. */
  priceUnit: string;
  summary: string;
  features: readonly string[];
  /** How the page sells it: a self-service checkout, or the contact-sales form. */
  action: 'checkout' | 'contact-sales';
  /** Our price id for the checkout request (each provider maps it to its own). */
  priceId: string | null;
  /** Recording minutes the plan grants each billing period (docs/decisions/014-billing.md). */
  monthlyRecordingMinutes: number | null;
}

/** Monthly recording allowance of a Record Meeting licence: 20 hours, a meeting every working day. */
export const RECORD_MEETING_MONTHLY_MINUTES = 1200;

export const PLANS: readonly PlanOffer[] = [
  {
    id: 'record-meeting',
    name: 'Record Meeting',
    priceEuros: 100,
    priceUnit: 'per licence per month',
    summary: 'Record your meetings and get coaching on every one of them.',
    features: [
      `${RECORD_MEETING_MONTHLY_MINUTES.toLocaleString('en-GB')} recording minutes every month`,
      'Feedback on pronunciation, fluency and intelligibility',
      'Weekly coaching reports and insights',
    ],
    action: 'checkout',
    priceId: 'record-meeting-monthly',
    monthlyRecordingMinutes: RECORD_MEETING_MONTHLY_MINUTES,
  },
  {
    id: 'english-test',
    name: 'English Test',
    priceEuros: 10,
    priceUnit: 'per test',
    summary: 'Timed speaking, reading and comprehension tests for your candidates.',
    features: ['Speaking, reading and comprehension tasks', 'Scored reports per candidate', 'CEFR levels'],
    action: 'contact-sales',
    priceId: null,
    monthlyRecordingMinutes: null,
  },
  {
    id: 'english-learning-app',
    name: 'English Learning App',
    priceEuros: null,
    priceUnit: '',
    summary: 'Training for your whole team, with practice, goals and progress reports.',
    features: ['Invite trainees and teams', 'Practice with feedback', 'Team insights for managers'],
    action: 'contact-sales',
    priceId: null,
    monthlyRecordingMinutes: null,
  },
];

/** The plan with this id, or undefined for an unknown one (the subscribe page sends it to pricing). */
export function findPlan(id: string | undefined): PlanOffer | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export const billingProviderSchema = z.enum(BILLING_PROVIDERS);
export type BillingProviderName = z.infer<typeof billingProviderSchema>;

/** GET /api/billing/current-plan (spec 1 §3 "Current plan", plus what the pages show). */
export const currentPlanSchema = z.object({
  subscription: z.object({
    trialStart: z.string().nullable(),
    status: subscriptionStatusSchema,
    /** When the 7-day trial ends (or ended); null without a trial. */
    trialEnd: z.string().nullable(),
    /** The paid plan, once there was one. */
    planId: planIdSchema.nullable(),
    /** End of the paid period: the renewal date, or the end date when cancelling. */
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
  features: z.object({
    recording: z.object({
      availableRecordingMinutes: z.number(),
      /** Minutes each paid period grants; null outside a paid plan. */
      monthlyAllowance: z.number().nullable(),
    }),
  }),
  provider: billingProviderSchema,
});
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

const appUrl = z.url({ error: 'must be a URL' }).max(2048);

/** POST /api/billing/checkout-session (spec 1 §3, §7). */
export const checkoutSessionRequestSchema = z.object({
  priceId: z.string().min(1).max(200),
  planId: planIdSchema,
  successUrl: appUrl,
  cancelUrl: appUrl,
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;
export const checkoutSessionResponseSchema = z.object({ checkoutUrl: z.string() });

/** POST /api/billing/customer-portal-session (spec 1 §3, §7). */
export const portalSessionRequestSchema = z.object({ returnUrl: appUrl });
export type PortalSessionRequest = z.infer<typeof portalSessionRequestSchema>;
export const portalSessionResponseSchema = z.object({ portalUrl: z.string() });

/** POST /api/contact-sales (spec 1 §7). */
export const contactSalesRequestSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'Required').max(200),
  message: z.string().trim().min(1, 'Required').max(5000),
});
export type ContactSalesRequest = z.infer<typeof contactSalesRequestSchema>;

/** GET /api/billing/local/checkout/{id}: the embedded provider's checkout page. */
export const localCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  planId: planIdSchema,
  planName: z.string(),
  priceEuros: z.number(),
  priceUnit: z.string(),
  monthlyRecordingMinutes: z.number().nullable(),
  email: z.string(),
  cancelUrl: z.string(),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;
/** POST /api/billing/local/checkout/{id}/pay */
export const localCheckoutPaidSchema = z.object({ redirectUrl: z.string() });

/** GET /api/billing/local/portal/{id}: the embedded provider's subscription page. */
export const localPortalSchema = z.object({
  id: z.string(),
  returnUrl: z.string(),
  email: z.string(),
  plan: currentPlanSchema,
});
export type LocalPortal = z.infer<typeof localPortalSchema>;

/** User-facing billing texts (spec 1 §2, §4, §8), shared by the API, the pages and the tests. */
export const billingTexts = {
  subscribeFailed: 'Failed to subscribe',
  goToPricing: 'Go to pricing',
  contactSuccess: "Thank you! We'll get back to you promptly.",
  contactFailure: 'An error occured.',
  trialEnded: 'Your free trial has ended.',
  subscriptionEnded: 'Your subscription has ended.',
  upgrade: 'Upgrade',
  contactUs: 'Contact us',
  upgradedTitle: 'Your account has been upgraded',
  upgradedBody: 'Thank you! Your plan is active and your recording minutes are ready.',
  openApp: 'Open the app',
  notOnThisApp: 'The address must lead back to this application.',
  noSubscription: 'There is no subscription to manage yet.',
  notForSale: 'This plan is sold through our sales team.',
  unknownPrice: 'This price does not belong to the plan.',
  alreadySubscribed: 'Your subscription is already active.',
  checkoutExpired: 'This checkout has expired. Please start again from the pricing page.',
  portalExpired: 'This link has expired. Please open your subscription again from the pricing page.',
  badSignature: 'The webhook signature is not valid.',
} as const;

import { type Product, TRIAL_GRANTS } from '@agaton/contracts';

/**
 * Labels of the trial and plan screens that the spec does not fix. The spec's own texts live in the
 * contracts (`PLAN_TEXTS`, `billingTexts`); both are imported by the tests.
 */
export const PLANS_LABELS = {
  offerTitle: 'Start your free trial',
  offerIntro: `Try a product free for ${TRIAL_GRANTS.days} days. No payment details needed.`,
  productOfferTitle: (name: string) => `Try ${name} free for ${TRIAL_GRANTS.days} days`,
  startTrial: 'Start free trial',
  startTrialOf: (name: string) => `Start free trial: ${name}`,
  startFailed: 'The trial could not be started. Please try again.',
  trialEndedBadge: 'Trial ended',
  subscriptionEndedBadge: 'Subscription ended',
  startedTitle: 'Your free trial has started',
  startedBody: (name: string, until: string) => `You can use ${name} free until ${until}.`,
  open: (name: string) => `Open ${name}`,
  endedBody: (name: string) =>
    `Your ${name} free trial is over. Your results stay available; compare plans or contact us to keep going.`,
  comparePlans: 'Compare plans',
  contactUs: 'Contact us',
  notNow: 'Not now',
} as const;

/** What each product does and what its trial includes, for the offer cards. */
export const PRODUCT_OFFERS: Record<Product, { description: string; includes: string }> = {
  aiCoach: {
    description: 'Record your team’s meetings and give every speaker coaching on how they spoke.',
    includes: `${TRIAL_GRANTS.extraUsers} more users during the trial`,
  },
  recruitment: {
    description: 'Send candidates a timed speaking, listening and reading test and read their CEFR level.',
    includes: `${TRIAL_GRANTS.recruitmentTests} English tests to send during the trial`,
  },
  onboarding: {
    description: 'A first-run checklist that gets your organisation set up and your people invited.',
    includes: `${TRIAL_GRANTS.extraUsers} more users during the trial`,
  },
  training: {
    description: 'Invite trainees to practise speaking with instant feedback and follow their progress.',
    includes: `${TRIAL_GRANTS.extraUsers} more trainees during the trial`,
  },
};

/**
 * Plain values shared by the contracts and the web forms. No zod here: importing them (the sign-in
 * page does) must not pull the schema library into the page's JavaScript (issue 16 part 8).
 */

/**
 * Ordinary e-mail address with a top-level domain of 2 to 63 letters (spec 1 §5, spec 2 §5).
 * Shared by the API and the web forms so both accept exactly the same addresses.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/**
 * Sign-up / reset password rule: at least 6 characters with a digit, a lowercase and an uppercase letter,
 * drawn from letters, accented letters and common symbols (spec 1 §5).
 */
export const PASSWORD_PATTERN =
  /^(?=.*\d)(?=.*[a-zà-ÿ])(?=.*[A-ZÀ-Þ])[A-Za-z0-9À-ÖØ-öø-ÿ!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~ ]{6,}$/;

/** The 13 industries offered by the workspace form (spec 1 §9). */
export const INDUSTRIES = [
  'Technology',
  'Telecommunications',
  'Financial Services & Insurance',
  'BPO & Contact Centers',
  'Healthcare & Pharmaceuticals',
  'Manufacturing & Industrial',
  'Media & Advertising',
  'Travel & Tourism',
  'Retail & E-commerce',
  'Real Estate',
  'Automotive & Transportation',
  'Consulting & Professional Services',
  'Other',
] as const;

/** Departments ("Team" in the workspace form) (spec 1 §9, spec 2 §3). */
export const DEPARTMENTS = [
  'Sales B2C',
  'Sales B2B',
  'Customer Service',
  'Customer Success',
  'Quality Assurance',
  'Data & Analytics',
  'Operations',
  'Finance',
  'Marketing',
  'Other',
] as const;

/** Auth realms: 'whiskey' for coach and candidate, 'whiskey-admin' for admins (spec 1 §6). */
export const REALMS = { coach: 'whiskey', admin: 'whiskey-admin' } as const;

/**
 * The `error` our OpenID Connect callback sends to /coach/oauth2-redirect (issue 16 part 4). The web
 * shows a text for each (messages.signIn / signUp); unknown values get the generic OAuth text.
 */
export const OAUTH_CALLBACK_ERRORS = {
  invalidState: 'invalid_state',
  failed: 'oauth_failed',
  emailMissing: 'email_missing',
  noAccount: 'no_account',
  /** The provider did not say email_verified: true (a missing claim counts as not verified). */
  emailUnverified: 'email_unverified',
  /** The account with this e-mail has not verified it, so no provider may link to it by e-mail. */
  accountUnverified: 'account_unverified',
  /** Organisation SSO for an account outside that organisation or its SSO domains. */
  ssoNotAllowed: 'sso_not_allowed',
} as const;
export type OAuthCallbackError = (typeof OAUTH_CALLBACK_ERRORS)[keyof typeof OAUTH_CALLBACK_ERRORS];

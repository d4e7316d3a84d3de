import { z } from 'zod';

/** Every error code the API can answer with; each maps to one HTTP status below. */
export const ERROR_CODES = [
  'VALIDATION',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'WRONG_CREDENTIALS',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'USERNAME_ALREADY_TAKEN',
  'ACCOUNT_EXISTS',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PROVIDER_NOT_CONFIGURED',
  'PAYMENT_REQUIRED',
  'INTERNAL',
  'BUSY',
  'TIMEOUT',
  'STORAGE_FULL',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  WRONG_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USERNAME_ALREADY_TAKEN: 409,
  ACCOUNT_EXISTS: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The body did not arrive within the time its declared size allows (slow uploads). */
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  PROVIDER_NOT_CONFIGURED: 501,
  /** No recording minutes (or plan) left for what was asked. */
  PAYMENT_REQUIRED: 402,
  INTERNAL: 500,
  /** Overloaded (e.g. the analysis queue is full); the answer carries Retry-After. */
  BUSY: 503,
  /** The work did not finish before its deadline; worth retrying, so also 503 with Retry-After. */
  TIMEOUT: 503,
  /** The server's disk (DATA_DIR) is full: nothing was stored; an operator must free space. */
  STORAGE_FULL: 507,
};

/**
 * User-facing texts from the specs (spec 1 §5 and §8, spec 2 §5 and §8), in one place so the API,
 * the web client and the tests import the exact same strings.
 */
export const messages = {
  general: {
    fallback: 'Something went wrong.',
    server: 'Server error. Please try again or contact support.',
    loadUser: 'Something went wrong while fetching the data.',
    couldNotLoad: 'Could not load data. Please try again',
  },
  validation: {
    required: 'Required',
    invalidEmail: 'Please enter valid email address',
    passwordRule: 'Must be at least 6 characters including number & upper case.',
    passwordTooLong: 'Password is too long.',
    provideName: 'Please provide a name',
    provideOrgRole: 'Please provide organization role',
    teamsMembershipWrong: 'Teams membership is wrong',
    teamMissing: 'Team is missing',
    teamRoleMissing: 'Team role is missing',
    selectTestType: 'Select test type please.',
    selectUsers: 'Please select users first.',
  },
  signIn: {
    wrongCredentials: 'Wrong credentials.',
    failed: 'Failed to log in.',
    noAccountWithEmail: 'There is no account with that email.',
    wrongPassword: 'Wrong password provided.',
    wrongEmail: 'Wrong email provided.',
    checkEmailFailed: 'Failed to check email.',
    differentSsoProvider:
      'You signed up with this email using a different SSO provider. Please use it instead.',
    providerNotConfigured: 'This sign-in method is not set up on this server.',
    // Not in the spec (issue 16 part 4, docs/decisions/020): why an identity provider could not sign in.
    providerEmailUnverified:
      'Your sign-in provider has not confirmed this email address. Please log in with your password.',
    accountEmailUnverified:
      'Please verify your email address with the link we sent you, then log in with this provider again.',
    ssoNotAllowed: "Your organisation's single sign-on cannot log in to this account.",
  },
  /** E-mail verification of new coach and admin accounts (not in the spec; docs/decisions/020). */
  emailVerification: {
    verifiedTitle: 'Email verified',
    verifiedBody: 'Your email address is verified. You can now also log in with your sign-in provider.',
    linkInvalid: 'This verification link is invalid, has expired or was already used.',
    resend: 'Send a new link',
    resentBody: 'If this address has an account waiting for verification, we sent it a new link.',
  },
  signUp: {
    usernameAlreadyTaken: 'Email address already taken.',
    emailExists: 'Email already exists.',
    failedCoach: 'Failed to create account, please try again or contact support.',
    emailMissing: 'Email is missing.',
    emailCheckFailed: 'Email check failed.',
    accountExists: 'An account with that email already exists.',
    failedAdmin: 'Failed to create account, please contact support.',
    missingCredentials: 'Missing credentials, go back to previous step.',
    success: 'Account successfully created',
  },
  password: {
    failed: 'Something went wrong. Please contact support.',
    noToken: 'No token provided, please use the link in the email.',
    noTokenAdmin: 'No token provided, please use the link provided in the email.',
    resetSentTitle: 'Reset instructions sent',
    resetSentBody: 'We sent you an email with instructions to reset your password.',
    changedTitle: 'Password changed',
    changedBody: 'You can now log in with your new password.',
  },
  token: {
    unauthenticated: 'Please sign in to continue.',
    invalid: 'Your session is not valid. Please sign in again.',
    expired: 'Your session has expired. Please sign in again.',
    resetLinkInvalid: 'This password reset link is invalid or has expired.',
    codeInvalid: 'This sign-in code is invalid or has expired.',
    refreshReused: 'This session was already used. Please sign in again.',
  },
  request: {
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: 'The request is too large.',
    storageFull: 'The server is out of storage space. Nothing was saved; please try again later.',
    unsupportedMediaType: 'This content type is not supported.',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    notFound: 'Not found.',
    forbidden: 'You do not have access to this resource.',
    busy: 'The server is busy right now. Please try again in a moment.',
    timeout: 'The server took too long to answer. Please try again.',
    /** No person types a NUL character, and PostgreSQL text cannot hold one. */
    nulCharacter: 'Text must not contain NUL characters.',
    tooDeep: 'The request is nested too deeply.',
    malformedMultipart: 'The multipart body is malformed.',
    /** More files, fields or parts than the upload takes (busboy's limits), whatever their size. */
    tooManyParts: 'The upload has more files or fields than this request takes.',
    bodyTooSlow: 'The upload arrived too slowly and was stopped. Please try again on a steadier connection.',
    /** The client went away mid-request; nobody reads this, but the access log shows a 4xx, not a 500. */
    aborted: 'The request was cancelled before it arrived.',
    /** A unique value (an e-mail address, a name) another record already has. */
    conflict: 'This is already in use. Please choose another value.',
  },
  recording: {
    noMinutes: 'You have no recording minutes left. Upgrade to keep recording.',
  },
  other: {
    desktopRedirect: 'Error occured while authenticating into the app. Please try again',
    oauth: 'Something went wrong. Please try again later.',
  },
  org: {
    notFoundAccount: 'Not found your account. Please sign-in again',
    updateUser: 'Unable to update user. Please try again',
    listMembers: 'Unable to list members. Please try again',
    listTeams: 'Unable to list teams. Please try again',
    createTeam: 'Unable to create team. Please try again with another name',
    updateTeam: 'Unable to update team. Please try again with another name',
    deleteTeam: 'Unable to delete team. Please try again',
    archivedNotEditable: 'Archived users cannot be edited.',
    /** A manager editing or archiving a user, themselves included (docs/decisions/029-manager-permissions.md). */
    ownersOnlyUsers:
      'Only an owner of your organisation can edit users, archive them or change their licences.',
    addingUser: 'Adding user failed.',
    sendingTest: 'Sending the test failed.',
    sendingInvitations: 'Sending app invitations failed.',
  },
} as const;

/** Alias so callers may say `texts.signIn.wrongCredentials`. */
export const texts = messages;

/** Default message for each code when the thrower gives none. */
export const DEFAULT_ERROR_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: messages.general.fallback,
  MALFORMED_JSON: messages.request.malformedJson,
  UNAUTHENTICATED: messages.token.unauthenticated,
  WRONG_CREDENTIALS: messages.signIn.wrongCredentials,
  INVALID_TOKEN: messages.token.invalid,
  TOKEN_EXPIRED: messages.token.expired,
  FORBIDDEN: messages.request.forbidden,
  NOT_FOUND: messages.request.notFound,
  USERNAME_ALREADY_TAKEN: messages.signUp.usernameAlreadyTaken,
  ACCOUNT_EXISTS: messages.signUp.accountExists,
  CONFLICT: messages.general.fallback,
  PAYLOAD_TOO_LARGE: messages.request.tooLarge,
  REQUEST_TIMEOUT: messages.request.bodyTooSlow,
  STORAGE_FULL: messages.request.storageFull,
  UNSUPPORTED_MEDIA_TYPE: messages.request.unsupportedMediaType,
  UNPROCESSABLE: messages.general.fallback,
  RATE_LIMITED: messages.request.rateLimited,
  PROVIDER_NOT_CONFIGURED: messages.signIn.providerNotConfigured,
  PAYMENT_REQUIRED: messages.recording.noMinutes,
  INTERNAL: messages.general.server,
  BUSY: messages.request.busy,
  TIMEOUT: messages.request.timeout,
};

/** One field problem inside a VALIDATION error. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

/** Body of every error response: `{ error: { code, message, details? } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(fieldIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

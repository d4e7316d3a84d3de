import { AUTH_TYPES, REALM_NAMES, TOKEN_KINDS } from '@agaton/contracts';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const subjectKind = () => text('subject_kind', { enum: TOKEN_KINDS }).notNull();
const realm = () => text('realm', { enum: REALM_NAMES }).notNull();

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Rotation marks the old row used and inserts a new
 * one in the same family; presenting a used token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    subjectKind: subjectKind(),
    subjectId: uuid('subject_id').notNull(),
    realm: realm(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_revoked_idx').on(t.revokedAt),
  ],
);

/**
 * Short-lived single-use codes: the sign-in code exchanged at /token, the desktop-app code, and the
 * social token our OIDC callback hands to the SPA. Stored hashed.
 */
export const oneTimeCodes = pgTable('one_time_codes', {
  codeHash: text('code_hash').primaryKey(),
  purpose: text('purpose', { enum: ['sign-in', 'social'] }).notNull(),
  subjectKind: subjectKind(),
  subjectId: uuid('subject_id').notNull(),
  realm: realm(),
  /** For social codes: the verified identity (email, provider) used to sign in or sign up later. */
  payload: jsonb('payload').$type<Record<string, string>>(),
  /** The refresh family a code minted by POST /api/code came from; the session it opens continues it. */
  familyId: uuid('family_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Per-account password sign-in throttle shared by every api process (issue 16 part 2): failures in a
 * row for one e-mail, across the coach, admin and candidate sign-ins, and when the next try is allowed.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Access tokens of a subject issued before `notBefore` are refused (a password reset ends every
 * session within the revocation cache's age, not the access token's lifetime).
 */
export const sessionCutoffs = pgTable(
  'session_cutoffs',
  {
    subjectKind: subjectKind(),
    subjectId: uuid('subject_id').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectId] }),
    index('session_cutoffs_not_before_idx').on(t.notBefore),
  ],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  subjectKind: text('subject_kind', { enum: ['user', 'admin'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** OpenID Connect round-trip state (PKCE verifier, nonce, where to return). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  realm: realm(),
  authType: text('auth_type', { enum: AUTH_TYPES }).notNull(),
  redirect: text('redirect'),
  orgId: uuid('org_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * OpenID Connect identities linked to our accounts (issue 16 part 4): once linked, the provider's
 * (issuer, subject) signs in to the account even after the e-mail at the provider changed. One identity
 * links at most one account of each kind (a person may use the same Google account as coach and admin).
 */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    subjectKind: text('subject_kind', { enum: ['user', 'admin'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The e-mail the provider asserted when the link was made (for operators; never used to match). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federated_identities_issuer_subject_kind_idx').on(t.issuer, t.subject, t.subjectKind),
    index('federated_identities_account_idx').on(t.subjectKind, t.subjectId),
  ],
);

/** E-mail verification links of new coach and admin accounts: stored hashed, single use, expiring. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subjectKind: text('subject_kind', { enum: ['user', 'admin'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The address the link was sent to; an account whose e-mail changed since is not verified by it. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_subject_idx').on(t.subjectKind, t.subjectId)],
);

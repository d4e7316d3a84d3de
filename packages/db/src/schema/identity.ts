import { ADMIN_ROLES, BILLING_PROVIDERS, ROLES, SUBSCRIPTION_STATUSES } from '@agaton/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { organisations, teams } from './organisation.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Coach users (NormalUser). E-mails are stored lower-cased so the unique index is case-insensitive. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** Null for accounts created through social sign-in only. */
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  enabledFeatures: jsonb('enabled_features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  goals: jsonb('goals').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  planStatus: text('plan_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('TRIALING'),
  trialStart: timestamp('trial_start', { withTimezone: true }),
  availableRecordingMinutes: integer('available_recording_minutes').notNull().default(0),
  /** Paid plan (docs/decisions/014-billing.md): which plan, through which provider, and its period. */
  planId: text('plan_id'),
  billingProvider: text('billing_provider', { enum: BILLING_PROVIDERS }),
  /** Start of the period the recording allowance was granted for; a later period renews it. */
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /**
   * When the owner proved the e-mail (verification link, password reset link, or an identity provider
   * that said email_verified). Null: an identity provider cannot link to this account by e-mail.
   */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Organisation admins and managers (AdminUser). OWNER sees every team of the organisation;
 * MANAGER sees only the teams where its member identity has the MANAGER team role.
 */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('OWNER'),
    /** The admin's own member identity inside the organisation (managers manage teams through it). */
    memberId: uuid('member_id'),
    enabledFeatures: jsonb('enabled_features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    availablePositions: jsonb('available_positions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** As users.emailVerifiedAt. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('admins_org_idx').on(t.orgId)],
);

/** People of an organisation (astridIdentityId = id). */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Linked coach account, when the member also uses the coach app. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    externalIds: jsonb('external_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    orgRole: text('org_role', { enum: ROLES }).notNull().default('REGULAR_MEMBER'),
    hasLicense: boolean('has_license').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_org_email_idx').on(t.orgId, t.email)],
);

/** Which members belong to which teams, and as what (here, beside members: the schema imports run identity → organisation). */
export const teamMemberships = pgTable(
  'team_memberships',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    teamRole: text('team_role', { enum: ROLES }).notNull().default('REGULAR_MEMBER'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.memberId] }),
    index('team_memberships_member_idx').on(t.memberId),
  ],
);

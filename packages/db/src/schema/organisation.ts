import type { TestContent } from '@agaton/contracts';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Per-product access as stored; served as Admin.productAccess. */
export type StoredProductAccess = Record<
  'aiCoach' | 'recruitment' | 'onboarding' | 'training',
  {
    haveAccess: boolean;
    status: 'trial-available' | 'trial-active' | 'trial-ended' | 'subscription-active' | 'subscription-ended';
    testsLeftCount?: number;
    maxUserCount?: number;
    trialEndsAt?: string;
  }
>;

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  industry: text('industry'),
  department: text('department'),
  productAccess: jsonb('product_access').$type<StoredProductAccess>(),
  /** OpenID Connect SSO: when issuer and client id are set, sign-in for the e-mail domains redirects. */
  ssoIssuer: text('sso_issuer'),
  ssoClientId: text('sso_client_id'),
  ssoClientSecret: text('sso_client_secret'),
  /** The English test's content; null = the product's default (spec 2 §3 "Test content"). */
  testContent: jsonb('test_content').$type<TestContent>(),
  ssoDomains: jsonb('sso_domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_org_name_idx').on(t.orgId, t.name)],
);

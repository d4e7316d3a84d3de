import { BILLING_PROVIDERS } from '@agaton/contracts';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A coach's customer (and latest subscription) at a billing provider, so webhooks can find the user
 * and the customer portal opens the right account. The plan state itself lives on `users`.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_provider_customer_idx').on(t.provider, t.customerId)],
);

/**
 * Checkout and portal sessions of the embedded (local) provider: the in-app pages read them by their
 * unguessable id, and only their owner may.
 */
export const localBillingSessions = pgTable(
  'local_billing_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    planId: text('plan_id'),
    priceId: text('price_id'),
    /** Checkout: where paying leads; portal: where "back" leads. */
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [index('local_billing_sessions_user_idx').on(t.userId)],
);

/** Provider webhook events already processed: a replayed delivery is acknowledged and skipped. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: at('processed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Contact-sales requests (spec 1 §7), kept even when the e-mail to the sales address fails. */
export const contactSalesRequests = pgTable(
  'contact_sales_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_sales_requests_created_idx').on(t.createdAt)],
);

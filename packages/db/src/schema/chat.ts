import { CHAT_ROLES, CHAT_RUN_STATUSES, CHAT_THREAD_STATUSES, CHAT_USER_TYPES } from '@agaton/contracts';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins, users } from './identity.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A link an answer cites: where a number comes from (session, report, candidate) or an article. */
export interface ChatCitation {
  label: string;
  href: string;
}

/**
 * Ask Agaton conversations (spec 1 §3 "Chat thread"). A thread belongs to exactly one identity: a
 * coach user (userType USER) or an organisation admin (userType ADMIN); exactly one of the two ids is
 * set. `error` keeps the message of the last failed send (spec 3 §4).
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userType: text('user_type', { enum: CHAT_USER_TYPES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    /** The first question, shortened: what the history panel shows. */
    summary: text('summary').notNull().default(''),
    status: text('status', { enum: CHAT_THREAD_STATUSES }).notNull().default('idle'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_threads_user_idx').on(t.userId, t.updatedAt),
    index('chat_threads_admin_idx').on(t.adminId, t.updatedAt),
  ],
);

/** One message of a thread (spec 1 §3 "Chat message"), with the links its numbers come from. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    runId: uuid('run_id'),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    /** Thumbs feedback: null until given. */
    thumbIsPositive: boolean('thumb_is_positive'),
    feedbackComment: text('feedback_comment'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.threadId, t.createdAt)],
);

/**
 * One answer being produced. `steps` records what the assistant did (question type recognised,
 * data read), for the dev-only diagnostic panel. A run left `running` by a stopped process is closed
 * as incomplete (reason server_restart) at start-up.
 */
export const chatRuns = pgTable(
  'chat_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHAT_RUN_STATUSES }).notNull().default('running'),
    /** Why a run ended incomplete: run_cancelled, server_restart, … */
    reason: text('reason'),
    steps: jsonb('steps').$type<{ at: string; kind: string; detail: string }[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (t) => [index('chat_runs_thread_idx').on(t.threadId, t.createdAt)],
);

import {
  ANALYSIS_STAGES,
  ANALYSIS_STATUSES,
  COACHING_REPORT_TYPES,
  type SessionMetrics,
  type StoredSessionProfile,
  type TimedWord,
} from '@agaton/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A recorded meeting or practice (spec 1 §3 "Session/meeting"): the upload, its analysis state and,
 * once analysed, the profile the feedback page shows. The recording itself lives in object storage.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionType: text('session_type').notNull().default('default'),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    /** endTime − startTime as uploaded; bounds the analysis and the minutes charged. */
    declaredSeconds: real('declared_seconds').notNull(),
    /** Measured from the audio once decoded. */
    durationSeconds: real('duration_seconds'),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the recording: the same file uploaded twice is one session. */
    sha256: text('sha256').notNull(),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    status: text('status', { enum: ANALYSIS_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: ANALYSIS_STAGES }).notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    /** User-facing reason when failed. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** The session profile without ids and times, once analysed. */
    profile: jsonb('profile').$type<StoredSessionProfile>(),
    /** Transcript words with times and scores. */
    words: jsonb('words').$type<TimedWord[]>(),
    /** Figures for insights and coaching reports. */
    metrics: jsonb('metrics').$type<SessionMetrics>(),
    createdAt: at('created_at').notNull().defaultNow(),
    analysedAt: at('analysed_at'),
  },
  (t) => [
    uniqueIndex('sessions_user_sha_idx').on(t.userId, t.sha256),
    index('sessions_user_started_idx').on(t.userId, t.startedAt),
  ],
);

/**
 * Coaching reports (spec 1 §3, spec 3 §3.6), generated from the user's analysed sessions: one per
 * session and one per week with sessions. Regenerated (upserted) when a session of theirs completes.
 */
export const coachingReports = pgTable(
  'coaching_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: COACHING_REPORT_TYPES }).notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    sessionsAnalyzed: integer('sessions_analyzed').notNull(),
    /** Seconds. */
    averageSessionDuration: real('average_session_duration').notNull(),
    blocks: jsonb('blocks')
      .$type<{ header: string; content: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coaching_reports_session_idx').on(t.sessionId),
    uniqueIndex('coaching_reports_user_period_idx')
      .on(t.userId, t.periodStart)
      .where(sql`type = 'PER_PERIOD'`),
    index('coaching_reports_user_end_idx').on(t.userId, t.periodEnd),
  ],
);

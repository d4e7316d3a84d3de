import {
  ACTIVITY_TYPES,
  type ResultsBlob,
  TEST_LEVELS,
  TEST_PARTS,
  type TestContent,
  TRAINEE_STATUSES,
} from '@agaton/contracts';
import {
  boolean,
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
import { admins, members, users } from './identity.ts';
import { organisations, teams } from './organisation.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * People an organisation tests (recruits) or trains (trainees) (spec 2 §3 Candidate; identityId = id).
 * E-mails are stored lower-cased; one candidate per e-mail in an organisation.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Test topic chosen when the candidate was added. */
    position: text('position'),
    /** Candidate level of the Add user form: Beginner, Intermediate or Advanced. */
    level: text('level'),
    /** Team name at the time it was chosen (shown as the department). */
    department: text('department'),
    /** The candidate's team (managers see candidates of the teams they manage, spec 2 §6). */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    isRecruit: boolean('is_recruit').notNull().default(true),
    isTrainee: boolean('is_trainee').notNull().default(false),
    traineeStatus: text('trainee_status', { enum: TRAINEE_STATUSES }).notNull().default('NotInvited'),
    /** The coach account that accepted the training invitation (the trainee practises as this user). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the trainee accepted (a coach in several organisations practises in the latest one). */
    trainingAcceptedAt: timestamp('training_accepted_at', { withTimezone: true }),
    /** The organisation member with the same e-mail, when there is one (aiCoachInfo). */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    tokenKind: text('token_kind', { enum: ['candidate'] })
      .notNull()
      .default('candidate'),
    createdAt: createdAt(),
  },
  (t) => [
    index('candidates_org_idx').on(t.orgId),
    index('candidates_email_idx').on(t.email),
    index('candidates_user_idx').on(t.userId),
    uniqueIndex('candidates_org_email_idx').on(t.orgId, t.email),
  ],
);

/**
 * A test sent to a candidate. The code is both shown to the admin and the candidate's password.
 * `content` is the position's content as it was when the test was sent (later edits do not change
 * it); `test` is the test drawn from it at the candidate's first sign-in, answers included.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    position: text('position'),
    sentByAdminId: uuid('sent_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The position's content and the time limits when sent: { timeLimitsSeconds, position }. */
    content: jsonb('content').$type<{
      timeLimitsSeconds: TestContent['timeLimitsSeconds'];
      position: TestContent['positions'][number];
    }>(),
    /** The drawn test (answers included), fixed at the first sign-in. */
    test: jsonb('test').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    resultsBlob: jsonb('results_blob').$type<ResultsBlob>(),
    resultCefr: text('result_cefr'),
    readingResultScore: integer('reading_result_score'),
    readingComprehensionCefr: text('reading_comprehension_cefr'),
    readingComprehensionResultScore: integer('reading_comprehension_result_score'),
  },
  (t) => [index('challenges_candidate_idx').on(t.candidateId), index('challenges_org_idx').on(t.orgId)],
);

/**
 * Everything a candidate did in a challenge, in order. The test's state is computed from these rows,
 * so a reload, a second tab or a retried upload sees the same state; (challenge, idempotency key) and
 * (challenge, answered item) are unique, so nothing is counted twice.
 */
export const challengeActivities = pgTable(
  'challenge_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    part: text('part', { enum: TEST_PARTS }).notNull(),
    level: text('level', { enum: TEST_LEVELS }),
    /** The item answered; null for start-part and timeout. */
    itemId: text('item_id'),
    /** 0–100 (a multiple-choice answer is 0 or 100). */
    score: real('score'),
    /** What was answered and measured: the choice, or the speech analysis kept for the results. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    /** Recording kept in the object store, when one was uploaded. */
    recordingKey: text('recording_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('challenge_activities_key_idx').on(t.challengeId, t.idempotencyKey),
    uniqueIndex('challenge_activities_item_idx').on(t.challengeId, t.part, t.itemId),
    index('challenge_activities_challenge_idx').on(t.challengeId, t.createdAt),
  ],
);

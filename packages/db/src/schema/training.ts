import { PRACTICE_KINDS, type PracticeWord, TEST_LEVELS } from '@agaton/contracts';
import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { organisations } from './organisation.ts';
import { candidates } from './recruitment.ts';

/**
 * One scored practice exercise of a trainee in the English Learning App (/coach/practice). The
 * figures the training insights aggregate are kept in columns; `response` is the engine's whole
 * answer, so the trainee can reopen the feedback they saw.
 */
export const practiceAttempts = pgTable(
  'practice_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation that invited the trainee, and the trainee row (insights are per organisation). */
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRACTICE_KINDS }).notNull(),
    /** The exercise: topic (a test position), level and item id in the organisation's content. */
    topic: text('topic').notNull(),
    level: text('level', { enum: TEST_LEVELS }).notNull(),
    itemId: text('item_id').notNull(),
    /** The sentence read, or the question answered. */
    prompt: text('prompt').notNull(),
    /** 0–100 figures of the engine's assessment; content is the reading's match or the answer's relevance. */
    overallScore: real('overall_score').notNull(),
    pronunciation: real('pronunciation').notNull(),
    fluency: real('fluency').notNull(),
    contentScore: real('content_score'),
    wordsPerMinute: real('words_per_minute'),
    wordsSaid: integer('words_said').notNull(),
    pauses: integer('pauses').notNull(),
    hesitations: integer('hesitations').notNull(),
    silences: integer('silences').notNull(),
    /** Length of the recording, and the time spent on the exercise (docs/decisions/018). */
    audioSeconds: real('audio_seconds').notNull(),
    studySeconds: real('study_seconds').notNull(),
    /** Scored words with their phonemes (IPA), for challenging words and sounds. */
    words: jsonb('words').$type<PracticeWord[]>().notNull(),
    transcript: text('transcript').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('practice_attempts_user_idx').on(t.userId, t.createdAt),
    index('practice_attempts_org_idx').on(t.orgId, t.createdAt),
  ],
);

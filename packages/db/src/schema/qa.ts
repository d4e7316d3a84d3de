import {
  ANSWER_EVENT_KINDS,
  ANSWERED_BY,
  CALL_SOURCES,
  CALL_STATUSES,
  FLAG_LEVELS,
  QUESTION_SEVERITIES,
  QUESTION_SPEAKERS,
  TRANSCRIPT_SOURCES,
} from '@agaton/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, members, users } from './identity.ts';
import { organisations, teams } from './organisation.ts';
import { sessions } from './sessions.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Call quality assurance (spec 3 §2.4–2.7, §3.1–3.3): scorecards (question sets) with questions,
 * reference documents per scorecard, calls (uploaded or recorded coach sessions), one QA item per
 * analysed call and one answer per (item, question). docs/decisions/022-call-qa.md.
 */

/** A scorecard (spec 3 §3.2 question set). */
export const qaQuestionSets = pgTable(
  'qa_question_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qa_question_sets_org_name_idx').on(t.orgId, t.name)],
);

/**
 * The teams a scorecard is for: a call is asked a scorecard's questions when its agent belongs to one
 * of them. A scorecard with no teams applies to every agent of the organisation.
 */
export const qaQuestionSetTeams = pgTable(
  'qa_question_set_teams',
  {
    questionSetId: uuid('question_set_id')
      .notNull()
      .references(() => qaQuestionSets.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionSetId, t.teamId] }),
    index('qa_question_set_teams_team_idx').on(t.teamId),
  ],
);

/**
 * A scorecard question (spec 3 §3.1). `speaker`, `phrases` and `examples` are the offline answerer's
 * evidence (whose turns to read; literal phrases; example phrasings compared by sentence embeddings).
 * A question removed from its last scorecard is kept (its answers stay readable) but no longer asked.
 * `version` grows on every change that can change answers; answers record the version they used.
 */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    presentationText: text('presentation_text').notNull(),
    purposes: jsonb('purposes').$type<('COACHING' | 'QUALITY')[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isTrueGood: boolean('is_true_good').notNull(),
    severity: text('severity', { enum: QUESTION_SEVERITIES }).notNull(),
    speaker: text('speaker', { enum: QUESTION_SPEAKERS }).notNull().default('AGENT'),
    phrases: jsonb('phrases').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    examples: jsonb('examples').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('qa_questions_org_idx').on(t.orgId)],
);

/** Which scorecards a question belongs to (more than one = Shared). */
export const qaQuestionSetMembers = pgTable(
  'qa_question_set_members',
  {
    questionSetId: uuid('question_set_id')
      .notNull()
      .references(() => qaQuestionSets.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionSetId, t.questionId] }),
    index('qa_question_set_members_question_idx').on(t.questionId),
  ],
);

/** A reference document of a scorecard (PDF, DOCX, TXT): its extracted text is evidence for answers. */
export const qaDocuments = pgTable(
  'qa_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionSetId: uuid('question_set_id')
      .notNull()
      .references(() => qaQuestionSets.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    objectKey: text('object_key').notNull(),
    text: text('text').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('qa_documents_set_idx').on(t.questionSetId)],
);

/** One line of a call transcript (speaker turn), times in seconds from the start of the call. */
export interface StoredTranscriptLine {
  speaker: 'AGENT' | 'CUSTOMER' | 'UNKNOWN';
  /** The label the source used ("Agent", "spk_0", a name), or the channel. */
  speakerLabel: string;
  start: number;
  end: number;
  text: string;
  /** Positions of the words of `text` (split at spaces) the recogniser was unsure of. */
  unsure?: number[];
}

/**
 * A call to review: uploaded through POST /api/qa/calls (audio and/or transcript) or a member's
 * analysed coach session (source SESSION, one call per session). The agent is an organisation member.
 */
export const qaCalls = pgTable(
  'qa_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    agentMemberId: uuid('agent_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CALL_SOURCES }).notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    occurredAt: at('occurred_at').notNull(),
    /** The recording, when there is one. */
    objectKey: text('object_key'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationSeconds: real('duration_seconds'),
    /** Where the transcript came from: the upload, or the speech engine. */
    transcriptSource: text('transcript_source', { enum: TRANSCRIPT_SOURCES }),
    transcript: jsonb('transcript').$type<StoredTranscriptLine[]>(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('queued'),
    error: text('error'),
    uploadedBy: uuid('uploaded_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    analysedAt: at('analysed_at'),
  },
  (t) => [
    index('qa_calls_org_occurred_idx').on(t.orgId, t.occurredAt),
    index('qa_calls_agent_idx').on(t.agentMemberId),
    uniqueIndex('qa_calls_session_idx').on(t.sessionId),
  ],
);

/** The QA item of an analysed call (spec 3 §3.3): its worst flag, and whether a manager reviewed it. */
export const qaItems = pgTable(
  'qa_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => qaCalls.id, { onDelete: 'cascade' }),
    agentMemberId: uuid('agent_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    flagLevel: text('flag_level', { enum: FLAG_LEVELS }).notNull(),
    /** The alert time: when the call took place. */
    qcAt: at('qc_at').notNull(),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    reviewedAt: at('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qa_items_call_idx').on(t.callId),
    index('qa_items_org_qc_idx').on(t.orgId, t.qcAt),
    index('qa_items_agent_idx').on(t.agentMemberId),
  ],
);

/** A citation as stored: the transcript lines (indexes into qa_calls.transcript) an answer rests on. */
export interface StoredCitation {
  lineIndexes: number[];
  start: number;
  end: number;
  quotes: string[];
}

const ANSWER_VALUES = ['YES', 'NO', 'NOT_APPLICABLE'] as const;
const FLAG_LEVEL_VALUES = ['UNSPECIFIED', 'GREEN', 'YELLOW', 'RED'] as const;

/** One question answered for one call (a bullet of spec 3 §3.3). */
export const qaAnswers = pgTable(
  'qa_answers',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => qaItems.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ANSWER_VALUES }).notNull(),
    flagLevel: text('flag_level', { enum: FLAG_LEVEL_VALUES }).notNull(),
    confidence: real('confidence').notNull(),
    /** The margin was too small to decide: shown as "needs review" instead of a guess. */
    needsReview: boolean('needs_review').notNull().default(false),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull().default(sql`'[]'::jsonb`),
    answeredBy: text('answered_by', { enum: ANSWERED_BY }).notNull(),
    questionVersion: integer('question_version').notNull(),
    answeredAt: at('answered_at').notNull().defaultNow(),
    /**
     * A reviewer's override (null while there is none): the answer a person gave, which is the
     * effective one, and its flag by the automatic answer's rule (an override never needs review).
     * Re-answering the call renews the automatic answer above and keeps the override; its flag is
     * recomputed when the question changes. The history is in qa_answer_events.
     */
    overrideAnswer: text('override_answer', { enum: ANSWER_VALUES }),
    overrideFlagLevel: text('override_flag_level', { enum: FLAG_LEVEL_VALUES }),
    overriddenBy: uuid('overridden_by').references(() => admins.id, { onDelete: 'set null' }),
    overriddenAt: at('overridden_at'),
    overrideReason: text('override_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.questionId] }),
    index('qa_answers_question_idx').on(t.questionId),
  ],
);

/**
 * What people did with an answer, append-only: a reviewer's override (or confirmation: an override
 * equal to the automatic answer) and its removal, and the call's agent's acknowledgement or dispute.
 * `answer` is the answer the event is about: the one set (OVERRIDE), the one removed
 * (OVERRIDE_REMOVED), the one shown to the agent (ACKNOWLEDGE, DISPUTE); `automatic_answer` what the
 * automation answered then. The actor is an admin (overrides) or a coach user (the agent's responses).
 * `created_at` is the clock time of the insert (made under the item's lock), so events sort in the
 * order they happened. docs/decisions/022-call-qa.md, "Reviews, disputes and calibration".
 */
export const qaAnswerEvents = pgTable(
  'qa_answer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => qaItems.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ANSWER_EVENT_KINDS }).notNull(),
    answer: text('answer', { enum: ANSWER_VALUES }).notNull(),
    automaticAnswer: text('automatic_answer', { enum: ANSWER_VALUES }).notNull(),
    /** The override's reason or the agent's comment. */
    comment: text('comment'),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().default(sql`clock_timestamp()`),
    /** The order the acts happened in (the clock can give two acts the same millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('qa_answer_events_answer_idx').on(t.itemId, t.questionId, t.seq)],
);

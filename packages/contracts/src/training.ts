import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { testLevelSchema } from './recruitment.ts';
import { demoReadingResponseSchema, freeSpeechResponseSchema } from './scoring.ts';

/**
 * The English Learning App (spec 2 §1–§4 Training, spec 3 §3.9 and §7.3): trainees invited by an
 * organisation accept in the coach area, practise reading aloud and answering freely by topic and
 * level on the speech engine, and their organisation reads training insights. Everything here that
 * the spec does not name (the practice calls, the invitation calls, the insights response) is our
 * extension, recorded in docs/decisions/018-english-learning-app.md.
 */

// ---------------------------------------------------------------------------------------------------
// Rules and texts

export const TRAINING_RULES = {
  /** A practice recording may last this long (spec 2 §9: speech recording max 30 seconds). */
  maxRecordingSeconds: 30,
  /** Shorter recordings are refused before scoring (as in the demo). */
  minRecordingMs: 500,
  /** Time counted for one exercise at most (time spent beyond this is not study time). */
  maxStudySecondsPerAttempt: 600,
  /** A training invitation link works this many days. */
  invitationLifetimeDays: 30,
  /** Insights: challenging words and sounds score under 98 (spec 2 §9); the top 10 are shown. */
  challengingBelow: 98,
  challengingShown: 10,
  /** Popular topics shown. */
  popularTopicsShown: 5,
} as const;

/** The coach feature an accepted trainee gets (spec 1 §3 lists the coach flags; this one is ours). */
export const PRACTICE_FEATURE = 'PRACTICE';

export const PRACTICE_KINDS = ['reading', 'free-speech'] as const;
export const practiceKindSchema = z.enum(PRACTICE_KINDS);
export type PracticeKind = z.infer<typeof practiceKindSchema>;

/** One scored word of a practice attempt, kept for challenging words and sounds. */
export const practiceWordSchema = z.object({
  word: z.string(),
  score: z.number().min(0).max(100),
  phonemes: z.array(z.object({ ipa: z.string(), score: z.number().min(0).max(100) })),
});
export type PracticeWord = z.infer<typeof practiceWordSchema>;

// ---------------------------------------------------------------------------------------------------
// Training invitations (the e-mailed link: /coach/training-invite/{token})

/**
 * Any text is accepted as a token: a mistyped or cut-off link is answered like any other invitation
 * that does not stand (404, `trainingTexts.invitationInvalid`), not with a validation message.
 */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(2000) });

/** GET /api/training/invitations/{token}: who invites whom; no sign-in needed (the token is the proof). */
export const trainingInvitationSchema = z.object({
  organizationName: z.string(),
  candidateName: z.string(),
  email: z.string(),
  traineeStatus: z.enum(['InvitePending', 'InviteRejected', 'Training']),
});
export type TrainingInvitation = z.infer<typeof trainingInvitationSchema>;

// ---------------------------------------------------------------------------------------------------
// Practice (/coach/practice)

/** GET /api/practice: the exercises of the trainee's organisation, by topic and level, and progress. */
export const practiceCatalogSchema = z.object({
  organizationName: z.string(),
  topics: z.array(
    z.object({
      topic: z.string(),
      levels: z.record(
        testLevelSchema,
        z.object({
          reading: z.array(z.object({ id: z.string(), text: z.string() })),
          freeSpeech: z.array(z.object({ id: z.string(), question: z.string() })),
        }),
      ),
    }),
  ),
  progress: z.object({
    lessonsCompleted: z.number().int().min(0),
    studyMinutes: z.number().min(0),
    attempts: z.number().int().min(0),
    /** Item ids with the best overall score reached, to mark done exercises. */
    best: z.record(z.string(), z.number()),
  }),
});
export type PracticeCatalog = z.infer<typeof practiceCatalogSchema>;

/** The `meta` JSON field of POST /api/practice/attempts (multipart, with `audio`). */
export const practiceAttemptMetaSchema = z.object({
  topic: z.string().min(1).max(200),
  level: testLevelSchema,
  kind: practiceKindSchema,
  itemId: z.string().min(1).max(200),
  /** Seconds since the exercise was opened, as the browser measured it (bounded by the server). */
  studySeconds: z.number().min(0).max(86_400),
  /** The recording's length as the browser measured it; under TRAINING_RULES.minRecordingMs is refused. */
  durationMs: z.number().min(0).max(3_600_000).optional(),
});
export type PracticeAttemptMeta = z.infer<typeof practiceAttemptMetaSchema>;

/** The key of an exercise in `progress.best` (item ids are unique within a topic only). */
export const practiceItemKey = (topic: string, itemId: string) => `${topic}\n${itemId}`;

/** GET /api/practice/attempts query: the trainee's attempts, newest first. */
export const practiceAttemptsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/practice/attempts: one page of the trainee's attempts in their organisation. */
export const practiceAttemptsPageSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(
    z.object({
      id: z.string(),
      kind: practiceKindSchema,
      topic: z.string(),
      level: testLevelSchema,
      itemId: z.string(),
      prompt: z.string(),
      overallScore: z.number(),
      studySeconds: z.number(),
      createdAt: isoDateTimeSchema,
    }),
  ),
});
export type PracticeAttemptsPage = z.infer<typeof practiceAttemptsPageSchema>;

/** POST /api/practice/attempts: the engine's feedback, in the demo's shapes, and the stored attempt. */
export const practiceAttemptResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reading'), attemptId: z.string(), score: demoReadingResponseSchema }),
  z.object({ kind: z.literal('free-speech'), attemptId: z.string(), score: freeSpeechResponseSchema }),
]);
export type PracticeAttemptResponse = z.infer<typeof practiceAttemptResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Training insights (GET /api/insights, spec 3 §7.3)

export const INSIGHT_PERIODS = [
  'current-week',
  'last-week',
  'current-month',
  'last-30-days',
  'all-time',
] as const;
export const insightPeriodSchema = z.enum(INSIGHT_PERIODS);
export type InsightPeriod = z.infer<typeof insightPeriodSchema>;

export const INSIGHT_METRICS = [
  'overall-score',
  'study-time',
  'pronunciation',
  'content-score',
  'fluency',
  'fluency-pausing',
  'fluency-hesitation',
  'fluency-silence',
  'challenging-words-to-pronounce',
  'challenging-phonemes',
  'lessons-completed',
  'popular-topics',
  'words-said',
] as const;
export const insightMetricSchema = z.enum(INSIGHT_METRICS);
export type InsightMetric = z.infer<typeof insightMetricSchema>;

const csvOf = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(2000)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(item).max(50));

/**
 * GET /api/insights query (spec 3 §7.3): the period (default the current week, Monday to Sunday, UTC),
 * the cohort (a team, or everyone the admin sees), one person (userId = the trainee's identity id, i.e. the candidate id),
 * grouping (per person and/or the whole cohort), periods (the full period and/or per day) and the
 * metrics (default all). Repeated keys are refused by the shared query parser.
 */
export const insightsQuerySchema = z.object({
  period: insightPeriodSchema.default('current-week'),
  teamId: z.string().uuid().optional(),
  userId: z.string().uuid().optional(),
  grouping: csvOf(z.enum(['person', 'cohort'])).default(['person', 'cohort']),
  periods: csvOf(z.enum(['full-period', 'day'])).default(['full-period', 'day']),
  metrics: csvOf(insightMetricSchema).optional(),
});
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

const challengingItemSchema = z.object({
  /** The word, or the sound in IPA. */
  label: z.string(),
  score: z.number().min(0).max(100),
  /** Attempts it was challenging in. */
  count: z.number().int().min(1),
});

/** The metrics of one group over one period; a metric not asked for, or without data, is null. */
export const insightFiguresSchema = z.object({
  attempts: z.number().int().min(0),
  overallScore: z.number().nullable(),
  studyMinutes: z.number().nullable(),
  pronunciation: z.number().nullable(),
  contentScore: z.number().nullable(),
  fluency: z.object({ score: z.number(), wordsPerMinute: z.number().nullable() }).nullable(),
  /** Shares 0–100 of the attempts (sentences) with a pause, a hesitation, a long silence. */
  pausingShare: z.number().nullable(),
  hesitationShare: z.number().nullable(),
  silenceShare: z.number().nullable(),
  lessonsCompleted: z.number().int().nullable(),
  wordsSaid: z.number().int().nullable(),
  challengingWords: z.array(challengingItemSchema).nullable(),
  challengingPhonemes: z.array(challengingItemSchema).nullable(),
  popularTopics: z.array(z.object({ topic: z.string(), attempts: z.number().int() })).nullable(),
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const groupSchema = z.object({
  /** Present when periods has full-period. */
  fullPeriod: insightFiguresSchema.nullable(),
  /** Present when periods has day: Mon..Sun over the period (attempts on that weekday). */
  days: z.array(z.object({ day: z.enum(WEEK_DAYS), figures: insightFiguresSchema })).nullable(),
});

export const trainingInsightsSchema = z.object({
  period: z.object({ name: insightPeriodSchema, from: isoDateTimeSchema.nullable(), to: isoDateTimeSchema }),
  /** Present when grouping has cohort. */
  cohort: groupSchema.nullable(),
  /** Present when grouping has person: every trainee in scope, with or without practice. */
  people: z
    .array(
      groupSchema.extend({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        traineeStatus: z.enum(['NotInvited', 'InvitePending', 'InviteRejected', 'Training']),
        lastPracticeAt: isoDateTimeSchema.nullable(),
      }),
    )
    .nullable(),
});
export type TrainingInsights = z.infer<typeof trainingInsightsSchema>;

// ---------------------------------------------------------------------------------------------------
// Spec and product texts of the training area (tests import these)

export const trainingTexts = {
  // Spec 2 §8
  addUserFailed: 'Adding user failed.',
  invitationsFailed: 'Sending app invitations failed.',
  selectUsersFirst: 'Please select users first.',
  // Ours
  noTrainees: 'No trainees yet. Add a training user to invite them to practise.',
  noPractice: 'No practice in this period yet.',
  statusLabels: {
    NotInvited: 'Not invited',
    InvitePending: 'Invite pending',
    InviteRejected: 'Invite rejected',
    Training: 'Training',
  },
  practiceLocked: 'Practice opens with an invitation from your organisation.',
  invitationInvalid: 'This invitation link is not valid any more. Ask your organisation for a new one.',
  invitationOtherAccount: 'This invitation is for another e-mail address. Sign in with {email} to accept it.',
  invitationAccepted: 'You have joined the English Learning App.',
  invitationDeclined: 'You declined the invitation.',
  invitationAlreadyAccepted: 'This invitation was already accepted, so it can no longer be declined.',
  unknownExercise: "This exercise is not in your organisation's practice content any more.",
} as const;

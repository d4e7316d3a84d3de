import { z } from 'zod';
import { EMAIL_PATTERN } from './common.ts';
import { messages } from './errors.ts';
import { cefrLevelSchema, speakingResultsSchema } from './scoring.ts';

/**
 * Recruitment English test (spec 2): candidates, challenges, the organisation's test content, the
 * candidate's test as they receive it, activities and results. Where spec 2 is silent the shapes are
 * ours; each such field says so ("extension") and docs/decisions/015-english-test.md gives the why.
 */

// ---------------------------------------------------------------------------------------------------
// Constants

/** Test levels (spec 2 §3), in the order a part climbs them. */
export const TEST_LEVELS = ['LOW', 'MEDIUM', 'ADVANCED'] as const;
export const testLevelSchema = z.enum(TEST_LEVELS);
export type TestLevel = z.infer<typeof testLevelSchema>;
/** The names used in a part's scoring object (spec 2 §3: beginner, intermediate, advanced). */
export const LEVEL_SCORING_KEYS = { LOW: 'beginner', MEDIUM: 'intermediate', ADVANCED: 'advanced' } as const;

/** Candidate levels of the Add user form (spec 2 §3). */
export const CANDIDATE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const candidateLevelSchema = z.enum(CANDIDATE_LEVELS);

/** Content kinds (spec 2 §3), which are also the parts of a test, in the order they are taken. */
export const TEST_PARTS = ['Reading', 'Listening', 'ReadingComprehension', 'FreeSpeech'] as const;
export const testPartSchema = z.enum(TEST_PARTS);
export type TestPart = z.infer<typeof testPartSchema>;
export const TEST_PART_LABELS: Record<TestPart, string> = {
  Reading: 'Reading',
  Listening: 'Listening',
  ReadingComprehension: 'Reading Comprehension',
  FreeSpeech: 'Free speech',
};

/**
 * Activity types (spec 2 §3: read-phrase, answer-comprehension-question, timeout) plus two of ours:
 * start-part (the candidate starts a part; its clock starts then) and answer-free-speech (the one free
 * answer, recorded like a reading).
 */
export const ACTIVITY_TYPES = [
  'read-phrase',
  'answer-comprehension-question',
  'timeout',
  'start-part',
  'answer-free-speech',
] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** Challenge end reasons (spec 2 §3), per part. */
export const FINISH_REASONS = ['TIMES_UP', 'LEVEL_LOW_SCORE', 'FULL_COMPLETE'] as const;
export const finishReasonSchema = z.enum(FINISH_REASONS);
export type FinishReason = z.infer<typeof finishReasonSchema>;
export const FINISH_REASON_LABELS: Record<FinishReason, string> = {
  TIMES_UP: "Time's up",
  LEVEL_LOW_SCORE: 'Level low score',
  FULL_COMPLETE: 'Full complete',
};

/** Candidate test status (spec 2 §4) and the texts the list shows. */
export const CANDIDATE_TEST_STATUSES = ['NotInvited', 'InviteSent', 'Done', 'Expired'] as const;
export type CandidateTestStatus = (typeof CANDIDATE_TEST_STATUSES)[number];
export const CANDIDATE_TEST_STATUS_LABELS: Record<CandidateTestStatus, string> = {
  NotInvited: 'Not Invited',
  InviteSent: 'Invite sent',
  Done: 'Done',
  Expired: 'Expired',
};

/** Trainee status (spec 2 §4). */
export const TRAINEE_STATUSES = ['NotInvited', 'InvitePending', 'InviteRejected', 'Training'] as const;
export const traineeStatusSchema = z.enum(TRAINEE_STATUSES);
export type TraineeStatus = z.infer<typeof traineeStatusSchema>;

/**
 * Rules of the test. Spec 2 gives the level guard (50), the 30 s recording limit and the challenging
 * words rule (under 98, lowest 6; 5 on the recruitment overview); the rest are our choices
 * (docs/decisions/015-english-test.md).
 */
export const TEST_RULES = {
  /** A level averaging under this ends its part with LEVEL_LOW_SCORE (spec 2 §9: level guard 50). */
  levelGuard: 50,
  /** Speech recording max (spec 2 §5, §9). */
  maxRecordingSeconds: 30,
  /** A recording shorter than this is refused before scoring. */
  minRecordingMs: 500,
  /** Answers reaching the server this long after a part's deadline still count (uploads take time). */
  deadlineGraceSeconds: 15,
  /** A test code can be used this many days after it was sent; then the challenge is Expired. */
  codeLifetimeDays: 14,
  /** Challenging words and sounds: score under 98, the lowest 6 (spec 2 §9). */
  challengingBelow: 98,
  challengingKept: 6,
  /** The recruitment overview shows the top 5 (spec 2 §9). */
  overviewChallengingShown: 5,
  /** Candidate tokens last this long (a test with breaks between parts; no refresh tokens). */
  candidateTokenTtlSeconds: 4 * 60 * 60,
} as const;

// ---------------------------------------------------------------------------------------------------
// Test content (organisation's configuration; spec 2 §3 "Test content")

const itemIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only');
const textField = (max: number) => z.string().trim().min(1, messages.validation.required).max(max);

export const readingSentenceSchema = z.object({ id: itemIdSchema, text: textField(300) });

const choiceFields = {
  id: itemIdSchema,
  /** The question. */
  text: textField(500),
  options: z.array(textField(300)).min(2).max(6),
  answerIndex: z.number().int().min(0),
};
const answerInRange = (q: { options: string[]; answerIndex: number }) => q.answerIndex < q.options.length;
const answerMessage = { message: 'answerIndex must point at one of the options', path: ['answerIndex'] };

/** A listening question: the server speaks `audioText` (text-to-speech), then asks `text`. */
export const listeningQuestionSchema = z
  .object({ ...choiceFields, audioText: textField(1500) })
  .refine(answerInRange, answerMessage);
/** A reading-comprehension question about `readingText`. */
export const comprehensionQuestionSchema = z
  .object({ ...choiceFields, readingText: textField(3000) })
  .refine(answerInRange, answerMessage);
export const freeSpeechTopicSchema = z.object({ id: itemIdSchema, text: textField(500) });

const askCount = z.number().int().min(1).max(10);

/** One level of one position: pools of items and how many of each a test asks. */
export const levelContentSchema = z
  .object({
    reading: z.object({ ask: askCount, sentences: z.array(readingSentenceSchema).min(1).max(200) }),
    listening: z.object({ ask: askCount, questions: z.array(listeningQuestionSchema).min(1).max(200) }),
    readingComprehension: z.object({
      ask: askCount,
      questions: z.array(comprehensionQuestionSchema).min(1).max(200),
    }),
    freeSpeech: z.object({ topics: z.array(freeSpeechTopicSchema).min(1).max(50) }),
  })
  .superRefine((level, issue) => {
    for (const key of ['reading', 'listening', 'readingComprehension'] as const) {
      const section = level[key];
      const pool = 'sentences' in section ? section.sentences.length : section.questions.length;
      if (pool < section.ask) {
        issue.addIssue({
          code: 'custom',
          path: [key, 'ask'],
          message: `ask is ${section.ask} but the pool has ${pool}`,
        });
      }
    }
  });
export type LevelContent = z.infer<typeof levelContentSchema>;

export const positionContentSchema = z.object({
  /** The test topic an admin picks in Send test (spec 2 §3 "position (test topic)"). */
  position: textField(200),
  levels: z.object({ LOW: levelContentSchema, MEDIUM: levelContentSchema, ADVANCED: levelContentSchema }),
});
export type PositionContent = z.infer<typeof positionContentSchema>;

/** Seconds each part may take once started (a level's items are all within its part's clock). */
export const timeLimitsSchema = z.object({
  Reading: z.number().int().min(30).max(3600),
  Listening: z.number().int().min(30).max(3600),
  ReadingComprehension: z.number().int().min(30).max(3600),
  FreeSpeech: z.number().int().min(30).max(3600),
});

/**
 * GET/PUT /api/admin/test-content: the organisation's whole content (the product's default until an
 * admin replaces it). Item ids must be unique within a position.
 */
export const testContentSchema = z
  .object({
    timeLimitsSeconds: timeLimitsSchema,
    positions: z.array(positionContentSchema).min(1).max(50),
  })
  .superRefine((content, issue) => {
    const names = new Set<string>();
    content.positions.forEach((p, pi) => {
      const key = p.position.toLowerCase();
      if (names.has(key)) {
        issue.addIssue({
          code: 'custom',
          path: ['positions', pi, 'position'],
          message: 'Positions must be unique',
        });
      }
      names.add(key);
      const ids = new Set<string>();
      for (const level of TEST_LEVELS) {
        const l = p.levels[level];
        const items = [
          ...l.reading.sentences,
          ...l.listening.questions,
          ...l.readingComprehension.questions,
          ...l.freeSpeech.topics,
        ];
        for (const item of items) {
          if (ids.has(item.id)) {
            issue.addIssue({
              code: 'custom',
              path: ['positions', pi, 'levels', level],
              message: `Item id "${item.id}" is used twice in ${p.position}`,
            });
          }
          ids.add(item.id);
        }
      }
    });
  });
export type TestContent = z.infer<typeof testContentSchema>;

// ---------------------------------------------------------------------------------------------------
// The candidate's test (what POST /api/challenge/auth answers as `content`)

/**
 * The test drawn for one challenge, in the shape of one position's content: each pool holds just the
 * items drawn (ask = pool size), without answers; listening questions carry an `audioUrl` the server
 * speaks instead of their text. Free speech holds one topic per level; the test asks the one of the
 * level the candidate reached in Reading.
 */
export const candidateContentSchema = z.object({
  position: z.string(),
  timeLimitsSeconds: timeLimitsSchema,
  levels: z.record(
    testLevelSchema,
    z.object({
      reading: z.object({ sentences: z.array(z.object({ id: z.string(), text: z.string() })) }),
      listening: z.object({
        questions: z.array(
          z.object({ id: z.string(), text: z.string(), options: z.array(z.string()), audioUrl: z.string() }),
        ),
      }),
      readingComprehension: z.object({
        questions: z.array(
          z.object({
            id: z.string(),
            text: z.string(),
            options: z.array(z.string()),
            readingText: z.string(),
          }),
        ),
      }),
      freeSpeech: z.object({ topics: z.array(z.object({ id: z.string(), text: z.string() })) }),
    }),
  ),
});
export type CandidateContent = z.infer<typeof candidateContentSchema>;

// ---------------------------------------------------------------------------------------------------
// Assessment status and activities (spec 2 §3 "Assessment status", §7 candidate-facing calls)

/** Where the candidate is in one part (extension). */
export const partProgressSchema = z.object({
  part: testPartSchema,
  /** not-started → in-progress → finished. */
  state: z.enum(['not-started', 'in-progress', 'finished']),
  /** Level being taken (in-progress), or the last level reached. */
  level: testLevelSchema,
  /** The item to answer next (in-progress only). */
  itemId: z.string().nullable(),
  /** Items of this part answered so far, and how many it asks at most. */
  answered: z.number().int().min(0),
  total: z.number().int().min(0),
  /** When the part's clock runs out (in-progress only); the client counts down to it. */
  deadline: z.string().nullable(),
  finishReason: finishReasonSchema.nullable(),
});
export type PartProgress = z.infer<typeof partProgressSchema>;

export const assessmentStatusSchema = z.object({
  /** The current part goes on (false once it finished; the next part must be started). */
  mayContinuePart: z.boolean(),
  /** The whole test is over; the challenge is completed. */
  isFinished: z.boolean(),
  /** Once finished: when and how (the scores go to the organisation, not to the candidate). */
  assessmentResult: z.object({ completedAt: z.string() }).nullable(),
  /** Extension: the part to take now (null when finished) and every part's progress, in order. */
  currentPart: testPartSchema.nullable(),
  parts: z.array(partProgressSchema),
  /** Extension: server time, so the client's countdown does not depend on its own clock. */
  serverTime: z.string(),
});
export type AssessmentStatus = z.infer<typeof assessmentStatusSchema>;

/**
 * `context` of every activity: which item it answers and a key chosen by the client per attempt.
 * Sending the same key again answers the stored outcome (a retried upload is never counted twice).
 */
export const activityContextSchema = z.object({
  part: testPartSchema,
  level: testLevelSchema.optional(),
  /** The item answered (none for start-part and timeout). */
  itemId: z.string().max(64).optional(),
  idempotencyKey: z.string().min(8).max(100),
});

/** POST /api/assessment/activity: comprehension and listening answers, timeouts and part starts. */
export const activityRequestSchema = z.object({
  context: activityContextSchema,
  data: z.object({ answerIndex: z.number().int().min(0).max(20).optional() }).default({}),
  type: z.enum(['answer-comprehension-question', 'timeout', 'start-part']),
});
export type ActivityRequest = z.input<typeof activityRequestSchema>;
export const activityResponseSchema = z.object({ assessmentStatus: assessmentStatusSchema });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/**
 * `meta` field (a JSON string) of POST /api/assessment/form/activity, beside the `audio` file:
 * a reading of a sentence or the free-speech answer.
 */
export const formActivityMetaSchema = z.object({
  context: activityContextSchema.extend({ itemId: z.string().max(64) }),
  data: z.object({ durationMs: z.number().int().min(0).max(600_000).optional() }).default({}),
  type: z.enum(['read-phrase', 'answer-free-speech']),
});
export type FormActivityMeta = z.input<typeof formActivityMetaSchema>;
export const formActivityResponseSchema = z.object({
  assessmentStatus: assessmentStatusSchema,
  /** The reading's overall score 0–100 (null for the free answer). */
  responseData: z.object({ readingScore: z.number().min(0).max(100).nullable() }),
});
export type FormActivityResponse = z.infer<typeof formActivityResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Results (spec 2 §3 resultsBlob)

export const partScoringSchema = z.object({
  overall: z.number().min(0).max(100),
  /** Per level, 0–100; null when the level was not reached. */
  beginner: z.number().min(0).max(100).nullable(),
  intermediate: z.number().min(0).max(100).nullable(),
  advanced: z.number().min(0).max(100).nullable(),
});
export const testMetaInfoSchema = z.object({
  numberOfCompletedLevels: z.number().int().min(0),
  /** Levels the part has (3; free speech 1); 0 when the part was not in the test (listening without TTS). */
  numberOfLevels: z.number().int().min(0),
  lastFinishLevel: testLevelSchema.nullable(),
  finishReason: finishReasonSchema.nullable(),
});
export const partResultSchema = z.object({
  scoring: partScoringSchema,
  testMetaInfo: testMetaInfoSchema,
  /** Extension: the part's CEFR level by the demo-test banding of its level scores. */
  cefr: cefrLevelSchema,
});
export type PartResult = z.infer<typeof partResultSchema>;

/** A word of a recognised transcript as a report shows it (`ShownWord`). */
export const transcriptWordSchema = z.object({
  word: z.string(),
  /** The recogniser was unsure of it: shown marked. */
  uncertain: z.boolean().optional(),
});

export const resultsBlobSchema = speakingResultsSchema.extend({
  cefrRating: cefrLevelSchema,
  /** No reading or free answer was recorded (the speaking fields are then 0). */
  missingSpeakingTest: z.boolean(),
  listeningTest: partResultSchema,
  readingComprehensionTest: partResultSchema,
  /** Extension: reading aloud, by level. */
  readingTest: partResultSchema,
  /** Extension: the free answer. */
  freeSpeechTest: z.object({
    topic: z.string().nullable(),
    overallScore: z.number().min(0).max(100),
    /** What the recogniser heard, profanities masked; null when no answer was recorded. */
    transcript: z.string().nullable(),
    /**
     * The transcript's words (profanities masked), those the recogniser was unsure of marked (issue 26);
     * empty when no answer was recorded. Missing from results stored before it: show `transcript`.
     */
    words: z.array(transcriptWordSchema).optional(),
    /**
     * Estimated from the transcript; null when no answer was recorded or, with an answer, when too few
     * of its words were clearly recognised to estimate it (TRANSCRIPT_TEXTS.noGrammar / noVocabulary).
     */
    grammar: cefrLevelSchema.nullable(),
    vocabulary: cefrLevelSchema.nullable(),
    finishReason: finishReasonSchema.nullable(),
  }),
  /** Extension: per skill CEFR levels and how the rating was combined (docs/decisions/015). */
  cefrBySkill: z.object({
    speaking: cefrLevelSchema,
    listening: cefrLevelSchema,
    reading: cefrLevelSchema,
  }),
});
export type ResultsBlob = z.infer<typeof resultsBlobSchema>;

// ---------------------------------------------------------------------------------------------------
// Challenges and candidates (admin side)

/** A challenge (spec 2 §3), with the contract's spellings. */
export const challengeSchema = z.object({
  id: z.string(),
  /** Extension: the candidate's identityId, for the report's route. */
  candidateId: z.string(),
  createTime: z.string(),
  completedAt: z.string().nullable(),
  code: z.string(),
  isExpired: z.boolean(),
  /** Extension: when the code stops working. */
  expiresAt: z.string().nullable(),
  readingComprehensionCefr: cefrLevelSchema.nullable(),
  readingComprehnesionResultScore: z.number().nullable(),
  resultCefr: cefrLevelSchema.nullable(),
  readingResultScore: z.number().nullable(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  candidateDepartment: z.string().nullable(),
  candidatePosition: z.string().nullable(),
  resultsBlob: resultsBlobSchema.nullable(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export const challengeListSchema = z.array(challengeSchema);

/** GET /admin/challenges/{id}: a challenge with what only its report needs. */
export const challengeDetailSchema = challengeSchema.extend({
  /**
   * Extension: a signed link an <audio> element plays the free answer's recording from (supports
   * Range), bound to the admin's sign-in; null when no recording was kept.
   */
  freeSpeechRecordingUrl: z.string().nullable(),
});
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>;

/** One entry of a candidate's recruitInfo.challengesMeta. */
export const challengeMetaSchema = challengeSchema.pick({
  id: true,
  createTime: true,
  completedAt: true,
  code: true,
  isExpired: true,
  expiresAt: true,
  resultCefr: true,
});
export type ChallengeMeta = z.infer<typeof challengeMetaSchema>;

/** A candidate (spec 2 §3). */
export const candidateSchema = z.object({
  identityId: z.string(),
  name: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  level: z.string().nullable(),
  /** The team's name (the list's "department (team)"). */
  department: z.string().nullable(),
  isRecruit: z.boolean(),
  isTrainee: z.boolean(),
  /** Newest first. */
  recruitInfo: z.object({ challengesMeta: z.array(challengeMetaSchema) }),
  traineeInfo: z.object({ traineeStatus: traineeStatusSchema }),
  /** The organisation member with this e-mail, when there is one, and the candidate's teams. */
  aiCoachInfo: z.object({
    astridIdentityId: z.string().nullable(),
    teams: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  createdAt: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;
export const candidateListSchema = z.array(candidateSchema);

/** POST /api/candidate (the Add user form, spec 2 §3 and §5). */
export const createCandidateRequestSchema = z.object({
  name: z
    .string({ error: messages.validation.provideName })
    .trim()
    .min(1, messages.validation.provideName)
    .max(200),
  email: z
    .string({ error: messages.validation.invalidEmail })
    .trim()
    .regex(EMAIL_PATTERN, messages.validation.invalidEmail)
    .max(254, messages.validation.invalidEmail)
    .transform((v) => v.toLowerCase()),
  /** Test topic; with isRecruit, the test is sent at once (one test used). */
  position: z.string().trim().max(200).optional(),
  level: candidateLevelSchema.optional(),
  /** Team id (spec: "department (team)"). */
  department: z.uuid().optional(),
  isRecruit: z.boolean().default(true),
  isTrainee: z.boolean().default(false),
  /**
   * With isTrainee: e-mail the invitation to the learning app now (spec 2 §3 inviteUserToTraining;
   * default yes). No leaves the trainee 'not invited' until Invite users to training.
   */
  inviteUserToTraining: z.boolean().optional(),
});
export type CreateCandidateRequest = z.input<typeof createCandidateRequestSchema>;
export const createCandidateResponseSchema = z.object({ createdCandidate: candidateSchema });

/** POST /api/challenge (Send test, spec 2 §5). */
export const sendTestRequestSchema = z.object({
  candidateAstridIdentityIds: z
    .array(z.uuid(), { error: messages.validation.selectUsers })
    .min(1, messages.validation.selectUsers)
    .max(500),
  position: z
    .string({ error: messages.validation.selectTestType })
    .trim()
    .min(1, messages.validation.selectTestType)
    .max(200),
});
export type SendTestRequest = z.input<typeof sendTestRequestSchema>;
export const sendTestResponseSchema = z.object({ createdChallenges: challengeListSchema });

/** POST /api/candidate/training-invite (spec 2 §5: at least one selected user). */
export const trainingInviteRequestSchema = z.object({
  candidateAstridIdentityIds: z.array(z.uuid()).min(1, messages.validation.selectUsers).max(500),
});
export const trainingInviteResponseSchema = z.object({ invitedCandidatesIdentityIds: z.array(z.string()) });

/** GET /api/admin/generate-pdf: only the report's print route of this app can be rendered. */
export const generatePdfQuerySchema = z.object({
  urlPath: z
    .string()
    .max(300)
    .regex(/^\/dashboard\/test\/user\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/print$/, 'Only a report can be printed'),
  filename: z
    .string()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[^/\\\0\r\n"]+$/, 'Not a file name'),
});

// ---------------------------------------------------------------------------------------------------
// Rules shared by the dashboard and the API

/** Candidate test status from their newest challenge (spec 2 §4), applied in the spec's order. */
export function candidateTestStatus(
  latest: Pick<ChallengeMeta, 'completedAt' | 'isExpired' | 'createTime'> | undefined,
): CandidateTestStatus {
  if (!latest) return 'NotInvited';
  if (latest.completedAt) return 'Done';
  if (latest.isExpired) return 'Expired';
  if (latest.createTime) return 'InviteSent';
  return 'NotInvited';
}

/** One challenging word or sound across candidates, with the number of candidates it troubled. */
export interface ChallengingItem {
  kind: 'word' | 'sound';
  label: string;
  /** Mean score over the results that list it. */
  score: number;
  candidates: number;
}

/**
 * The words and sounds most often challenging across completed challenges: ranked by how many
 * candidates they troubled, then by the lowest mean score (spec 2 §2: the overview shows the top 5).
 */
export function topChallenging(
  results: Pick<ResultsBlob, 'challengingWords' | 'challengingSounds'>[],
  count: number = TEST_RULES.overviewChallengingShown,
): ChallengingItem[] {
  const tally = new Map<string, { item: ChallengingItem; total: number }>();
  const add = (kind: ChallengingItem['kind'], label: string, score: number) => {
    const key = `${kind}:${label}`;
    const entry = tally.get(key) ?? { item: { kind, label, score: 0, candidates: 0 }, total: 0 };
    entry.item.candidates += 1;
    entry.total += score;
    entry.item.score = Math.round(entry.total / entry.item.candidates);
    tally.set(key, entry);
  };
  for (const r of results) {
    for (const w of r.challengingWords) add('word', w.word_normalised, w.score);
    for (const s of r.challengingSounds) add('sound', s.phoneme, s.score);
  }
  return [...tally.values()]
    .map((e) => e.item)
    .sort((a, b) => b.candidates - a.candidates || a.score - b.score || a.label.localeCompare(b.label))
    .slice(0, count);
}

/**
 * CEFR against other scales, for the report's benchmark table (spec 2 §2). Sources and how ranges were
 * chosen: docs/decisions/015-english-test.md.
 */
export const CEFR_BENCHMARKS: Record<
  z.infer<typeof cefrLevelSchema>,
  { toeflIbt: string; toeic: string; ielts: string; cambridge: string; gse: string }
> = {
  A1: { toeflIbt: '–', toeic: '120–224', ielts: '–', cambridge: '100–119', gse: '22–29' },
  A2: { toeflIbt: '–', toeic: '225–549', ielts: '–', cambridge: '120–139', gse: '30–42' },
  B1: { toeflIbt: '42–71', toeic: '550–784', ielts: '4.0–5.0', cambridge: '140–159', gse: '43–58' },
  B2: { toeflIbt: '72–94', toeic: '785–944', ielts: '5.5–6.5', cambridge: '160–179', gse: '59–75' },
  C1: { toeflIbt: '95–113', toeic: '945–990', ielts: '7.0–8.0', cambridge: '180–199', gse: '76–84' },
  C2: { toeflIbt: '114–120', toeic: '–', ielts: '8.5–9.0', cambridge: '200–230', gse: '85–90' },
};

/** Texts of the English test the spec does not give (ours), in one place for the UI and the tests. */
export const RECRUITMENT_TEXTS = {
  codeUsed: 'Used',
  copied: 'Copied',
  testsLeft: (n: number) => `${n} ${n === 1 ? 'test' : 'tests'} left`,
  noCandidates: 'No candidates yet. Add a candidate to send them a test.',
  limitTests: 'You have reached your tests limit',
  needMoreTests: 'Need more tests or want to upgrade your plan?',
  invitationSubject: (org: string) => `${org} invites you to take the English Test`,
  trainingInvitationSubject: (org: string) => `${org} invites you to the English Learning App`,
  candidateExists: 'A candidate with this email already exists.',
  noRecruitmentAccess: 'Your organisation has no access to the English Test.',
  selectTeam: 'Please select one of your teams.',
  wrongCode: 'This email and test code do not match an open test.',
  testFinished: 'This test is already finished. Thank you!',
  testExpired: 'This test code has expired. Please ask the company that invited you for a new one.',
  alreadyAnswered: 'This question was already answered.',
  notCurrentItem: 'This is not the current question of your test.',
  partNotStarted: 'Start this part first.',
  partOutOfOrder: 'Finish the current part of your test first.',
  wrongActivityType: 'This kind of answer does not belong to this part of the test.',
  listeningUnavailable: 'Listening questions cannot be played on this server.',
  generatePdfFailed: 'Failed to generate report',
  noResultsYet: 'This test has no results yet.',
  parseResultsFailed: 'There was an error parsing the test results.',
} as const;

import { z } from 'zod';
import { plainString, textField } from './common.ts';

/**
 * Call quality assurance: scorecards, calls, QA items, alerts and the QA dashboard (spec 3 §2.4–2.7,
 * §3.1–3.3, §4, §5, §7.1, §8, §9). The RPC-style calls of spec 3 §7.1 are REST endpoints under
 * /api/qa; `GET /api/admin/qc-items` is the main API's list. Decision record:
 * docs/decisions/022-call-qa.md.
 */

// ---------------------------------------------------------------------------------------------------
// Texts and limits
// ---------------------------------------------------------------------------------------------------

/** Spec 3 §8 texts of the QA area, in one place for the api, the web client and the tests. */
export const QA_TEXTS = {
  questionSaveFailed: 'Something went wrong. Please try again',
  questionModified: 'Question modified successfully!',
  questionCreated: 'Question created successfully!',
  questionDeleted: 'Question deleted successfully',
  questionDeleteFailed: 'Failed to delete a question. Please try again',
  uploadTooLarge: 'Combined documents size cannot exceed 100MB',
  uploadSucceeded: 'Scorecard documents uploaded successfully!',
  uploadAllFailed: 'Failed to upload scorecard documents',
  /** Followed by the file names, comma-separated. */
  uploadSomeFailed: 'Failed to upload some of the documents:',
  scorecardsLoadFailed: 'Failed to load scorecards. Please try again',
  questionsLoadFailed: 'Failed to load questions. Please try again',
  retry: 'Retry',
  noScorecards: 'No scorecards to manage',
  emptyScorecard: 'The scorecard is empty.',
  /** QA data: a load failure with a Retry button (alerts table, dashboard). */
  couldNotLoad: 'Could not load data. Please try again',
  /** QA data: a failure with a Try again button (QA report). */
  failedToLoad: 'Failed to load data. Please try again',
  tryAgain: 'Try again',
  reviewFailed: 'Something went wrong. Please try again.',
  /** Spec 3 §5: blank or whitespace-only question texts. */
  required: 'Required',
  /** Dashboard heading when an agent is chosen: `${qaAnalysisFor} ${agentName}`. */
  qaAnalysisFor: 'QA Analysis for',
  shared: 'Shared',
  explanation: 'Explanation',
  /** Reviews, disputes and calibration (issue 27): answers of the API the screens show. */
  noSuchAnswer: 'This QA item has no answer to that question.',
  noOverride: 'This answer has no override to remove.',
} as const;

/** Spec 3 §9 and our limits where the spec is silent (decision 022). */
export const QA_LIMITS = {
  /** Spec 3 §3.2/§9: a maximum exists, its value is not shown; ours. */
  maxQuestionsPerScorecard: 50,
  /**
   * Spec 3 §5/§9: "combined size at most 100 MB". The server holds a scorecard's stored documents to it
   * together (a batch is parallel single-file calls it cannot tell apart; decision 024).
   */
  maxDocumentsBytes: 100 * 1024 * 1024,
  /** Per uploaded call: the recording, and a transcript file. */
  maxCallAudioBytes: 200 * 1024 * 1024,
  maxCallTranscriptBytes: 5 * 1024 * 1024,
  /**
   * A coach session shorter than this (seconds) is no QA call: reading practice and short drills
   * would be flagged against scorecards written for calls (decision 022).
   */
  minSessionCallSeconds: 60,
  /** Longest call analysed from audio (seconds). */
  maxCallSeconds: 2 * 3600,
  maxQuestionTextChars: 500,
  maxPresentationTextChars: 2000,
  maxScorecardNameChars: 120,
  maxPhrases: 40,
  maxPhraseChars: 200,
  maxCallTitleChars: 200,
  /** The Upload call list keeps a call analysed this many minutes ago (then it is in the table only). */
  recentCallMinutes: 60,
  /** At most this many calls in the Upload call list. */
  callListSize: 50,
  /** Spec 3 §9. */
  pageSizes: [10, 20, 50] as const,
  defaultPageSize: 10,
  filterDebounceMs: 300,
  performanceChartPageSize: 15,
  /** A reviewer's reason for an override (trimmed, required). */
  maxOverrideReasonChars: 500,
  /** An agent's comment on an acknowledgement or dispute (trimmed; required for a dispute). */
  maxAgentCommentChars: 1000,
} as const;

/** Spec 3 §3.3/§9: sort priority of flag levels. */
export const FLAG_LEVELS = ['UNSPECIFIED', 'GREEN', 'YELLOW', 'RED'] as const;
export const flagLevelSchema = z.enum(FLAG_LEVELS);
export type FlagLevel = z.infer<typeof flagLevelSchema>;
export const FLAG_PRIORITY: Record<FlagLevel, number> = { RED: 3, YELLOW: 2, GREEN: 1, UNSPECIFIED: 0 };

/** Score of an answer on the dashboard: green 100, yellow 50, red 0 (not applicable is left out). */
export const FLAG_SCORE: Record<Exclude<FlagLevel, 'UNSPECIFIED'>, number> = {
  GREEN: 100,
  YELLOW: 50,
  RED: 0,
};

/** Spec 3 §2.5 date presets, This Week first as the default. */
export const QA_DATE_PRESETS = [
  'This Week',
  'Today',
  'Yesterday',
  'Last Week',
  'This Month',
  'Last Month',
] as const;
export type QaDatePreset = (typeof QA_DATE_PRESETS)[number];

// ---------------------------------------------------------------------------------------------------
// Scorecards and questions (spec 3 §3.1, §3.2, §5)
// ---------------------------------------------------------------------------------------------------

export const QUESTION_PURPOSES = ['COACHING', 'QUALITY'] as const;
export const questionPurposeSchema = z.enum(QUESTION_PURPOSES);
/** Spec 3 §3.1: Medium or High (unspecified is excluded). */
export const QUESTION_SEVERITIES = ['MEDIUM', 'HIGH'] as const;
export const questionSeveritySchema = z.enum(QUESTION_SEVERITIES);
/** Whose turns answer the question (our extension; ANY reads every line). */
export const QUESTION_SPEAKERS = ['AGENT', 'CUSTOMER', 'ANY'] as const;
export const questionSpeakerSchema = z.enum(QUESTION_SPEAKERS);

const phraseList = z.array(textField(QA_LIMITS.maxPhraseChars)).max(QA_LIMITS.maxPhrases).default([]);

export const questionSetSchema = z.object({
  questionSetId: z.string(),
  name: z.string(),
  /** Spec 3 §3.2 "a maximum questions per set value". */
  maxQuestions: z.number().int(),
  questionCount: z.number().int(),
  documentCount: z.number().int(),
  /** The teams whose agents' calls are asked this scorecard; empty = every agent (our extension). */
  teamIds: z.array(z.string()),
  createdAt: z.string(),
});
export type QuestionSet = z.infer<typeof questionSetSchema>;

export const questionSetListSchema = z.object({ questionSets: z.array(questionSetSchema) });
/** Create: a name, and optionally the teams the scorecard is for (none = every agent). */
export const questionSetInputSchema = z.object({
  name: textField(QA_LIMITS.maxScorecardNameChars),
  teamIds: z.array(z.uuid()).max(200).optional(),
});
/** PATCH: a new name and/or new teams. */
export const questionSetPatchSchema = z
  .object({
    name: textField(QA_LIMITS.maxScorecardNameChars).optional(),
    teamIds: z.array(z.uuid()).max(200).optional(),
  })
  .refine((v) => v.name !== undefined || v.teamIds !== undefined, { message: QA_TEXTS.required });
export type QuestionSetPatch = z.input<typeof questionSetPatchSchema>;
export type QuestionSetInput = z.input<typeof questionSetInputSchema>;
export const questionSetParamsSchema = z.object({ questionSetId: z.uuid() });

export const questionSchema = z.object({
  questionId: z.string(),
  questionText: z.string(),
  /** Shown in the UI as Explanation. */
  presentationText: z.string(),
  purposes: z.array(questionPurposeSchema),
  isActive: z.boolean(),
  /** The expected answer: true = Yes is good, false = No is good. */
  isTrueGood: z.boolean(),
  severity: questionSeveritySchema,
  questionSetIds: z.array(z.string()),
  speaker: questionSpeakerSchema,
  /** Literal phrases whose presence in the speaker's turns means Yes. */
  phrases: z.array(z.string()),
  /** Example phrasings of a Yes, compared by meaning (sentence embeddings). */
  examples: z.array(z.string()),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof questionSchema>;
export const questionListSchema = z.object({ questions: z.array(questionSchema) });

/**
 * Create (POST /api/qa/questions) and update (PUT /api/qa/questions/{questionId}). Spec 3 §5: texts
 * required ('Required'), at least one purpose and one scorecard. An update with `questionSetIds`
 * empty is the spec's delete (§4: "updating it with the current scorecard removed"); the question is
 * then kept for its past answers but no longer asked.
 */
const questionFields = {
  questionText: textField(QA_LIMITS.maxQuestionTextChars),
  presentationText: textField(QA_LIMITS.maxPresentationTextChars),
  purposes: z.array(questionPurposeSchema).min(1, QA_TEXTS.required),
  isActive: z.boolean(),
  isTrueGood: z.boolean(),
  severity: questionSeveritySchema,
  speaker: questionSpeakerSchema.default('AGENT'),
  phrases: phraseList,
  examples: phraseList,
};
export const questionCreateSchema = z.object({
  ...questionFields,
  questionSetIds: z.array(z.uuid()).min(1, QA_TEXTS.required),
});
export const questionUpdateSchema = z.object({
  ...questionFields,
  questionSetIds: z.array(z.uuid()),
});
export type QuestionCreate = z.input<typeof questionCreateSchema>;
export type QuestionUpdate = z.input<typeof questionUpdateSchema>;
export const questionParamsSchema = z.object({ questionId: z.uuid() });

/** POST /api/qa/questions/suggest: evidence suggested from the question text (editable in the modal). */
export const phraseSuggestionRequestSchema = z.object({
  questionText: textField(QA_LIMITS.maxQuestionTextChars),
  presentationText: plainString().max(QA_LIMITS.maxPresentationTextChars).optional(),
});
export const phraseSuggestionSchema = z.object({
  speaker: questionSpeakerSchema,
  phrases: z.array(z.string()),
  examples: z.array(z.string()),
});
export type PhraseSuggestion = z.infer<typeof phraseSuggestionSchema>;

/** Spec 3 §2.7/§5: document upload per scorecard, multipart field `documentFile`, one file per call. */
export const QA_DOCUMENT_TYPES = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'text/plain': '.txt',
} as const;
export const scorecardDocumentSchema = z.object({
  documentId: z.string(),
  questionSetId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Characters of text extracted (what the answerer can use). */
  textChars: z.number().int(),
  createdAt: z.string(),
});
export type ScorecardDocument = z.infer<typeof scorecardDocumentSchema>;
export const scorecardDocumentListSchema = z.object({ documents: z.array(scorecardDocumentSchema) });
export const documentParamsSchema = z.object({ questionSetId: z.uuid(), documentId: z.uuid() });

// ---------------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------------

export const TRANSCRIPT_SPEAKERS = ['AGENT', 'CUSTOMER', 'UNKNOWN'] as const;
export const transcriptSpeakerSchema = z.enum(TRANSCRIPT_SPEAKERS);

export const transcriptLineSchema = z.object({
  /** Position in the call's transcript: what citations point at. */
  index: z.number().int(),
  speaker: transcriptSpeakerSchema,
  speakerLabel: z.string(),
  /** Seconds from the start of the call. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  /**
   * A transcribed recording: positions (from 0) of the words of `text` (split at spaces) the
   * recogniser was unsure of. Absent for an uploaded transcript.
   */
  unsure: z.array(z.number().int().min(0)).optional(),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

/**
 * The JSON transcript format POST /api/qa/calls accepts (a `transcript` file of type
 * application/json): turns with a speaker label and times in seconds. `role` says who is the agent;
 * without it the label decides (decision 022). WebVTT (`text/vtt`) with `<v Speaker>` voice spans is
 * the other accepted format.
 */
export const jsonTranscriptSchema = z.object({
  turns: z
    .array(
      z.object({
        speaker: plainString().max(100),
        role: z.enum(['agent', 'customer']).optional(),
        start: z.number().min(0),
        end: z.number().min(0),
        text: plainString().max(20_000),
      }),
    )
    .min(1)
    .max(5000),
});

/** The text fields of the multipart POST /api/qa/calls (with `audio` and/or `transcript` files). */
export const callUploadFieldsSchema = z.object({
  agentIdentityId: z.uuid(),
  title: textField(QA_LIMITS.maxCallTitleChars),
  /** ISO 8601 date-time; defaults to the upload time. */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type CallUploadFields = z.input<typeof callUploadFieldsSchema>;

export const CALL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** Where a call came from: an admin's upload, or a member's analysed coach session (decision 022). */
export const CALL_SOURCES = ['UPLOAD', 'SESSION'] as const;
/** Where a call's transcript came from: the upload's file, or the speech engine. */
export const TRANSCRIPT_SOURCES = ['UPLOAD', 'ENGINE'] as const;
export const callSchema = z.object({
  callId: z.string(),
  title: z.string(),
  source: z.enum(CALL_SOURCES),
  sessionId: z.string().nullable(),
  agent: z.object({ identityId: z.string(), name: z.string(), email: z.string() }),
  occurredAt: z.string(),
  durationSeconds: z.number().nullable(),
  status: z.enum(CALL_STATUSES),
  error: z.string().nullable(),
  transcriptSource: z.enum(TRANSCRIPT_SOURCES).nullable(),
  /** Signed link to the recording (Range-capable); null when the call came as a transcript only. */
  recordingUrl: z.string().nullable(),
  qcItemId: z.string().nullable(),
});
export type Call = z.infer<typeof callSchema>;
export const callAcceptedSchema = z.object({ callId: z.string(), status: z.enum(CALL_STATUSES) });
/**
 * GET /api/qa/calls: the calls of the Upload call list — waiting, being analysed or failed (with their
 * reason), and those analysed in the last QA_LIMITS.recentCallMinutes — newest upload first.
 */
export const callListSchema = z.object({ calls: z.array(callSchema) });
export type CallList = z.infer<typeof callListSchema>;
export const callParamsSchema = z.object({ callId: z.uuid() });
export const callDetailSchema = callSchema.extend({ transcript: z.array(transcriptLineSchema) });
export type CallDetail = z.infer<typeof callDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// QA items (spec 3 §3.3, §7.1)
// ---------------------------------------------------------------------------------------------------

/** A citation: the moment of the call an answer rests on (spec 3 §3.3 session citations). */
export const sessionCitationSchema = z.object({
  /** The call's id (spec's sessionId: the analysed session the item is about). */
  sessionId: z.string(),
  sessionDisplayName: z.string(),
  start: z.number(),
  end: z.number(),
  /** "m:ss – m:ss" of each quoted line. */
  citationTimeStrings: z.array(z.string()),
  /** Extension: the transcript lines quoted, and their indexes. */
  lineIndexes: z.array(z.number().int()),
  quotes: z.array(z.string()),
});
export type SessionCitation = z.infer<typeof sessionCitationSchema>;

export const ANSWERS = ['YES', 'NO', 'NOT_APPLICABLE'] as const;
/** Who answered a question: the offline answerer, or a configured LLM. */
export const ANSWERED_BY = ['OFFLINE', 'LLM'] as const;
export const answerSchema = z.enum(ANSWERS);
export type Answer = z.infer<typeof answerSchema>;

// ---------------------------------------------------------------------------------------------------
// Reviews, disputes and calibration (issue 27 item 4; decision 022)
// ---------------------------------------------------------------------------------------------------

/** Who did something to an answer: a reviewer (admin) or the call's agent (coach user); null once deleted. */
export const answerActorSchema = z.object({
  kind: z.enum(['ADMIN', 'AGENT']),
  /** The admin's or the coach user's id. */
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type AnswerActor = z.infer<typeof answerActorSchema>;

export const AGENT_RESPONSE_KINDS = ['ACKNOWLEDGE', 'DISPUTE'] as const;
export const agentResponseKindSchema = z.enum(AGENT_RESPONSE_KINDS);
export type AgentResponseKind = z.infer<typeof agentResponseKindSchema>;

/**
 * The people's side of an answer. The bullet's `answer`, `flagLevel` and `needsReview` are the
 * effective ones: a reviewer's override wins over the automatic answer (kept here), takes its flag by
 * the same rule, and never needs review.
 */
export const answerReviewSchema = z.object({
  automatic: z.object({ answer: answerSchema, flagLevel: flagLevelSchema, needsReview: z.boolean() }),
  /** A reviewer's override; one equal to the automatic answer confirms it. Null without one. */
  override: z
    .object({
      answer: answerSchema,
      reason: z.string(),
      reviewer: answerActorSchema,
      at: z.string(),
      /** The person agreed with the automatic answer (the override confirms it). */
      confirmsAutomatic: z.boolean(),
    })
    .nullable(),
  /** The agent's latest acknowledgement or dispute of this answer; null without one. */
  agentResponse: z
    .object({
      kind: agentResponseKindSchema,
      comment: z.string().nullable(),
      agent: answerActorSchema,
      at: z.string(),
    })
    .nullable(),
  /** The agent disputes it and no reviewer has overridden or confirmed the answer since. */
  disputeOpen: z.boolean(),
});
export type AnswerReview = z.infer<typeof answerReviewSchema>;

export const qcBulletSchema = z.object({
  questionId: z.string(),
  presentationText: z.string(),
  questionText: z.string(),
  isTrueGood: z.boolean(),
  /** The effective answer's flag (a reviewer's override wins). */
  flagLevel: flagLevelSchema,
  sessionCitations: z.array(sessionCitationSchema),
  /**
   * Extensions: the effective answer, the automatic answer's confidence (0–1), whether it needs a
   * person to check (never once overridden), and what answered it.
   */
  answer: answerSchema,
  confidence: z.number(),
  needsReview: z.boolean(),
  severity: questionSeveritySchema,
  answeredBy: z.enum(ANSWERED_BY),
  review: answerReviewSchema,
});
export type QcBullet = z.infer<typeof qcBulletSchema>;

/** Spec 3 §3.3 field display config; our dynamic fields are listed in QC_FIELDS. */
export const qcFieldConfigSchema = z.object({
  fieldKey: z.string(),
  displayName: z.string(),
  isItemTitle: z.boolean(),
  supportsPossibleValues: z.boolean(),
});
export const QC_FIELDS = [
  { fieldKey: 'callTitle', displayName: 'Call', isItemTitle: true, supportsPossibleValues: false },
  { fieldKey: 'agentName', displayName: 'Agent', isItemTitle: false, supportsPossibleValues: true },
  { fieldKey: 'source', displayName: 'Source', isItemTitle: false, supportsPossibleValues: true },
  { fieldKey: 'redCount', displayName: 'Red flags', isItemTitle: false, supportsPossibleValues: false },
  { fieldKey: 'yellowCount', displayName: 'Yellow flags', isItemTitle: false, supportsPossibleValues: false },
] as const satisfies z.infer<typeof qcFieldConfigSchema>[];
export type QcFieldKey = (typeof QC_FIELDS)[number]['fieldKey'];

export const qcItemSchema = z.object({
  qcItemId: z.string(),
  flagLevel: flagLevelSchema,
  /** The agent's identity ids. */
  userIds: z.array(z.string()),
  /** Seconds since the epoch: when the call took place. */
  qcTimestamp: z.number().int(),
  review: z.object({ isMarked: z.boolean() }),
  fields: z.record(z.string(), z.union([z.string(), z.number()])),
  fieldConfigs: z.array(qcFieldConfigSchema),
  bullets: z.array(qcBulletSchema),
  callId: z.string(),
});
export type QcItem = z.infer<typeof qcItemSchema>;

/** GET /api/qa/items/{qcItemId}: the item with its call and transcript (the QA report page). */
export const qcItemDetailSchema = qcItemSchema.extend({ call: callDetailSchema });
export type QcItemDetail = z.infer<typeof qcItemDetailSchema>;
export const qcItemParamsSchema = z.object({ qcItemId: z.uuid() });

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value),
    z.array(item).max(200),
  );

export const QC_SORT_FIELDS = ['timestamp', 'flagLevel', 'user'] as const;

/**
 * GET /api/qa/items — spec 3 §7.1 "List QA items" as query parameters: dateRange as fromTime/toTime
 * (seconds), userIds and flagLevels comma-separated, `dynamicFields` a JSON object of field key →
 * accepted values, sort by a static field or `field:<key>`, paging by limit and offset.
 */
export const qcItemListQuerySchema = z.object({
  fromTime: z.coerce.number().int().min(0).optional(),
  toTime: z.coerce.number().int().min(0).optional(),
  teamId: z.uuid().optional(),
  userIds: csv(z.uuid()).optional(),
  flagLevels: csv(flagLevelSchema).optional(),
  isReviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: items with an answer the agent disputes that no reviewer has settled; false: items without. */
  hasOpenDispute: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  dynamicFields: z
    .string()
    .max(2000)
    .transform((value, ctx) => {
      try {
        return z.record(z.string().max(40), z.array(z.string().max(200)).max(50)).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'dynamicFields must be a JSON object of string arrays' });
        return z.NEVER;
      }
    })
    .optional(),
  sort: z.union([z.enum(QC_SORT_FIELDS), z.string().regex(/^field:[A-Za-z]{1,40}$/)]).default('timestamp'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(50).default(QA_LIMITS.defaultPageSize),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type QcItemListQuery = z.input<typeof qcItemListQuerySchema>;
export const qcItemListSchema = z.object({ items: z.array(qcItemSchema), totalItemCount: z.number().int() });
export type QcItemList = z.infer<typeof qcItemListSchema>;

/** PUT /api/qa/items/{qcItemId}/review — spec 3 §7.1 "Apply review". */
export const qcReviewSchema = z.object({ isReviewed: z.boolean() });

export const qcAnswerParamsSchema = z.object({ qcItemId: z.uuid(), questionId: z.uuid() });

/** PUT /api/qa/items/{qcItemId}/answers/{questionId}/override: a reviewer sets the answer, with a reason. */
export const answerOverrideSchema = z.object({
  answer: answerSchema,
  reason: textField(QA_LIMITS.maxOverrideReasonChars),
});
export type AnswerOverride = z.input<typeof answerOverrideSchema>;

/**
 * PUT /api/app-user/qa-items/{qcItemId}/answers/{questionId}/response: the call's agent acknowledges
 * an answer (a comment is optional) or disputes it (a comment is required). The latest response counts.
 */
export const agentResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ACKNOWLEDGE'),
    comment: plainString()
      .trim()
      .max(QA_LIMITS.maxAgentCommentChars)
      .transform((v) => v || null)
      .nullish(),
  }),
  z.object({ kind: z.literal('DISPUTE'), comment: textField(QA_LIMITS.maxAgentCommentChars) }),
]);
export type AgentResponse = z.input<typeof agentResponseSchema>;

export const ANSWER_EVENT_KINDS = ['OVERRIDE', 'OVERRIDE_REMOVED', 'ACKNOWLEDGE', 'DISPUTE'] as const;

/**
 * One entry of an item's history (append-only). `answer` is the answer the event is about: the one
 * set (OVERRIDE), the one removed (OVERRIDE_REMOVED), the one the agent saw (ACKNOWLEDGE, DISPUTE);
 * `automaticAnswer` what the automation answered then.
 */
export const answerEventSchema = z.object({
  eventId: z.string(),
  questionId: z.string(),
  questionText: z.string(),
  kind: z.enum(ANSWER_EVENT_KINDS),
  answer: answerSchema,
  automaticAnswer: answerSchema,
  /** The override's reason or the agent's comment. */
  comment: z.string().nullable(),
  actor: answerActorSchema,
  at: z.string(),
});
export type AnswerEvent = z.infer<typeof answerEventSchema>;
/** GET /api/qa/items/{qcItemId}/history: oldest first. */
export const qcItemHistorySchema = z.object({ events: z.array(answerEventSchema) });
export type QcItemHistory = z.infer<typeof qcItemHistorySchema>;

/** GET /api/app-user/qa-items: the signed-in coach's own QA items as the call's agent, newest first. */
export const agentQcItemsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(QA_LIMITS.defaultPageSize),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * GET /api/qa/question-sets/{questionSetId}/calibration: how often people agree with the automatic
 * answers of one scorecard's questions, over the items whose call took place between fromTime and
 * toTime (seconds, inclusive) in the admin's scope.
 */
export const calibrationQuerySchema = z.object({
  fromTime: z.coerce.number().int().min(0),
  toTime: z.coerce.number().int().min(0),
  teamId: z.uuid().optional(),
});
export type CalibrationQuery = z.input<typeof calibrationQuerySchema>;

const calibrationCounts = {
  /** Answers in the period. */
  answers: z.number().int(),
  /** Answers a person reviewed: overridden or confirmed (an override equal to the automatic answer). */
  reviewed: z.number().int(),
  /** Reviewed answers where the person's answer equals the automatic one. */
  agreed: z.number().int(),
  /** agreed / reviewed (0–1); null when none was reviewed. */
  agreementShare: z.number().nullable(),
  /** Answers the agent disputes that no reviewer has settled. */
  openDisputes: z.number().int(),
};
export const calibrationSchema = z.object({
  questionSetId: z.string(),
  name: z.string(),
  /** The scorecard's questions in their order, with their answers' figures. */
  questions: z.array(
    z.object({
      questionId: z.string(),
      questionText: z.string(),
      presentationText: z.string(),
      ...calibrationCounts,
    }),
  ),
  totals: z.object(calibrationCounts),
});
export type Calibration = z.infer<typeof calibrationSchema>;

/** GET /api/qa/fields/possible-values?fieldKeys=a,b — spec 3 §7.1. */
export const possibleValuesQuerySchema = z.object({ fieldKeys: csv(z.string().max(40)) });
export const possibleValuesSchema = z.object({ values: z.record(z.string(), z.array(z.string())) });

/** GET /api/admin/qc-items — spec 3 §7.1 main API (cursor paging). */
export const adminQcItemsQuerySchema = z.object({
  teamId: z.uuid().optional(),
  flagLevels: csv(flagLevelSchema).optional(),
  pageLimit: z.coerce.number().int().min(1).max(100).default(20),
  /** Opaque: the previous page's pageLastCursor. */
  pageCursor: z.string().max(200).optional(),
});
export const adminQcItemsSchema = z.object({
  qcItems: z.array(qcItemSchema),
  /** null on the last page. */
  pageLastCursor: z.string().nullable(),
  pageTotal: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------
// QA dashboard (spec 3 §2.5)
// ---------------------------------------------------------------------------------------------------

/** GET /api/qa/dashboard */
export const qaDashboardQuerySchema = z.object({
  fromTime: z.coerce.number().int().min(0),
  toTime: z.coerce.number().int().min(0),
  teamId: z.uuid().optional(),
  userIds: csv(z.uuid()).optional(),
  /** IANA time zone the trend's days are counted in (the browser's). */
  timeZone: z.string().max(64).default('UTC'),
});
export type QaDashboardQuery = z.input<typeof qaDashboardQuerySchema>;

/** The QA Performance Trend's bucket: by the period's length (hours for a day, days for a week or month). */
export const QA_TREND_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export type QaTrendBucket = (typeof QA_TREND_BUCKETS)[number];

export const qaDashboardSchema = z.object({
  /** QA Item Performance: per question, sorted by average score descending (the chart pages by 15). */
  questionPerformance: z.array(
    z.object({
      questionId: z.string(),
      questionText: z.string(),
      presentationText: z.string(),
      /** 0–100: FLAG_SCORE averaged over the answers that applied. */
      averageScore: z.number(),
      answers: z.number().int(),
      red: z.number().int(),
      yellow: z.number().int(),
      green: z.number().int(),
    }),
  ),
  /** The trend's bucket, chosen from the period's length. */
  trendBucket: z.enum(QA_TREND_BUCKETS),
  /**
   * QA Performance Trend: one point per bucket of the period, empty ones too (items 0). `date` is the
   * bucket's key in the query's time zone: `YYYY-MM-DDTHH:00` (hour), `YYYY-MM-DD` (day, and the Monday
   * of a week), `YYYY-MM` (month); averageScore is null when no answer applied in it.
   */
  trend: z.array(
    z.object({ date: z.string(), averageScore: z.number().nullable(), items: z.number().int() }),
  ),
  /** Data Explorer: per agent in scope. */
  agents: z.array(
    z.object({
      identityId: z.string(),
      name: z.string(),
      items: z.number().int(),
      averageScore: z.number().nullable(),
      red: z.number().int(),
      yellow: z.number().int(),
      green: z.number().int(),
    }),
  ),
  totals: z.object({
    items: z.number().int(),
    red: z.number().int(),
    yellow: z.number().int(),
    reviewed: z.number().int(),
  }),
});
export type QaDashboard = z.infer<typeof qaDashboardSchema>;

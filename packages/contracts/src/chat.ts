import { z } from 'zod';

/**
 * Ask Agaton, the chat assistant (spec 1 §2–§9, spec 3 §4 and §7.5). Paths are under /api; the
 * answers stream as Server-Sent Events read with fetch (docs/decisions/021-ask-agaton.md).
 */

/** Spec texts of the chat, in one place for the api, the web client and the tests. */
export const CHAT_TEXTS = {
  /** Spec 1 §8 / spec 3 §8: a send or a stream failed. */
  answerFailed: 'We failed to generate an answer. Please contact support if the issue persists.',
  /** Spec 1 §8 (coach area): listing threads failed. */
  loadFailedCoach: 'We failed to load the chat. Please contact support if the issue persists.',
  /** Spec 3 §8 (assistant area): listing threads failed. */
  loadFailedAdmin: 'We failed to load the Agaton AI chat. Please contact support if the issue persists.',
  /** Spec 1 §5: the five thumbs-down reasons, in the spec's order. */
  thumbsDownReasons: [
    "Didn't answer my question",
    'Confusing or unclear',
    'Factually incorrect or misleading',
    'Too vague or generic',
    'Off-topic or irrelevant',
  ],
  /** Spec 1 §5 asks for a placeholder telling users not to share confidential or personal data. */
  commentPlaceholder: 'Please do not share any confidential or personal information.',
  /** Between the chosen reason and the free text in a feedback comment (spec 1 §3). */
  commentSeparator: '---',
} as const;

/** Spec 1 §9 and our limits where the spec is silent. */
export const CHAT_LIMITS = {
  /** Message timestamps are relative below this age, absolute past it (spec 1 §9). */
  relativeTimestampSeconds: 172_800,
  maxMessageChars: 4000,
  maxCommentChars: 2000,
  summaryChars: 80,
  /** Diagnostic panel truncates message text here (spec 1 §9). */
  diagnosticTruncate: 200,
  /** The diagnostic panel polls this often while a run is active (spec 1 §4). */
  diagnosticPollMs: 1000,
} as const;

export const CHAT_USER_TYPES = ['USER', 'ADMIN'] as const;
/** A thread is idle, or running one answer. */
export const CHAT_THREAD_STATUSES = ['idle', 'running'] as const;
export const CHAT_ROLES = ['user', 'assistant'] as const;
/** An answer's run: streaming, finished, cut short (CHAT_INCOMPLETE_REASONS) or failed. */
export const CHAT_RUN_STATUSES = ['running', 'completed', 'incomplete', 'error'] as const;
export const chatUserTypeSchema = z.enum(CHAT_USER_TYPES);
export type ChatUserType = z.infer<typeof chatUserTypeSchema>;

/** Why a run ended incomplete; run_cancelled returns the chat to idle, any other to rejected. */
export const CHAT_INCOMPLETE_REASONS = ['run_cancelled', 'server_restart', 'run_failed'] as const;

export const chatThreadSchema = z.object({
  threadId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  summary: z.string(),
  /** Always null: answers come from Agaton's own assistant, not a hosted one (spec field kept). */
  openaiThreadId: z.string().nullable(),
  status: z.enum(CHAT_THREAD_STATUSES),
  /** The message of the last failed send (spec 3 §4), null otherwise. */
  error: z.string().nullable(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
export const chatThreadListSchema = z.object({ threads: z.array(chatThreadSchema) });

export const chatCitationSchema = z.object({ label: z.string(), href: z.string() });
export type ChatCitation = z.infer<typeof chatCitationSchema>;

export const thumbScoreSchema = z.object({ isPositive: z.boolean() });

export const chatMessageSchema = z.object({
  messageId: z.string(),
  role: z.enum(CHAT_ROLES),
  /** Markdown for assistant messages, plain text for the user's. */
  content: z.string(),
  createdAt: z.string(),
  /** Where the answer's numbers come from. */
  citations: z.array(chatCitationSchema),
  userScore: z.object({ thumbScore: thumbScoreSchema }).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRunSchema = z.object({
  runId: z.string(),
  status: z.enum(CHAT_RUN_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** What the assistant did (dev-only diagnostic panel). */
  steps: z.array(z.object({ at: z.string(), kind: z.string(), detail: z.string() })),
});
export type ChatRun = z.infer<typeof chatRunSchema>;

/** GET /api/chat/threads/{threadId}/messages: oldest first, with the runs for the diagnostic panel. */
export const chatMessagesResponseSchema = z.object({
  thread: chatThreadSchema,
  messages: z.array(chatMessageSchema),
  runs: z.array(chatRunSchema),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

export const chatThreadParamsSchema = z.object({ threadId: z.uuid() });

/**
 * GET /api/chat/mentions (admins): the people (agents) and teams the admin may tag in the composer,
 * exactly the scope the assistant resolves mentions against. The composer inserts `@Name` or `#Team`
 * into the text and sends the picked ids beside it (`mentions`).
 */
export const chatMentionsResponseSchema = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string(), teams: z.array(z.string()) })),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ChatMentions = z.infer<typeof chatMentionsResponseSchema>;

/**
 * A mention picked from the composer's list: which person (member id) or team the `@Name` or `#Team`
 * in the text stands for, so two with the same name are told apart.
 */
export const chatMentionSchema = z.object({
  sign: z.enum(['@', '#']),
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
});
export type ChatMention = z.infer<typeof chatMentionSchema>;

/**
 * POST /api/chat/threads/{threadId}/messages. Mentions are in the text (@Agent Name, #Team); those
 * picked from the list also come in `mentions` with their ids. A typed name that fits several people
 * or teams gets a question back: which one.
 */
export const sendChatMessageRequestSchema = z.object({
  userType: chatUserTypeSchema,
  text: z.string().trim().min(1, 'Required').max(CHAT_LIMITS.maxMessageChars),
  mentions: z.array(chatMentionSchema).max(50).optional(),
  /** Spec field of the hosted-assistant design; accepted and ignored. */
  openaiAssistantId: z.string().max(200).optional(),
});
export type SendChatMessageRequest = z.input<typeof sendChatMessageRequestSchema>;

export const sendChatMessageResponseSchema = z.object({ message: chatMessageSchema, runId: z.string() });
export type SendChatMessageResponse = z.infer<typeof sendChatMessageResponseSchema>;

export const cancelChatRequestSchema = z.object({ userType: chatUserTypeSchema.optional() });

/** Query of GET …/events: a run id (defaults to the thread's latest run). */
export const chatEventsQuerySchema = z.object({ runId: z.uuid().optional() });

/** POST /api/chat/feedback (spec 1 §3 "Feedback submission"). */
export const chatFeedbackRequestSchema = z.object({
  userType: chatUserTypeSchema,
  messageId: z.uuid(),
  thumbScore: thumbScoreSchema,
  comment: z.string().max(CHAT_LIMITS.maxCommentChars).optional(),
});
export type ChatFeedbackRequest = z.infer<typeof chatFeedbackRequestSchema>;

/** The comment of a thumbs-down: the reason, a separator line, then the trimmed free text. */
export function feedbackComment(reason: string, text: string): string {
  const trimmed = text.trim();
  return trimmed ? `${reason}\n${CHAT_TEXTS.commentSeparator}\n${trimmed}` : reason;
}

/** Events of the stream, one per SSE `event:` with JSON `data:`. */
export const chatStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('created'),
    data: z.object({ runId: z.string(), message: chatMessageSchema }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ runId: z.string(), text: z.string() }) }),
  z.object({
    event: z.literal('completed'),
    data: z.object({ runId: z.string(), message: chatMessageSchema }),
  }),
  z.object({ event: z.literal('incomplete'), data: z.object({ runId: z.string(), reason: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

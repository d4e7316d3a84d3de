import { type AgentResponseKind, type Answer, type FlagLevel, QA_LIMITS, QA_TEXTS } from '@agaton/contracts';

/**
 * Texts of the coach area's Call reviews (issue 27 item 4, the agent's side of call QA). The spec has
 * no such page; the load failure is the spec's QA text (QA_TEXTS), the rest are ours.
 */
export const CALL_REVIEW_TEXTS = {
  /** Sidebar entry and page heading. */
  nav: 'Call reviews',
  title: 'Call reviews',
  description: 'Your calls as QA answered them. Acknowledge an answer, or dispute it with a comment.',
  retry: 'Retry',
  loadFailed: QA_TEXTS.couldNotLoad,
  loadMore: 'Load more',
  loading: 'Loading',

  list: {
    empty: 'No reviewed calls yet',
    emptyHint:
      'When your organisation reviews your calls against its scorecards, they appear here, answer by answer, for you to acknowledge or dispute.',
    total: (n: number) => (n === 1 ? '1 reviewed call' : `${n} reviewed calls`),
    red: (n: number) => `${n} red`,
    yellow: (n: number) => `${n} yellow`,
    disputed: (n: number) => `${n} disputed`,
    toRespond: (n: number) => (n === 1 ? '1 to respond to' : `${n} to respond to`),
    allClear: 'Nothing flagged',
  },

  detail: {
    breadcrumb: 'Call reviews',
    date: 'Date',
    duration: 'Duration',
    answersHeading: 'Answers',
    answersHint: 'Worst flags first. Red and yellow answers are what your organisation wants you to look at.',
    transcriptHeading: 'Transcript',
    noTranscript: 'This call has no transcript.',
    noAnswers: 'No question of a scorecard applied to this call.',
    notFound: 'Call review not found',
    notFoundAdvice: 'It may have been removed, or the call was not yours.',
    back: 'Back to call reviews',
    recording: 'Recording',
  },

  answer: {
    explanation: QA_TEXTS.explanation,
    answerLabel: 'Answer',
    answers: { YES: 'Yes', NO: 'No', NOT_APPLICABLE: 'Not applicable' } satisfies Record<Answer, string>,
    needsReview: 'Needs review',
    citations: 'Cited moments',
    noCitation: 'No moment of the call was cited.',
    showInTranscript: (time: string) => `Show in the transcript: ${time}`,
    overrideHeading: 'Reviewer’s answer',
    overrideBy: (name: string, at: string) => `${name}, ${at}`,
    someReviewer: 'A reviewer',
    overrideChanged: (from: string, to: string) => `Changed the automatic answer from ${from} to ${to}.`,
    overrideConfirmed: 'Confirmed the automatic answer.',
    reason: 'Reason',
  },

  response: {
    heading: 'Your response',
    none: 'You have not responded to this answer yet.',
    kinds: { ACKNOWLEDGE: 'Acknowledged', DISPUTE: 'Disputed' } satisfies Record<AgentResponseKind, string>,
    at: (at: string) => `on ${at}`,
    disputeOpen: 'Open: waiting for a reviewer',
    disputeSettled: 'A reviewer has answered since your dispute',
    acknowledge: 'Acknowledge',
    dispute: 'Dispute',
    commentOptional: 'Comment (optional)',
    commentRequired: 'Why do you dispute this answer?',
    commentPlaceholder: {
      ACKNOWLEDGE: 'Anything you want the reviewer to know',
      DISPUTE: 'What happened on the call, and where',
    } satisfies Record<AgentResponseKind, string>,
    count: (n: number) => `${n} / ${QA_LIMITS.maxAgentCommentChars}`,
    send: { ACKNOWLEDGE: 'Send acknowledgement', DISPUTE: 'Send dispute' } satisfies Record<
      AgentResponseKind,
      string
    >,
    cancel: 'Cancel',
    commentNeeded: 'Add a comment to say why you dispute this answer.',
    commentTooLong: `Keep the comment to ${QA_LIMITS.maxAgentCommentChars} characters.`,
    saved: {
      ACKNOWLEDGE: 'Answer acknowledged.',
      DISPUTE: 'Dispute sent to the reviewers.',
    } satisfies Record<AgentResponseKind, string>,
    failed: 'Your response was not saved. Please try again.',
  },

  flags: {
    RED: 'Red',
    YELLOW: 'Yellow',
    GREEN: 'Green',
    UNSPECIFIED: 'Not applicable',
  } satisfies Record<FlagLevel, string>,
} as const;

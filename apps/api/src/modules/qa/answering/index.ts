/**
 * The face of QA's answering (issue 29 item 3): what the other QA sub-modules and the app use. The
 * answerer (offline, or checked by a model), the answer model (answer → flag, in answer-model.ts), an
 * answer's state once people are involved, answering stored calls, and the QA jobs.
 */
export { flagFor, judgeAnswer, overrideFlag, worstFlag } from './answer-model.ts';
export { createCallAnswerer } from './answerer.ts';
export {
  answerCall,
  asksAgentQuestions,
  type ReanswerJob,
  type ReanswerScorecardJob,
  reanswerQuestion,
  reanswerScorecard,
} from './qa-answer-calls.ts';
export {
  disputeOpen,
  effectiveAnswer,
  effectiveFlag,
  lockItem,
  refreshItemFlag,
} from './qa-answer-state.ts';
export {
  ANALYSE_QA_CALL,
  type AnalyseCallJob,
  createQaJobs,
  QA_QUEUES,
  type QaJobs,
  REANSWER_QA_QUESTION,
  REANSWER_QA_SCORECARD,
} from './qa-jobs.ts';
export { suggestEvidence } from './suggest.ts';
export type { AnswerableQuestion, CallAnswerer, QuestionAnswer, ReferenceDocument } from './types.ts';

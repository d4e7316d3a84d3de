/**
 * The face of modules/qa for the rest of the API (issue 29 item 3). QA is five sub-modules, each with
 * its own face (index.ts) that the others import through: answering/ (the answerer, the answer model,
 * answer state, answering stored calls, the QA jobs) ← scorecards/, calls/ ← items/ ← dashboard/
 * reads answers only; qa-scope.ts (whom an admin sees) is shared by calls, items and dashboard.
 */
export {
  answerCall,
  createQaJobs,
  type QaJobs,
} from './answering/index.ts';
export { callFromSession, createCallFromFiles, qaWorkers } from './calls/index.ts';
export { qaDashboardRoutes } from './dashboard/index.ts';
export {
  type AnswerRef,
  listItems,
  overrideAnswer,
  qaAgentRoutes,
  qaReviewsRoutes,
  respondToAnswer,
} from './items/index.ts';
export { qaCallsRoutes } from './qa.routes.ts';
export { addDocument, createQuestion, createQuestionSet, qaScorecardsRoutes } from './scorecards/index.ts';

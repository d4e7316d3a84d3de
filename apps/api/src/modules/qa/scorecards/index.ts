/**
 * The face of QA's scorecards (issue 29 item 3): scorecards (question sets), their questions, and the
 * reference documents the answerer reads beside a call.
 */
export { addDocument } from './qa-documents.service.ts';
export { qaScorecardsRoutes } from './qa-scorecards.routes.ts';
export { createQuestion, createQuestionSet } from './qa-scorecards.service.ts';

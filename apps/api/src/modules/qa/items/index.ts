/**
 * The face of QA's items (issue 29 item 3): the QA item of each analysed call, its answers as people
 * review, override and dispute them, calibration, and the agent's own view.
 */
export { qaAgentRoutes } from './qa-agent.routes.ts';
export { qaItemsRoutes } from './qa-items.routes.ts';
export { listItems } from './qa-items.service.ts';
export { qaReviewsRoutes } from './qa-reviews.routes.ts';
export { type AnswerRef, overrideAnswer, respondToAnswer } from './qa-reviews.service.ts';

/**
 * The face of QA's calls (issue 29 item 3): calls to review — uploaded, or made from a finished
 * coaching session — transcribed and analysed by the QA workers, and read back (with their transcript
 * lines' times) by the items.
 */
export { qaWorkers } from './qa-analyser.ts';
export { callRoutes } from './qa-calls.routes.ts';
export { createCallFromFiles, toCallDetail } from './qa-calls.service.ts';
export { callFromSession } from './qa-session-calls.ts';
export { timeRange } from './transcript-formats.ts';

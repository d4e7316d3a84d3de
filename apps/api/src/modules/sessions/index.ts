/** The face of modules/sessions (issue 29 item 2): what the rest of the API may use of it. */
export { reportSubject } from './report-subject.ts';
export { type AfterAnalysis, enqueueAnalysis } from './session-analysis.ts';
export { sessionsRoutes } from './sessions.routes.ts';
export { createSession } from './sessions.service.ts';
export { type SessionsRuntime, sessionWorkers } from './sessions-runtime.ts';

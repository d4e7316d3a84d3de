/** The face of modules/recruitment (issue 29 item 2): what the rest of the API may use of it. */

export { assessmentRoutes } from './assessment.routes.ts';
export { submitActivity, submitRecording } from './assessment.service.ts';
export { storedTest } from './assessment-store.ts';
export { signInCandidate } from './candidate-sign-in.ts';
export { createCandidate, listCandidates } from './candidates.service.ts';
export { visibleCandidates } from './challenges.service.ts';
export { recruitmentAdminRoutes } from './recruitment-admin.routes.ts';
export { getTestContent, replaceTestContent } from './test-content.service.ts';
export type { ChallengeContent, DrawnTest } from './test-draw.ts';
export { signInvitationToken, verifyInvitationToken } from './training-invitation-token.ts';

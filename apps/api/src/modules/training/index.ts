/** The face of modules/training (issue 29 item 2): what the rest of the API may use of it. */
export { acceptInvitation } from './invitations.service.ts';
export { recordPracticeAttempt } from './practice.service.ts';
export { trainingRoutes } from './training.routes.ts';

/** The face of modules/admin (issue 29 item 2): what the rest of the API may use of it. */
export { adminRoutes } from './admin.routes.ts';
export { newWorkspaceAccess } from './admin.service.ts';
export { settleTrialExpiry } from './trial.service.ts';

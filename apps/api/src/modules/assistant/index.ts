/** The face of modules/assistant (issue 29 item 2): what the rest of the API may use of it. */
export { assistantRoutes } from './assistant.routes.ts';
export { isDemoDashboardIdentity } from './demo-dashboard.ts';

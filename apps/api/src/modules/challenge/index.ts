/** The face of modules/challenge (issue 29 item 2): what the rest of the API may use of it. */
export { challengeRoutes } from './challenge.routes.ts';

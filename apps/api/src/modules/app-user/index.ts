/** The face of modules/app-user (issue 29 item 2): what the rest of the API may use of it. */
export { appUserRoutes } from './app-user.routes.ts';

/** The face of modules/oauth (issue 29 item 2): what the rest of the API may use of it. */
export { oauthRoutes } from './oauth.routes.ts';

/** The face of modules/dev (issue 29 item 2): what the rest of the API may use of it. */
export { devRoutes } from './dev.routes.ts';

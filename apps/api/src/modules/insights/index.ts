/** The face of modules/insights (issue 29 item 2): what the rest of the API may use of it. */
export { insightsRoutes } from './insights.routes.ts';

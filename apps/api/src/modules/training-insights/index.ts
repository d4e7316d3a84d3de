/** The face of modules/training-insights (issue 29 item 2): what the rest of the API may use of it. */
export { trainingInsightsRoutes } from './training-insights.routes.ts';

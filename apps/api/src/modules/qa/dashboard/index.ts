/** The face of QA's dashboard (issue 29 item 3): flags by agent and over time, in the admin's scope. */
export { qaDashboardRoutes } from './qa-dashboard.routes.ts';

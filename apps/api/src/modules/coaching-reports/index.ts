/** The face of modules/coaching-reports (issue 29 item 2): what the rest of the API may use of it. */
export { coachingReportsRoutes } from './coaching-reports.routes.ts';
export {
  analysedSessions,
  listCoachingReports,
  refreshCoachingReports,
  weekStart,
} from './coaching-reports.service.ts';
export type { ReportSession } from './report-writer.ts';

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import AdminForgotPasswordRoute from './routes/auth/admin-forgot-password';
import AdminResetPasswordRoute from './routes/auth/admin-reset-password';
import AdminSignInRoute from './routes/auth/admin-sign-in';
import AdminSignUpRoute from './routes/auth/admin-sign-up';
import CoachForgotPasswordRoute from './routes/auth/coach-forgot-password';
import CoachResetPasswordRoute from './routes/auth/coach-reset-password';
import CoachSignInRoute from './routes/auth/coach-sign-in';
import CoachSignUpRoute from './routes/auth/coach-sign-up';
import DesktopAppRedirectRoute from './routes/auth/desktop-app-redirect';
import OAuthRedirectRoute from './routes/auth/oauth-redirect';
import CoachAskAgatonRoute from './routes/coach/ask-agaton';
import CoachCheckoutRoute from './routes/coach/checkout';
import CoachIndexRoute from './routes/coach/coach-home';
import CoachCoachingReportRoute from './routes/coach/coaching-report';
import CoachCoachingReportsRoute from './routes/coach/coaching-reports';
import CoachInsightsRoute from './routes/coach/insights';
import CoachLayoutRoute, { RequireCoach } from './routes/coach/layout';
import CoachLearningRoute from './routes/coach/learning';
import CoachLearningArticleRoute from './routes/coach/learning-article';
import CoachOnboardingRoute from './routes/coach/onboarding';
import CoachPlanRoute from './routes/coach/plan';
import CoachPracticeRoute from './routes/coach/practice';
import CoachPricingRoute from './routes/coach/pricing';
import CoachRecordMeetingRoute from './routes/coach/record-meeting';
import CoachSessionRoute from './routes/coach/session';
import CoachSessionsRoute from './routes/coach/sessions';
import CoachSubscriptionRoute from './routes/coach/subscription';
import CoachTrainingInviteRoute from './routes/coach/training-invite';
import CoachUpgradeSuccessRoute from './routes/coach/upgrade-success';
import DashboardAssistantRoute from './routes/dashboard/assistant';
import DashboardQaReportRoute from './routes/dashboard/assistant-qa-report';
import DashboardAssistantUserReportRoute from './routes/dashboard/assistant-user-report';
import DashboardAssistantUserSessionRoute from './routes/dashboard/assistant-user-session';
import DashboardIndexRoute from './routes/dashboard/dashboard-home';
import DashboardHelpRoute from './routes/dashboard/help';
import DashboardLayoutRoute, { RequireAdmin } from './routes/dashboard/layout';
import DashboardOnboardingRoute from './routes/dashboard/onboarding';
import DashboardSettingsRoute from './routes/dashboard/settings';
import DashboardTestRoute from './routes/dashboard/test';
import DashboardTestReportRoute, { DashboardTestReportPrintRoute } from './routes/dashboard/test-report';
import DashboardTestUserRoute from './routes/dashboard/test-user';
import DashboardTrainingRoute from './routes/dashboard/training';
import DashboardTrainingUserRoute from './routes/dashboard/training-user';
import AdminRoute from './routes/general/admin';
import AdminInsightsRoute from './routes/general/admin-insights';
import AdminInsightsReportRoute from './routes/general/admin-insights-report';
import AssessmentRoute from './routes/general/assessment';
import CandidateRoute from './routes/general/candidate';
import CandidateProfileRoute from './routes/general/candidate-profile';
import DownloadRoute from './routes/general/download';
import HomeRoute from './routes/general/home';

/** Demo pages are large and built separately; they load on first visit. */
const demoRoute = { lazy: () => import('./routes/demo') };

/** Paths nested in a layout are written relative to it, so strip the parent prefix. */
const child = (full: string, parent: string) => full.slice(parent.length + 1);

/** The whole route table (spec 1 section 2, spec 2 section 2, spec 3 sections 2.2, 2.8 and 2.9). */
export const routes: RouteObject[] = [
  { path: paths.home.path, element: <HomeRoute /> },

  // Auth: admins, then coaches.
  { path: paths.auth.path, element: <AdminSignInRoute /> },
  { path: paths.signup.path, element: <AdminSignUpRoute /> },
  { path: paths.forgotPassword.path, element: <AdminForgotPasswordRoute /> },
  { path: paths.resetPassword.path, element: <AdminResetPasswordRoute /> },
  { path: '/reset-password', element: <AdminResetPasswordRoute /> },
  { path: paths.coachAuth.path, element: <CoachSignInRoute /> },
  { path: paths.coachSignup.path, element: <CoachSignUpRoute /> },
  { path: paths.coachForgotPassword.path, element: <CoachForgotPasswordRoute /> },
  { path: paths.coachResetPassword.path, element: <CoachResetPasswordRoute /> },
  { path: '/coach/auth/reset-pass', element: <CoachResetPasswordRoute /> },
  { path: paths.coachOauthRedirect.path, element: <OAuthRedirectRoute /> },
  { path: paths.coachDesktopAppRedirect.path, element: <DesktopAppRedirectRoute /> },
  // The training invitation opens signed out too (the invitee may have no account yet).
  { path: paths.coachTrainingInvite.path, element: <CoachTrainingInviteRoute /> },
  {
    element: <RequireCoach bare />,
    children: [{ path: paths.coachOnboarding.path, element: <CoachOnboardingRoute /> }],
  },

  // General pages.
  { path: paths.assessment.path, element: <AssessmentRoute /> },
  { path: paths.assessmentSummary.path, element: <AssessmentRoute /> },
  { path: paths.candidate.path, element: <CandidateRoute /> },
  { path: paths.download.path, element: <DownloadRoute /> },
  { path: paths.demo.path, ...demoRoute },
  { path: paths.freeSpeechDemo.path, ...demoRoute },
  {
    element: <RequireAdmin bare />,
    children: [
      { path: paths.candidateProfile.path, element: <CandidateProfileRoute /> },
      // The report's print document (the PDF renders it): admin only, outside the shell.
      { path: paths.dashboardTestReportPrint.path, element: <DashboardTestReportPrintRoute /> },
    ],
  },

  // Coach area: signed-in user inside the coach shell.
  {
    path: paths.coach.path,
    element: <CoachLayoutRoute />,
    children: [
      { index: true, element: <CoachIndexRoute /> },
      ...(
        [
          [paths.coachInsights.path, <CoachInsightsRoute key="i" />],
          [paths.coachPractice.path, <CoachPracticeRoute key="p" />],
          [paths.coachAssistant.path, <CoachRecordMeetingRoute key="a" />],
          [paths.coachSessions.path, <CoachSessionsRoute key="s" />],
          [paths.coachSession.path, <CoachSessionRoute key="s1" />],
          [paths.coachCoachingReports.path, <CoachCoachingReportsRoute key="c" />],
          [paths.coachCoachingReport.path, <CoachCoachingReportRoute key="c1" />],
          [paths.coachLearning.path, <CoachLearningRoute key="l" />],
          [paths.coachLearningArticle.path, <CoachLearningArticleRoute key="l1" />],
          [paths.coachAskAgaton.path, <CoachAskAgatonRoute key="q" />],
          [paths.coachPlan.path, <CoachPlanRoute key="pl" />],
          [paths.coachPricing.path, <CoachPricingRoute key="pr" />],
          [paths.coachCheckout.path, <CoachCheckoutRoute key="co" />],
          [paths.coachSubscription.path, <CoachSubscriptionRoute key="su" />],
          [paths.coachUpgradeSuccess.path, <CoachUpgradeSuccessRoute key="us" />],
        ] as const
      ).map(([path, element]) => ({ path: child(path, paths.coach.path), element })),
    ],
  },

  // The organisation's insights at /admin (spec 1 route table), inside the dashboard shell.
  {
    element: <DashboardLayoutRoute />,
    children: [
      { path: paths.admin.path, element: <AdminRoute /> },
      { path: paths.adminInsightsReport.path, element: <AdminInsightsReportRoute /> },
      { path: paths.adminInsights.path, element: <AdminInsightsRoute /> },
    ],
  },

  // Dashboard area: signed-in admin inside the dashboard shell.
  {
    path: paths.dashboard.path,
    element: <DashboardLayoutRoute />,
    children: [
      { index: true, element: <DashboardIndexRoute /> },
      ...(
        [
          [paths.dashboardTraining.path, <DashboardTrainingRoute key="t" />],
          [paths.dashboardTrainingUser.path, <DashboardTrainingUserRoute key="tu" />],
          [paths.dashboardTest.path, <DashboardTestRoute key="e" />],
          [paths.dashboardTestUser.path, <DashboardTestUserRoute key="eu" />],
          [paths.dashboardTestReport.path, <DashboardTestReportRoute key="er" />],
          [paths.dashboardAssistant.path, <DashboardAssistantRoute key="a" />],
          [paths.dashboardAssistantUserReport.path, <DashboardAssistantUserReportRoute key="ar" />],
          [paths.dashboardAssistantUserSession.path, <DashboardAssistantUserSessionRoute key="as" />],
          [paths.dashboardAssistantQaReport.path, <DashboardQaReportRoute key="aq" />],
          [paths.dashboardOnboarding.path, <DashboardOnboardingRoute key="o" />],
          [paths.dashboardSettings.path, <DashboardSettingsRoute key="se" />],
          [paths.dashboardHelp.path, <DashboardHelpRoute key="h" />],
        ] as const
      ).map(([path, element]) => ({ path: child(path, paths.dashboard.path), element })),
    ],
  },

  // Any unknown path redirects to home.
  { path: '*', element: <Navigate to={paths.home.href()} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

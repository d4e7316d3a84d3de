import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { paths } from '../config/paths';
import { coachHome } from '../lib/coach-home';
import { lazyPage } from './lazy-page';

// Every page loads on first visit, so the sign-in page carries only what it needs (issue 16 part 8).
const AdminForgotPasswordRoute = lazyPage(() => import('./routes/auth/admin-forgot-password'));
const AdminResetPasswordRoute = lazyPage(() => import('./routes/auth/admin-reset-password'));
const AdminSignInRoute = lazyPage(() => import('./routes/auth/admin-sign-in'));
const AdminSignUpRoute = lazyPage(() => import('./routes/auth/admin-sign-up'));
const CoachForgotPasswordRoute = lazyPage(() => import('./routes/auth/coach-forgot-password'));
const CoachResetPasswordRoute = lazyPage(() => import('./routes/auth/coach-reset-password'));
const CoachSignInRoute = lazyPage(() => import('./routes/auth/coach-sign-in'));
const CoachSignUpRoute = lazyPage(() => import('./routes/auth/coach-sign-up'));
const DesktopAppRedirectRoute = lazyPage(() => import('./routes/auth/desktop-app-redirect'));
const OAuthRedirectRoute = lazyPage(() => import('./routes/auth/oauth-redirect'));
const VerifyEmailRoute = lazyPage(() => import('./routes/auth/verify-email'));
const CoachAskAgatonRoute = lazyPage(() => import('./routes/coach/ask-agaton'));
const CoachCallReviewsRoute = lazyPage(() => import('./routes/coach/call-reviews'));
const CoachCallReviewRoute = lazyPage(() => import('./routes/coach/call-reviews'), 'CoachCallReviewRoute');
const CoachCheckoutRoute = lazyPage(() => import('./routes/coach/checkout'));
const CoachCoachingReportRoute = lazyPage(() => import('./routes/coach/coaching-report'));
const CoachCoachingReportsRoute = lazyPage(() => import('./routes/coach/coaching-reports'));
const CoachInsightsRoute = lazyPage(() => import('./routes/coach/insights'));
const CoachLayoutRoute = lazyPage(() => import('./routes/coach/layout'));
const RequireCoach = lazyPage(() => import('./routes/coach/layout'), 'RequireCoach');
const CoachLearningRoute = lazyPage(() => import('./routes/coach/learning'));
const CoachLearningArticleRoute = lazyPage(() => import('./routes/coach/learning-article'));
const CoachOnboardingRoute = lazyPage(() => import('./routes/coach/onboarding'));
const CoachPlanRoute = lazyPage(() => import('./routes/coach/plan'));
const CoachPracticeRoute = lazyPage(() => import('./routes/coach/practice'));
const CoachPricingRoute = lazyPage(() => import('./routes/coach/pricing'));
const CoachRecordMeetingRoute = lazyPage(() => import('./routes/coach/record-meeting'));
const CoachSessionRoute = lazyPage(() => import('./routes/coach/session'));
const CoachSessionsRoute = lazyPage(() => import('./routes/coach/sessions'));
const CoachSubscriptionRoute = lazyPage(() => import('./routes/coach/subscription'));
const CoachTrainingInviteRoute = lazyPage(() => import('./routes/coach/training-invite'));
const CoachUpgradeSuccessRoute = lazyPage(() => import('./routes/coach/upgrade-success'));
const DashboardAssistantRoute = lazyPage(() => import('./routes/dashboard/assistant'));
const DashboardQaReportRoute = lazyPage(() => import('./routes/dashboard/assistant-qa-report'));
const DashboardCalibrationRoute = lazyPage(
  () => import('./routes/dashboard/assistant-scorecard-calibration'),
);
const DashboardAssistantUserReportRoute = lazyPage(() => import('./routes/dashboard/assistant-user-report'));
const DashboardAssistantUserSessionRoute = lazyPage(
  () => import('./routes/dashboard/assistant-user-session'),
);
// In the layout's chunk, which is loaded by the time the index renders (see DashboardIndexRoute).
const DashboardIndexRoute = lazyPage(() => import('./routes/dashboard/layout'), 'DashboardIndexRoute');
const DashboardHelpRoute = lazyPage(() => import('./routes/dashboard/help'));
const DashboardLayoutRoute = lazyPage(() => import('./routes/dashboard/layout'));
const RequireAdmin = lazyPage(() => import('./routes/dashboard/layout'), 'RequireAdmin');
const DashboardOnboardingRoute = lazyPage(() => import('./routes/dashboard/onboarding'));
const DashboardSettingsRoute = lazyPage(() => import('./routes/dashboard/settings'));
const DashboardTestRoute = lazyPage(() => import('./routes/dashboard/test'));
const DashboardTestReportRoute = lazyPage(() => import('./routes/dashboard/test-report'));
const DashboardTestReportPrintRoute = lazyPage(
  () => import('./routes/dashboard/test-report'),
  'DashboardTestReportPrintRoute',
);
const DashboardTestUserRoute = lazyPage(() => import('./routes/dashboard/test-user'));
const DashboardTrainingRoute = lazyPage(() => import('./routes/dashboard/training'));
const DashboardTrainingUserRoute = lazyPage(() => import('./routes/dashboard/training-user'));
const AdminRoute = lazyPage(() => import('./routes/general/admin'));
const AdminInsightsRoute = lazyPage(() => import('./routes/general/admin-insights'));
const AdminInsightsReportRoute = lazyPage(() => import('./routes/general/admin-insights-report'));
const AssessmentRoute = lazyPage(() => import('./routes/general/assessment'));
const CandidateRoute = lazyPage(() => import('./routes/general/candidate'));
const CandidateProfileRoute = lazyPage(() => import('./routes/general/candidate-profile'));
const DownloadRoute = lazyPage(() => import('./routes/general/download'));
const HomeRoute = lazyPage(() => import('./routes/general/home'));

/**
 * Demo pages are large and built separately; they load on first visit. Opened directly, the router
 * shows the loader meanwhile (without one it warns in the console on every visit).
 */
const demoRoute = { lazy: () => import('./routes/demo'), HydrateFallback: PageLoader };

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
  { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
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
      // /coach's redirect is no lazy page: waiting for its own chunk it could fire after the coach had
      // already clicked a menu link, and take them back (seen in the journeys on a busy machine).
      { index: true, element: <Navigate to={coachHome()} replace /> },
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
          [paths.coachCallReviews.path, <CoachCallReviewsRoute key="cr" />],
          [paths.coachCallReview.path, <CoachCallReviewRoute key="cr1" />],
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
          [paths.dashboardAssistantScorecardCalibration.path, <DashboardCalibrationRoute key="ac" />],
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

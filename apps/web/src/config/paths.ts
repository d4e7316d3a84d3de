/**
 * Every route path of the spec's route table (spec 1 section 2, spec 2 section 2, spec 3 sections 2.2, 2.8
 * and 2.9) in one typed table. `path` is the router pattern; `href` builds a concrete link.
 */
export const paths = {
  home: { path: '/', href: () => '/' },

  // Admin auth (realm whiskey-admin)
  auth: { path: '/auth', href: () => '/auth' },
  signup: { path: '/signup', href: () => '/signup' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password/:token', href: (token: string) => `/reset-password/${token}` },
  // Not in the spec (issue 16 part 4): the e-mail verification link of coach and admin accounts.
  verifyEmail: { path: '/verify-email/:token', href: (token: string) => `/verify-email/${token}` },

  // General
  assessment: { path: '/assessment', href: () => '/assessment' },
  assessmentSummary: { path: '/assessment/summary', href: () => '/assessment/summary' },
  download: { path: '/download', href: () => '/download' },
  candidate: { path: '/candidate', href: () => '/candidate' },
  admin: { path: '/admin', href: () => '/admin' },
  adminInsightsReport: { path: '/admin/insights/report', href: () => '/admin/insights/report' },
  adminInsights: {
    path: '/admin/insights/:userId?',
    href: (userId?: string) => (userId ? `/admin/insights/${userId}` : '/admin/insights'),
  },
  demo: {
    path: '/demo/:companyName?',
    href: (companyName?: string) => (companyName ? `/demo/${companyName}` : '/demo'),
  },
  freeSpeechDemo: {
    path: '/free-speech-demo/:companyName?',
    href: (companyName?: string) => (companyName ? `/free-speech-demo/${companyName}` : '/free-speech-demo'),
  },
  candidateProfile: {
    path: '/candidate-profile/:candidateId/:challengeId',
    href: (candidateId: string, challengeId: string) => `/candidate-profile/${candidateId}/${challengeId}`,
  },

  // Coach auth (realm whiskey)
  coachAuth: { path: '/coach/auth', href: () => '/coach/auth' },
  coachSignup: { path: '/coach/signup', href: () => '/coach/signup' },
  coachForgotPassword: { path: '/coach/auth/forgot-password', href: () => '/coach/auth/forgot-password' },
  coachResetPassword: {
    path: '/coach/auth/reset-pass/:token',
    href: (token: string) => `/coach/auth/reset-pass/${token}`,
  },
  coachOnboarding: { path: '/coach/onboarding', href: () => '/coach/onboarding' },
  coachOauthRedirect: { path: '/coach/oauth2-redirect', href: () => '/coach/oauth2-redirect' },
  coachDesktopAppRedirect: { path: '/coach/desktop-app-redirect', href: () => '/coach/desktop-app-redirect' },
  coachTrainingInvite: {
    path: '/coach/training-invite/:token',
    href: (token: string) => `/coach/training-invite/${encodeURIComponent(token)}`,
  },

  // Coach area (signed-in user)
  coach: { path: '/coach', href: () => '/coach' },
  coachInsights: { path: '/coach/insights', href: () => '/coach/insights' },
  coachPractice: { path: '/coach/practice', href: () => '/coach/practice' },
  coachAssistant: { path: '/coach/assistant', href: () => '/coach/assistant' },
  coachSessions: { path: '/coach/sessions', href: () => '/coach/sessions' },
  coachSession: { path: '/coach/sessions/:meetingId', href: (id: string) => `/coach/sessions/${id}` },
  coachCoachingReports: { path: '/coach/coaching-reports', href: () => '/coach/coaching-reports' },
  coachCoachingReport: {
    path: '/coach/coaching-reports/:coachingReportId',
    href: (id: string) => `/coach/coaching-reports/${id}`,
  },
  coachLearning: { path: '/coach/learning', href: () => '/coach/learning' },
  coachLearningArticle: { path: '/coach/learning/:slug', href: (slug: string) => `/coach/learning/${slug}` },
  coachAskAgaton: { path: '/coach/ask-agaton', href: () => '/coach/ask-agaton' },
  // Not in the spec (issue 27 item 4): the agent's own QA-reviewed calls (docs/decisions/022).
  coachCallReviews: { path: '/coach/call-reviews', href: () => '/coach/call-reviews' },
  coachCallReview: {
    path: '/coach/call-reviews/:qcItemId',
    href: (id: string) => `/coach/call-reviews/${encodeURIComponent(id)}`,
  },
  coachPlan: { path: '/coach/plans/:plan', href: (plan: string) => `/coach/plans/${plan}` },
  coachPricing: { path: '/coach/pricing', href: () => '/coach/pricing' },
  coachCheckout: { path: '/coach/checkout', href: () => '/coach/checkout' },
  // Not in the spec's table (its path is not shown): our choices, docs/decisions/014-billing.md.
  coachUpgradeSuccess: { path: '/coach/upgrade-success', href: () => '/coach/upgrade-success' },
  /** The embedded billing provider's customer portal (cancel or resume). */
  coachSubscription: { path: '/coach/subscription', href: () => '/coach/subscription' },

  // Dashboard area (signed-in admin)
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  dashboardTraining: { path: '/dashboard/training', href: () => '/dashboard/training' },
  dashboardTrainingUser: {
    path: '/dashboard/training/user/:userId',
    href: (userId: string) => `/dashboard/training/user/${userId}`,
  },
  dashboardTest: { path: '/dashboard/test', href: () => '/dashboard/test' },
  dashboardTestUser: {
    path: '/dashboard/test/user/:userId',
    href: (userId: string) => `/dashboard/test/user/${userId}`,
  },
  dashboardTestReport: {
    path: '/dashboard/test/user/:userId/:challengeId',
    href: (userId: string, challengeId: string) => `/dashboard/test/user/${userId}/${challengeId}`,
  },
  dashboardTestReportPrint: {
    path: '/dashboard/test/user/:userId/:challengeId/print',
    href: (userId: string, challengeId: string) => `/dashboard/test/user/${userId}/${challengeId}/print`,
  },
  dashboardAssistant: { path: '/dashboard/assistant', href: () => '/dashboard/assistant' },
  dashboardAssistantUserReport: {
    path: '/dashboard/assistant/user/:userId/report/:reportId?',
    href: (userId: string, reportId?: string) =>
      `/dashboard/assistant/user/${userId}/report${reportId ? `/${reportId}` : ''}`,
  },
  dashboardAssistantUserSession: {
    path: '/dashboard/assistant/user/:userId/session/:sessionId?',
    href: (userId: string, sessionId?: string) =>
      `/dashboard/assistant/user/${userId}/session${sessionId ? `/${sessionId}` : ''}`,
  },
  dashboardAssistantQaReport: {
    path: '/dashboard/assistant/qa-report/:reportEntityId',
    href: (id: string) => `/dashboard/assistant/qa-report/${id}`,
  },
  // Not in the spec (issue 27): how often reviewers agree with a scorecard's automatic answers.
  dashboardAssistantScorecardCalibration: {
    path: '/dashboard/assistant/scorecards/:questionSetId/calibration',
    href: (questionSetId: string) => `/dashboard/assistant/scorecards/${questionSetId}/calibration`,
  },
  dashboardOnboarding: { path: '/dashboard/onboarding', href: () => '/dashboard/onboarding' },
  dashboardSettings: { path: '/dashboard/settings', href: () => '/dashboard/settings' },
  dashboardHelp: { path: '/dashboard/help', href: () => '/dashboard/help' },
} as const;

export type PathKey = keyof typeof paths;

/** Paths that the start-up rule sends to the candidate route on first load (spec 3 section 2.10). */
export const assessmentPaths: readonly string[] = [paths.assessment.path, paths.assessmentSummary.path];

/** The 'redirect' query value that marks a sign-in started from the desktop app. */
export const DESKTOP_APP_REDIRECT = 'desktop-app';

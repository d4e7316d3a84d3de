/** The face of modules/auth (issue 29 item 2): what the rest of the API may use of it. */
export { authRoutes } from './auth.routes.ts';
export {
  adminSubjectForSocial,
  coachSubjectForSocial,
  consumeSocialToken,
  createCoachUser,
  verifyCredentials,
} from './auth.service.ts';
export { purgeExpiredTokens } from './cleanup.ts';
export { mailVerificationLink } from './email-verification.ts';
export { requestPasswordReset, resetPassword } from './password-reset.ts';
export { RevocationList } from './revocations.ts';
export {
  consumeCode,
  endSessionsOf,
  familyRevoked,
  issueCode,
  issueSession,
  type Subject,
} from './sessions.ts';
export { throttledSignIn } from './sign-in-throttle.ts';

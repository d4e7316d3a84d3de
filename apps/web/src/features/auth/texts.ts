import { FREE_RECORDING_MINUTES } from '@agaton/contracts';
import { PRODUCT_NAME } from '../../config/constants';

/** Coach sign-up welcome panel (spec 1 section 2 "Sign-up (coach)"). */
export const coachWelcome = {
  eyebrow: 'Welcome to Agaton',
  headline: `Start with ${FREE_RECORDING_MINUTES} free recording minutes`,
  copy: 'Your AI coach for clearer, more confident English in every meeting.',
  points: ['Let the coach listen to you', 'Practise alone or in meetings', 'Get actionable coaching'],
} as const;

/** Admin sign-up marketing panel (spec 1 section 2 "Admin sign-in, sign-up, forgot and reset"). */
export const adminMarketing = {
  headline: 'AI Agents for Sales Teams',
  copy: 'Coach every conversation, review quality and hire with confidence.',
  points: [
    'Transformative automation',
    'Works with your sales and CX tech stack',
    'Built with security and privacy in mind',
  ],
} as const;

/**
 * The desktop app redirect page (spec 1 section 2 "Desktop app redirect"); the texts for a link it will
 * not follow are ours (the spec gives only the authentication error).
 */
export const desktopRedirectTexts = {
  title: `Redirecting to ${PRODUCT_NAME} app`,
  hint: 'If nothing happens, try again or continue in your browser.',
  tryAgain: 'Try again',
  continueToWeb: 'Continue to web app',
  cannotOpenTitle: `This link cannot open the ${PRODUCT_NAME} app`,
  notAppLink: (scheme: string) =>
    `This page only opens links of the ${PRODUCT_NAME} desktop app (starting with ${scheme}//). This link leads elsewhere, so it was not opened.`,
  signInAgain: 'Try again to sign in once more and get a new link to the app, or continue in your browser.',
} as const;

import { FREE_RECORDING_MINUTES } from '@agaton/contracts';

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

import { TRAINING_RULES } from '@agaton/contracts';

/** Texts of the trainee's screens (the spec's and contract's are in `trainingTexts`; these are ours). */
export const PRACTICE_TEXTS = {
  title: 'Practice',
  intro: (org: string) =>
    `Read sentences aloud and answer questions from ${org}. Every recording is scored at once, and ${org} sees your progress.`,
  topic: 'Topic',
  level: 'Level',
  exercise: 'Exercise',
  levels: { LOW: 'Beginner', MEDIUM: 'Intermediate', ADVANCED: 'Advanced' },
  kinds: { reading: 'Read aloud', 'free-speech': 'Speak freely' },
  nextReading: 'Next sentence',
  nextQuestion: 'Next question',
  lessons: 'Lessons completed',
  studyTime: 'Study time',
  minutes: (m: number) => `${m} min`,
  attempts: 'Recordings',
  noExercises: 'This level has no exercises of this kind. Choose another level or exercise.',
  noContent: 'Your organisation has no practice content yet.',
  itemOf: (i: number, n: number) => `${i} of ${n}`,
  lockedHint:
    'Open the invitation e-mail your organisation sent you, or ask your administrator to invite you.',
  goToSessions: 'Go to your sessions',
  loadFailed: 'Practice could not be loaded.',
  maxSeconds: TRAINING_RULES.maxRecordingSeconds,
  // Invitation page
  inviteTitle: 'English Learning App',
  inviteLead: (org: string, name: string) => `${org} invites ${name} to practise English with Agaton.`,
  inviteWhat:
    'Practise reading aloud and speaking freely, get instant feedback on pronunciation and fluency, and track your progress.',
  inviteFor: (email: string) => `The invitation is for ${email}.`,
  accept: 'Accept invitation',
  decline: 'Decline',
  signUpToAccept: 'Create your account to accept',
  signInInstead: 'I already have an account — sign in',
  signedInAs: (email: string) => `Signed in as ${email}.`,
  signOut: 'Sign out',
  openPractice: 'Start practising',
  home: 'Go to the home page',
  signIn: 'Sign in',
  declinedHint: 'Changed your mind? You can still accept while this link works.',
  acceptFailed: 'Accepting the invitation failed. Please try again.',
  declineFailed: 'Declining the invitation failed. Please try again.',
} as const;

import { TEST_PART_LABELS, TEST_RULES, type TestLevel, type TestPart } from '@agaton/contracts';

/**
 * Texts of the candidate's English test (spec 2 gives none for this screen; these are ours). The API
 * never sends them, so they live with the feature; the tests import them from here.
 */
export const CANDIDATE_TEXTS = {
  title: 'English Test',
  welcome: (name: string) => `Welcome, ${name}`,
  invited: (org: string) => `${org} invited you to take the English Test.`,
  partsHeading: (n: number) =>
    `The test has ${['no', 'one', 'two', 'three', 'four'][n] ?? n} ${n === 1 ? 'part' : 'parts'}`,
  needsHeading: 'Before you start',
  needs: (minutes: number) => [
    'A microphone (a headset works best) and a quiet place.',
    `About ${minutes} minutes. Each part's timer starts only when you start that part.`,
    'You may take a break between parts. Your answers are saved as you go.',
    `Each recording can be up to ${TEST_RULES.maxRecordingSeconds} seconds long.`,
  ],
  startTest: 'Start the test',
  continueTest: 'Continue the test',
  notYou: 'Not you?',
  signOut: 'Sign out',
  complete: 'Your test is complete',
  willReceive: (org: string) => `${org} will receive your results.`,
  closeWindow: 'You can now close this window.',
  thankYou: (name: string) => `Thank you, ${name}. Your test is complete.`,
  loadFailed: 'We could not load your test. Please check your connection and try again.',
  retry: 'Try again',

  micHeading: 'Check your microphone',
  micHelp:
    'Optional, but recommended: press the microphone, read the sentence aloud, then press it again to stop. This does not count towards your test.',
  micSentence: 'I am ready to start my English test today.',
  micChecking: 'Listening to your recording…',
  micClear: 'We can hear you clearly.',
  micUnclear:
    'We can hear you, but not very clearly. Move closer to the microphone, find a quieter place and read the whole sentence.',
  micSilent:
    'We could not hear you. Check that your microphone is connected, not muted and allowed in your browser, then try again.',
  micFailed: 'The microphone check did not work this time. You can try again or start the test.',

  partLabel: (part: TestPart) => TEST_PART_LABELS[part],
  levelLabel: (level: TestLevel) => `Level ${{ LOW: 1, MEDIUM: 2, ADVANCED: 3 }[level]} of 3`,
  question: (n: number, of: number) => `Question ${n} of ${of}`,
  timeLeft: 'Time left in this part',
  oneMinuteLeft: '1 minute left in this part.',
  progressLabel: 'Test progress',
  partDone: 'done',
  partNow: 'now',

  startPart: (part: TestPart) => `Start ${TEST_PART_LABELS[part]}`,
  partTime: (limit: string) => `You have ${limit} for this part. The timer starts when you press Start.`,
  partQuestions: (n: number) =>
    `Up to ${n} ${n === 1 ? 'question' : 'questions'}; they get harder as you go.`,
  timeUp: 'Time is up for this part.',
  savedNext: (done: TestPart, next: TestPart) =>
    `Your answers to ${TEST_PART_LABELS[done]} are saved. Next: ${TEST_PART_LABELS[next]}.`,
  partComplete: (part: TestPart) => `${TEST_PART_LABELS[part]} is complete`,
  breakHint: 'Take a short break if you like, then start the next part.',

  readAloud: 'Read this sentence aloud:',
  speakAbout: `Speak about this topic for up to ${TEST_RULES.maxRecordingSeconds} seconds:`,
  sentOnStop: 'Your answer is saved when you stop recording. There is one recording per question.',
  tooShort: 'Recording was too short. Please try again.',
  saving: 'Saving your answer…',
  retrying: 'Connection lost — retrying…',
  play: 'Play the recording',
  playAgain: 'Play again',
  playing: 'Playing…',
  audioFailed: 'The recording could not be played. Please press Play again.',
  chooseAnswer: 'Choose one answer',
  submitAnswer: 'Submit answer',
  readText: 'Read the text, then answer the question.',
  listenFirst: 'Listen to the recording, then answer the question. You may play it more than once.',
  missingItem: 'This question could not be shown. Please reload the page.',

  summaryParts: 'Parts you took',
  partFinished: 'Completed',
  partTimedOut: 'Completed (time ran out)',
  partNotTaken: 'Not taken',
} as const;

/** What each part asks, shown before its Start button. */
export const PART_INSTRUCTIONS: Record<TestPart, string> = {
  Reading:
    'You will see one sentence at a time. Read it aloud clearly. Press the microphone to start recording and press it again when you finish.',
  Listening:
    'You will hear a short recording, then answer a question about it. You may play the recording more than once.',
  ReadingComprehension: 'You will read a short text, then answer a question about it.',
  FreeSpeech: `You will see a topic. Speak about it for up to ${TEST_RULES.maxRecordingSeconds} seconds. Press the microphone to start and press it again when you finish.`,
};

import type { AnalysisStage } from '@agaton/contracts';

/**
 * Texts of the sessions pages that the spec does not give (its own texts are `sessionTexts` in
 * @agaton/contracts); kept apart so they are easy to review or replace.
 */
export const SESSION_INVENTED_TEXTS = {
  emptyHint: 'Record a meeting and your session feedback appears here once it has been analysed.',
  recordMeeting: 'Record Meeting',
  retry: 'Retry',
  analysing: 'Analysing',
  analysisFailed: 'Analysis failed',
  analysisFailedFallback: 'We could not analyse this recording.',
  viewFeedback: 'View feedback',
  loadFailedAdvice:
    'Please refresh the page. If it still does not load, check that you are signed in with the account that recorded this session.',
  backToSessions: 'Back to sessions',
  progressTitle: 'Your session is being analysed',
  progressHint: 'This page updates by itself. Feedback is usually ready within a few minutes of the upload.',
  wordsSaid: (n: number) => `${n.toLocaleString('en')} words`,
  recording: 'Recording',
  noRecording: 'The recording is not available for playback.',
  recordingFailed: 'The recording could not be loaded. Refresh the page to try again.',
  noTranscript: 'No speech was transcribed in this recording.',
  playerHint: 'Click any word to hear it. Underlined words were challenging.',
  play: 'Play',
  pause: 'Pause',
  seek: 'Position in the recording',
  speed: 'Playback speed',
  jumpTo: (word: string) => `Play “${word}” in the recording`,
  jumpToScored: (word: string, score: number) => `Play “${word}”, ${score}, in the recording`,
  notInRecording: 'Not found in the timed transcript',
  overall: 'Overall',
  notScored: 'Too little speech to score',
  change: (delta: number) =>
    delta === 0
      ? 'Same as the session before'
      : `${delta > 0 ? '+' : '−'}${Math.abs(delta)} on the session before`,
  trendTitle: 'Your overall score',
  trendChange: (delta: number, sessions: number) =>
    delta === 0
      ? `No change over your last ${sessions} scored sessions`
      : `${delta > 0 ? 'Up' : 'Down'} ${Math.abs(delta)} over your last ${sessions} scored sessions`,
  trendChart: (scores: number[]) => `Overall scores, oldest first: ${scores.join(', ')}`,
} as const;

/** What each analysis stage means to the user. */
export const STAGE_LABEL: Record<AnalysisStage, string> = {
  queued: 'Waiting to start',
  decoding: 'Preparing the audio',
  transcribing: 'Transcribing your speech',
  scoring: 'Scoring pronunciation and fluency',
  reporting: 'Writing your feedback',
  done: 'Done',
};

/** Tab and section titles of the feedback page (spec 1 section 2 "Session feedback"). */
export const FEEDBACK_SECTIONS = {
  overview: 'Overview',
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  intelligibility: 'Intelligibility',
  evaluation: 'Evaluation',
  keyTakeaways: 'Key takeaways',
  transcriptSample: 'Transcript sample',
  breakdown: 'Breakdown',
  goodExamples: 'Good examples',
  badExamples: 'To work on',
  challengingWords: 'Challenging words',
  masteredWords: 'Mastered words',
  mostChallengingPhoneme: 'Most challenging sound',
  mostImpactfulPhoneme: 'Most impactful sound',
  challengingPhonemes: 'Challenging sounds',
  hesitations: 'Hesitations and pauses per sentence',
  speakingRate: 'Speaking rate',
  fastWords: 'Rushed words',
  slowWords: 'Drawn-out words',
  causesOfLowScore: 'Causes of a low score',
  wordStats: 'Hard-to-understand words',
  abbreviationStats: 'Abbreviations',
  nothingHere: 'Nothing to show here.',
  scores: 'Scores',
  noBadExamples: 'No word stood out as needing work.',
  noChallengingWords: 'No word scored 80 or below.',
  noSoundStoodOut: 'No sound stood out.',
  noChallengingSounds: 'No sound was challenging in this session.',
  noneStoodOut: 'None stood out.',
  noUnclearWords: 'Every word was clear enough to follow.',
  noAbbreviations: 'No abbreviations made you harder to follow.',
  challengingThreshold: '80 or below',
  word: 'Word',
  sounds: 'Sounds',
  score: 'Score',
  yourPace: 'Your pace',
  wordsPerMinute: 'Words per minute',
  perSentenceHint: 'on average in each sentence',
  showAll: (n: number) => `Show all ${n}`,
  showFewer: 'Show fewer',
} as const;

/** The face of modules/speaking (issue 29 item 2): what the rest of the API may use of it. */
export {
  type GoalMeasure,
  goalLine,
  knownGoals,
  MEASURE_BY_FOCUS,
  MEASURE_BY_GOAL,
  progressOf,
} from './goal-progress.ts';
export { articlesFor } from './learning-needs.ts';
export {
  AVERAGE_WPM,
  averagePace,
  CHALLENGING_AT_OR_BELOW,
  type Figures,
  figuresOf,
  formatDuration,
  MIN_WORDS_TO_JUDGE,
  paceVerdict,
  perMinute,
  plural,
  pronunciationScored,
  quoted,
  type SoundFigure,
  scoreWord,
  soundLabel,
  soundsEverChallenging,
  weakestSounds,
  weakestWords,
  wordsEverChallenging,
} from './speaking-figures.ts';

/**
 * Texts of the insights page; the spec gives only its tab names (spec 1 section 2), the rest is ours
 * and kept here so it is easy to review or replace.
 */
export const INSIGHTS_TABS = {
  overview: 'Overview',
  clarity: 'Clarity',
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  intelligibility: 'Intelligibility',
  confidence: 'Confidence',
  mastery: 'Mastery',
} as const;

export type InsightsTab = keyof typeof INSIGHTS_TABS;

export const INSIGHTS_TEXTS = {
  title: 'Insights',
  description: 'How your speaking develops from one recorded session to the next.',
  empty: 'No insights to show yet.',
  emptyHint: (min: number, have: number) =>
    `Insights show trends across your sessions, so they need at least ${min} analysed sessions (you have ${have}). Record a meeting to get there.`,
  recordMeeting: 'Record Meeting',
  retry: 'Retry',
  basedOn: (n: number) => `Based on your ${n} analysed sessions.`,
  latestSession: (when: string) => `Latest session · ${when}`,
  sinceLast: 'since the session before',
  scoresOverTime: 'Scores over time',
  scoresOverTimeHint: 'Pronunciation, fluency and intelligibility of each session (0–100).',
  wordsPerSession: 'Words said per session',
  sessions: 'Sessions analysed',
  speakingTime: 'Total recorded time',
  wordsSaid: 'Words said',
  averageRate: 'Average speaking rate',
  clarityOverTime: 'Clarity over time',
  clarityHint:
    'Clarity is how sure the speech recogniser was of each word it heard: clear speech is recognised with confidence.',
  pronunciationOverTime: 'Pronunciation over time',
  recurringSounds: 'Recurring sounds',
  recurringSoundsHint:
    'Sounds that were challenging in more than one session, with your own words where they came up.',
  recurringWords: 'Recurring words',
  recurringWordsHint: 'Words that keep coming back as challenging.',
  inSessions: (n: number, of: number) => `challenging in ${n} of ${of} sessions`,
  averageScore: 'average',
  fluencyOverTime: 'Fluency over time',
  rateOverTime: 'Speaking rate over time',
  rateHint:
    'Words per minute in each session; the shaded band is the 120–150 average of US English speakers.',
  averageBand: 'Average 120–150',
  pausesAndFillers: 'Pauses and fillers per minute',
  pausesAndFillersHint: 'Fewer pauses and fillers (um, uh, like) per minute make speech sound more fluent.',
  intelligibilityOverTime: 'Intelligibility over time',
  intelligibilityHint: 'How easy your speech is to understand, session by session.',
  talkShare: 'Talk share',
  talkShareHint: 'How much of each meeting you spoke.',
  fillersOverTime: 'Fillers per minute',
  hesitationsOverTime: 'Hesitations and pauses per sentence',
  masteredWords: 'Mastered words',
  masteredWordsHint: 'Words that were challenging in an earlier session and that you now say well.',
  noMasteredWords:
    'No mastered words yet: a word counts once it was challenging before and you now say it well.',
  stillToMaster: 'Still to master',
  stillToMasterHint: 'Sounds and words that keep coming back as challenging.',
  nothingRecurring: 'Nothing keeps coming back: no sound or word was challenging in more than one session.',
  noRecurringSounds: 'No sound was challenging in more than one session.',
  noRecurringWords: 'No word was challenging in more than one session.',
  notMeasured: '–',
  sounds: 'Sounds',
  words: 'Words',
} as const;

/** Series names as shown in legends and tooltips. */
export const SERIES_LABEL = {
  pronunciation: 'Pronunciation',
  fluency: 'Fluency',
  intelligibility: 'Intelligibility',
  clarity: 'Clarity',
  talkShare: 'Talk share',
  wordsSaid: 'Words said',
  wordsPerMinute: 'Words per minute',
  pausesPerMinute: 'Pauses per minute',
  fillersPerMinute: 'Fillers per minute',
  hesitationsPerSentence: 'Per sentence',
} as const;

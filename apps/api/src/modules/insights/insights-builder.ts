import type { InsightSession, Insights, RecurringItem } from '@agaton/contracts';
import type { ReportSession } from '../coaching-reports/index.ts';
import {
  CHALLENGING_AT_OR_BELOW,
  figuresOf,
  MIN_WORDS_TO_JUDGE,
  perMinute,
  soundsEverChallenging,
  wordsEverChallenging,
} from '../speaking/index.ts';

/** A sound or word must be challenging in this many sessions to recur. */
const RECURS_IN = 2;
const MAX_SOUNDS = 5;
const MAX_WORDS = 10;

/**
 * The insights of a user's analysed sessions (given in any order): each session's figures oldest
 * first, the sounds and words that keep being challenging, and the words mastered since. Sessions
 * with fewer than 10 of the learner's words have no scores worth charting and are left out.
 */
export function buildInsights(sessions: ReportSession[]): Insights {
  const judged = sessions
    .filter((s) => s.metrics.wordsSaid >= MIN_WORDS_TO_JUDGE)
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id.localeCompare(b.id));
  const newestFirst = [...judged].reverse();
  const f = figuresOf(newestFirst.map((s) => s.metrics));
  // With a single session nothing can recur yet: its most frequent challenging items stand in.
  const recurs = (challengingSessions: number) =>
    judged.length < RECURS_IN || challengingSessions >= RECURS_IN;

  const recurringSounds: RecurringItem[] = soundsEverChallenging(f)
    .filter((s) => recurs(s.challengingSessions))
    .slice(0, MAX_SOUNDS)
    .map((s) => ({
      label: s.respelled,
      ipa: s.ipa,
      sessions: s.challengingSessions,
      occurrences: s.sessions,
      averageScore: s.averageScore,
      examples: s.exampleWords,
    }));

  const recurringWords: RecurringItem[] = wordsEverChallenging(f)
    .filter((w) => recurs(w.challengingSessions))
    .sort(
      (a, b) =>
        b.challengingSessions - a.challengingSessions || b.count - a.count || a.averageScore - b.averageScore,
    )
    .slice(0, MAX_WORDS)
    .map((w) => ({
      label: w.word,
      ipa: null,
      sessions: w.challengingSessions,
      occurrences: w.sessions,
      averageScore: w.averageScore,
      examples: [],
    }));

  return {
    sessions: judged.map(insightSession),
    recurringSounds,
    recurringWords,
    masteredWords: mastered(judged),
  };
}

function insightSession(s: ReportSession): InsightSession {
  const m = s.metrics;
  return {
    id: s.id,
    timestampSeconds: Math.floor(s.startedAt.getTime() / 1000),
    durationSeconds: s.durationSeconds,
    speakingTimePercentage: m.speakingTimePercentage,
    wordsSaid: m.wordsSaid,
    pronunciation: m.pronunciation,
    fluency: m.fluency,
    intelligibility: m.intelligibility,
    clarity: m.clarity,
    wordsPerMinute: m.wordsPerMinute,
    pausesPerMinute: perMinute(m.pauses, m.speakingSeconds) ?? 0,
    fillersPerMinute: perMinute(m.filledPauses, m.speakingSeconds) ?? 0,
    hesitationsAndPausesPerSentence: m.hesitationsAndPausesPerSentence,
  };
}

/**
 * Words challenging in an earlier session and above 80 in the latest session they were scored in;
 * the most recently mastered first.
 */
function mastered(oldestFirst: ReportSession[]): string[] {
  const history = new Map<string, { word: string; everChallenging: boolean; latest: number; at: number }>();
  oldestFirst.forEach((s, index) => {
    for (const w of s.metrics.words) {
      const h = history.get(w.normalised);
      history.set(w.normalised, {
        word: w.word,
        // Challenging before this session, not counting the latest one itself.
        everChallenging:
          (h?.everChallenging ?? false) || (h !== undefined && h.latest <= CHALLENGING_AT_OR_BELOW),
        latest: w.averageScore,
        at: index,
      });
    }
  });
  return [...history.values()]
    .filter((h) => h.everChallenging && h.latest > CHALLENGING_AT_OR_BELOW)
    .sort((a, b) => b.at - a.at || a.word.localeCompare(b.word))
    .map((h) => h.word);
}

import {
  INSIGHT_METRICS,
  type InsightFigures,
  type InsightMetric,
  type InsightPeriod,
  type PracticeWord,
  TRAINING_RULES,
  type TrainingInsights,
  WEEK_DAYS,
} from '@agaton/contracts';
import type { PeriodRange } from './insights-period.ts';

/** The columns of a practice attempt the insights read. */
export interface InsightAttempt {
  candidateId: string;
  kind: string;
  topic: string;
  level: string;
  itemId: string;
  overallScore: number;
  pronunciation: number;
  fluency: number;
  contentScore: number | null;
  wordsPerMinute: number | null;
  wordsSaid: number;
  pauses: number;
  hesitations: number;
  silences: number;
  studySeconds: number;
  words: PracticeWord[];
  createdAt: Date;
}

/** A trainee in scope, with or without practice. */
export interface InsightPerson {
  userId: string;
  name: string;
  email: string;
  traineeStatus: 'NotInvited' | 'InvitePending' | 'InviteRejected' | 'Training';
  lastPracticeAt: Date | null;
}

export interface BuildInsightsOptions {
  period: { name: InsightPeriod; range: PeriodRange };
  people: InsightPerson[];
  /** The attempts of these people inside the period. */
  attempts: InsightAttempt[];
  grouping: ('person' | 'cohort')[];
  periods: ('full-period' | 'day')[];
  /** Metrics asked for (undefined = all); the others are null. */
  metrics?: InsightMetric[];
}

/** Spec 2 §9: a speaking-rate average needs at least 10 words. */
const MIN_WORDS_FOR_RATE = 10;

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) =>
  values.length ? round1(values.reduce((a, b) => a + b, 0) / values.length) : null;
const share = (attempts: InsightAttempt[], affected: (a: InsightAttempt) => boolean) =>
  attempts.length ? round1((100 * attempts.filter(affected).length) / attempts.length) : null;

/** Words compare without case or surrounding punctuation ("Hello," is "hello"). */
const normaliseWord = (word: string) =>
  word
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();

/**
 * Items (words or sounds) whose mean score over all their occurrences is under 98 (spec 2 §9), lowest
 * mean first (then the most attempts it was challenging in), the top 10. `count` = attempts in which it
 * scored under 98 at least once.
 */
function challenging(attempts: InsightAttempt[], itemsOf: (a: InsightAttempt) => [string, number][]) {
  const stats = new Map<string, { sum: number; n: number; attempts: number }>();
  for (const attempt of attempts) {
    const weakHere = new Set<string>();
    for (const [label, score] of itemsOf(attempt)) {
      if (!label) continue;
      const s = stats.get(label) ?? { sum: 0, n: 0, attempts: 0 };
      s.sum += score;
      s.n += 1;
      stats.set(label, s);
      if (score < TRAINING_RULES.challengingBelow) weakHere.add(label);
    }
    for (const label of weakHere) {
      const s = stats.get(label);
      if (s) s.attempts += 1;
    }
  }
  return [...stats.entries()]
    .map(([label, s]) => ({ label, score: round1(s.sum / s.n), count: s.attempts }))
    .filter((item) => item.score < TRAINING_RULES.challengingBelow && item.count > 0)
    .sort((a, b) => a.score - b.score || b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, TRAINING_RULES.challengingShown);
}

const wordsOf = (a: InsightAttempt): [string, number][] =>
  a.words.map((w) => [normaliseWord(w.word), w.score]);
const phonemesOf = (a: InsightAttempt): [string, number][] =>
  a.words.flatMap((w) => w.phonemes.map((p): [string, number] => [p.ipa.trim(), p.score]));

/** One exercise of one person: a lesson (docs/decisions/018: an exercise scored at least once). */
const lessonKey = (a: InsightAttempt) => JSON.stringify([a.candidateId, a.topic, a.level, a.kind, a.itemId]);

/** The figures of a set of attempts; a metric not asked for is null, as are averages without data. */
export function figuresOf(attempts: InsightAttempt[], metrics: ReadonlySet<InsightMetric>): InsightFigures {
  const want = (metric: InsightMetric) => metrics.has(metric);
  // Spec 2 §9: a speaking-rate average needs at least 10 words — counted over the attempts with a
  // rate together, since one sentence read aloud is often shorter than that.
  const rated = attempts.filter((a) => a.wordsPerMinute !== null);
  const ratedWords = rated.reduce((t, a) => t + a.wordsSaid, 0);
  const topics = new Map<string, number>();
  for (const a of attempts) topics.set(a.topic, (topics.get(a.topic) ?? 0) + 1);
  const fluency = mean(attempts.map((a) => a.fluency));
  return {
    attempts: attempts.length,
    overallScore: want('overall-score') ? mean(attempts.map((a) => a.overallScore)) : null,
    studyMinutes: want('study-time') ? round1(attempts.reduce((t, a) => t + a.studySeconds, 0) / 60) : null,
    pronunciation: want('pronunciation') ? mean(attempts.map((a) => a.pronunciation)) : null,
    contentScore: want('content-score')
      ? mean(attempts.flatMap((a) => (a.contentScore === null ? [] : [a.contentScore])))
      : null,
    fluency:
      want('fluency') && fluency !== null
        ? {
            score: fluency,
            wordsPerMinute:
              ratedWords >= MIN_WORDS_FOR_RATE ? mean(rated.map((a) => a.wordsPerMinute ?? 0)) : null,
          }
        : null,
    pausingShare: want('fluency-pausing') ? share(attempts, (a) => a.pauses > 0) : null,
    hesitationShare: want('fluency-hesitation') ? share(attempts, (a) => a.hesitations > 0) : null,
    silenceShare: want('fluency-silence') ? share(attempts, (a) => a.silences > 0) : null,
    lessonsCompleted: want('lessons-completed') ? new Set(attempts.map(lessonKey)).size : null,
    wordsSaid: want('words-said') ? attempts.reduce((t, a) => t + a.wordsSaid, 0) : null,
    challengingWords: want('challenging-words-to-pronounce') ? challenging(attempts, wordsOf) : null,
    challengingPhonemes: want('challenging-phonemes') ? challenging(attempts, phonemesOf) : null,
    popularTopics: want('popular-topics')
      ? [...topics.entries()]
          .map(([topic, n]) => ({ topic, attempts: n }))
          .sort((a, b) => b.attempts - a.attempts || a.topic.localeCompare(b.topic))
          .slice(0, TRAINING_RULES.popularTopicsShown)
      : null,
  };
}

/** Monday = 0 … Sunday = 6, in UTC. */
const weekdayIndex = (at: Date) => (at.getUTCDay() + 6) % 7;

function group(
  attempts: InsightAttempt[],
  metrics: ReadonlySet<InsightMetric>,
  periods: BuildInsightsOptions['periods'],
) {
  return {
    fullPeriod: periods.includes('full-period') ? figuresOf(attempts, metrics) : null,
    days: periods.includes('day')
      ? WEEK_DAYS.map((day, i) => ({
          day,
          figures: figuresOf(
            attempts.filter((a) => weekdayIndex(a.createdAt) === i),
            metrics,
          ),
        }))
      : null,
  };
}

/**
 * GET /api/insights' answer from the people in scope and their attempts in the period (spec 3 §7.3):
 * the whole cohort and/or each person, over the full period and/or per weekday Mon–Sun.
 */
export function buildTrainingInsights(options: BuildInsightsOptions): TrainingInsights {
  const metrics = new Set<InsightMetric>(options.metrics ?? INSIGHT_METRICS);
  const byPerson = new Map<string, InsightAttempt[]>();
  for (const a of options.attempts) {
    const list = byPerson.get(a.candidateId) ?? [];
    list.push(a);
    byPerson.set(a.candidateId, list);
  }
  const { range } = options.period;
  return {
    period: {
      name: options.period.name,
      from: range.from?.toISOString() ?? null,
      to: range.to.toISOString(),
    },
    cohort: options.grouping.includes('cohort') ? group(options.attempts, metrics, options.periods) : null,
    people: options.grouping.includes('person')
      ? options.people.map((p) => ({
          userId: p.userId,
          name: p.name,
          email: p.email,
          traineeStatus: p.traineeStatus,
          lastPracticeAt: p.lastPracticeAt?.toISOString() ?? null,
          ...group(byPerson.get(p.userId) ?? [], metrics, options.periods),
        }))
      : null,
  };
}

import type { Block, SessionMetrics } from '@agaton/contracts';
import {
  averagePace,
  type Figures,
  figuresOf,
  formatDuration,
  type GoalMeasure,
  goalLine,
  knownGoals,
  MEASURE_BY_FOCUS,
  MEASURE_BY_GOAL,
  MIN_WORDS_TO_JUDGE,
  paceVerdict,
  plural,
  progressOf,
  quoted,
  soundLabel,
  weakestSounds,
  weakestWords,
} from '../speaking/index.ts';
import { chooseExercises } from './report-exercises.ts';

/** An analysed session as the report writers read it. */
export interface ReportSession {
  id: string;
  startedAt: Date;
  durationSeconds: number;
  metrics: SessionMetrics;
}

export const REPORT_HEADERS = {
  period: 'Your week',
  changes: 'What changed',
  practise: 'Sounds and words to practise',
  fluency: 'Fluency habits',
  goals: 'Progress on your goals',
  exercises: 'Exercises',
} as const;

/** Earlier sessions the per-session report looks back over for recurring sounds and words. */
const HISTORY_SESSIONS = 4;

/** The measures compared between sessions or periods, in the order they are listed. */
const CHANGES: { name: string; measure: GoalMeasure }[] = [
  { name: 'Overall score', measure: MEASURE_BY_FOCUS['test-prep'] },
  { name: 'Pronunciation', measure: MEASURE_BY_FOCUS.pronunciation },
  { name: 'Fluency', measure: MEASURE_BY_FOCUS.fluency },
  { name: 'Intelligibility', measure: MEASURE_BY_FOCUS.intelligibility },
  { name: 'Pace (words per minute)', measure: MEASURE_BY_FOCUS.pace },
  { name: 'Filler words per minute', measure: MEASURE_BY_FOCUS.fillers },
  { name: 'Long pauses per minute', measure: MEASURE_BY_GOAL.FEWER_LONG_PAUSES ?? MEASURE_BY_FOCUS.fluency },
  { name: 'Share of the time you spoke', measure: MEASURE_BY_FOCUS.confidence },
];

const day = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "on 11 November 2026", or "from … to …" when the sessions span several days. */
const span = (first: Date, last: Date) =>
  day(first) === day(last) ? `on ${day(first)}` : `from ${day(first)} to ${day(last)}`;
const newestFirst = (sessions: ReportSession[]) =>
  [...sessions].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());

/**
 * The coaching report of one session: what changed since the session before, the sounds and words
 * that keep coming back (this session and up to four before it), fluency habits, goals, exercises.
 */
export function writeSessionReport(input: {
  session: ReportSession;
  /** Earlier sessions, newest first. */
  previous: ReportSession[];
  goals: string[];
}): Block[] {
  const { session } = input;
  const last = input.previous[0];
  const now = figuresOf([session.metrics]);
  const before = last ? figuresOf([last.metrics]) : null;
  const recent = figuresOf([session, ...input.previous.slice(0, HISTORY_SESSIONS)].map((s) => s.metrics));
  const changes = before
    ? changeLines(now, before, `Since your session on ${day(last.startedAt)}:`)
    : firstReport(now, 'This is your first coaching report: these figures are your starting point.');
  return [
    { header: REPORT_HEADERS.changes, content: changes },
    { header: REPORT_HEADERS.practise, content: practiseLines(recent) },
    { header: REPORT_HEADERS.fluency, content: fluencyLines(now, before) },
    { header: REPORT_HEADERS.goals, content: goalLines(input.goals, now, before) },
    { header: REPORT_HEADERS.exercises, content: exercises(now, recent, input.goals) },
  ];
}

/** The coaching report of a period (a week): the same blocks over all its sessions. */
export function writePeriodReport(input: {
  /** Sessions in the period, any order. */
  sessions: ReportSession[];
  /** Sessions of the period compared with, any order. */
  previousPeriod: ReportSession[];
  goals: string[];
  periodStart: Date;
  periodEnd: Date;
}): Block[] {
  const sessions = newestFirst(input.sessions);
  const earlier = newestFirst(input.previousPeriod);
  const now = figuresOf(sessions.map((s) => s.metrics));
  const before = earlier.length ? figuresOf(earlier.map((s) => s.metrics)) : null;
  const last = new Date(input.periodEnd.getTime() - 1);
  const overview = [
    `${plural(sessions.length, 'session')} from ${day(input.periodStart)} to ${day(last)}, ${formatDuration(now.durationSeconds)} in all; you spoke for ${formatDuration(now.speakingSeconds)}${now.talkShare === null ? '' : ` (${now.talkShare}%)`} and we recognised ${plural(now.wordsSaid, 'word')}.`,
    ...withinPeriod(sessions),
  ];
  const changes = before
    ? changeLines(
        now,
        before,
        `Compared with your ${plural(earlier.length, 'session')} ${span(earlier[earlier.length - 1].startedAt, earlier[0].startedAt)}:`,
      )
    : firstReport(now, 'This is your first weekly report: these figures are your starting point.');
  return [
    { header: REPORT_HEADERS.period, content: overview },
    { header: REPORT_HEADERS.changes, content: changes },
    { header: REPORT_HEADERS.practise, content: practiseLines(now) },
    { header: REPORT_HEADERS.fluency, content: fluencyLines(now, before) },
    { header: REPORT_HEADERS.goals, content: goalLines(input.goals, now, before) },
    { header: REPORT_HEADERS.exercises, content: exercises(now, now, input.goals) },
  ];
}

/** "Pronunciation: 71 → 76 (improved)" for every measure known both times. */
function changeLines(now: Figures, before: Figures, intro: string): string[] {
  if (now.judged === 0) return [intro, 'Too few of your words were heard this time to compare scores.'];
  const lines = CHANGES.flatMap(({ name, measure }) => {
    const a = measure.value(before);
    const b = measure.value(now);
    if (a === null || b === null) return [];
    const verdict = { improved: 'improved', slipped: 'slipped back', same: 'about the same' }[
      progressOf(measure, b, a)
    ];
    return [`${name}: ${measure.short(a)} → ${measure.short(b)} (${verdict})`];
  });
  return [intro, ...lines];
}

function firstReport(now: Figures, intro: string): string[] {
  if (now.judged === 0) return [intro, 'Too few of your words were heard to give scores yet.'];
  const scores = CHANGES.slice(0, 4).flatMap(({ name, measure }) => {
    const v = measure.value(now);
    return v === null ? [] : [`${name}: ${measure.short(v)}/100`];
  });
  return [intro, scores.join(', ')];
}

/** Scores from the first to the last judged session of a period, when it has two. */
function withinPeriod(sessions: ReportSession[]): string[] {
  const judged = sessions.filter((s) => s.metrics.wordsSaid >= MIN_WORDS_TO_JUDGE);
  if (judged.length < 2) return [];
  const first = judged[judged.length - 1].metrics;
  const latest = judged[0].metrics;
  return [
    `From your first to your latest session this week: pronunciation ${first.pronunciation} → ${latest.pronunciation}, fluency ${first.fluency} → ${latest.fluency}, intelligibility ${first.intelligibility} → ${latest.intelligibility}.`,
  ];
}

function practiseLines(f: Figures): string[] {
  const lines: string[] = [];
  for (const s of weakestSounds(f).slice(0, 3)) {
    const where =
      f.sessions > 1 ? `, challenging in ${s.challengingSessions} of ${plural(s.sessions, 'session')}` : '';
    const own = s.exampleWords.length ? `; in your words ${quoted(s.exampleWords.slice(0, 5))}` : '';
    lines.push(
      `${soundLabel(s)}: average ${s.averageScore}, unclear ${s.challengingCount} of ${s.count} times${where}${own}.`,
    );
  }
  const words = weakestWords(f).slice(0, 6);
  if (words.length) {
    const items = words.map((w) =>
      f.sessions > 1
        ? `"${w.word}" (${w.averageScore}, in ${plural(w.sessions, 'session')})`
        : `"${w.word}" (${w.averageScore})`,
    );
    lines.push(`Words that scored 80 or below: ${items.join(', ')}.`);
  }
  if (lines.length) return lines;
  return f.scoredWords > 0
    ? ['Every sound and word we scored averaged above 80.']
    : ['No words could be scored sound by sound yet.'];
}

function fluencyLines(now: Figures, before: Figures | null): string[] {
  if (now.speakingSeconds <= 0 || now.wordsSaid === 0) return ['No speech was heard to measure fluency on.'];
  const was = (pick: (f: Figures) => number | null) => {
    const v = before ? pick(before) : null;
    return v === null ? '' : ` (before: ${v})`;
  };
  const lines = [
    `Pauses between words: ${now.pausesPerMinute} per minute of speaking${was((f) => f.pausesPerMinute)}; pauses and silences of 0.7 s or longer: ${now.longPausesPerMinute} per minute${was((f) => f.longPausesPerMinute)}.`,
    now.filledPauses > 0
      ? `Filler words: ${now.fillersPerMinute} per minute${was((f) => f.fillersPerMinute)}, most often ${quoted(now.fillers.slice(0, 2).map((x) => x.word))}.`
      : `No filler words such as "um" or "uh" were heard${was((f) => f.fillersPerMinute)}.`,
  ];
  if (now.wordsPerMinute !== null) {
    lines.push(
      `Pace: ${now.wordsPerMinute} words per minute${was((f) => f.wordsPerMinute)}, ${paceVerdict(now.wordsPerMinute)} the ${averagePace} average of US English speakers.`,
    );
  }
  if (now.hesitationsAndPausesPerSentence !== null) {
    lines.push(
      `Hesitations and pauses per sentence: ${now.hesitationsAndPausesPerSentence}${was((f) => f.hesitationsAndPausesPerSentence)}.`,
    );
  }
  return lines;
}

function goalLines(ids: string[], now: Figures, before: Figures | null): string[] {
  const goals = knownGoals(ids);
  if (!goals.length)
    return ['You have not chosen goals yet: choose up to three and reports will track them.'];
  return goals.map((g) => goalLine(g, now, before));
}

function exercises(now: Figures, recent: Figures, goals: string[]): string[] {
  if (now.judged === 0) {
    return ['Record a session with at least a minute of your speaking so we can choose exercises for you.'];
  }
  return chooseExercises({ now, recent, goals: knownGoals(goals) });
}

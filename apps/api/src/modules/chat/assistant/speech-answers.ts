import { goalById } from '@agaton/contracts';
import type { ReportSession } from '../../coaching-reports/index.ts';
import {
  averagePace,
  type Figures,
  figuresOf,
  formatDuration,
  goalLine,
  paceVerdict,
  plural,
  quoted,
  scoreWord,
  soundLabel,
  weakestSounds,
  weakestWords,
} from '../../speaking/index.ts';
import { type AnswerBuilder, delta, type Links } from './answer-kit.ts';
import { formatDay, type Period, periodBefore, within } from './periods.ts';

/**
 * Answers about one person's sessions, written from templates with the stored figures. The subject
 * is "you" for a coach and the member's name for an admin; every figure links to its session.
 */
export interface Subject {
  /** "Your" / "Jane Doe's". */
  possessive: string;
  /** "You" / "Jane Doe". */
  name: string;
  /** Oldest first. */
  sessions: ReportSession[];
  links: Links;
}

const newestFirst = (sessions: ReportSession[]) => [...sessions].reverse();
const figures = (sessions: ReportSession[]): Figures =>
  figuresOf(newestFirst(sessions).map((s) => s.metrics));

function inPeriod(subject: Subject, period: Period | undefined) {
  return period ? subject.sessions.filter((s) => within(s.startedAt, period)) : subject.sessions;
}

/** Says there is nothing to read, with the next step. Returns true when it did. */
function nothing(a: AnswerBuilder, subject: Subject, sessions: ReportSession[], period?: Period) {
  if (sessions.length) return false;
  if (period && subject.sessions.length) {
    a.line(`${subject.possessive} sessions have no analysed session in ${period.label}.`);
    const last = subject.sessions.at(-1)!;
    a.line(`The latest one is from ${a.link(formatDay(last.startedAt), subject.links.session(last.id))}.`);
  } else {
    a.line(`${subject.possessive} account has no analysed sessions yet, so there are no scores to read.`);
    a.line('Once a recorded meeting has been analysed, ask again.');
  }
  return true;
}

const sessionLink = (a: AnswerBuilder, subject: Subject, s: ReportSession) =>
  a.link(formatDay(s.startedAt), subject.links.session(s.id));

/** The last session's scores, or the averages of a period. */
export function scoreAnswer(a: AnswerBuilder, subject: Subject, period?: Period) {
  const sessions = inPeriod(subject, period);
  if (nothing(a, subject, sessions, period)) return;
  if (!period || sessions.length === 1) {
    const s = sessions.at(-1)!;
    const m = s.metrics;
    a.line(
      `${subject.possessive} last session${period ? ` in ${period.label}` : ''}, on ${sessionLink(a, subject, s)}, scored **${m.total}** overall (${scoreWord(m.total)}).`,
    );
    a.line();
    a.line(`- Pronunciation: ${m.pronunciation}`);
    a.line(`- Fluency: ${m.fluency}`);
    a.line(`- Intelligibility: ${m.intelligibility}`);
    a.line(`- Length: ${formatDuration(s.durationSeconds)}, ${plural(m.wordsSaid, 'word')} said`);
    return;
  }
  const f = figures(sessions);
  a.line(
    `Over ${plural(sessions.length, 'session')} in ${period.label}, ${subject.possessive.toLowerCase() === 'your' ? 'your' : `${subject.possessive}`} average overall score is **${f.total ?? '–'}** (pronunciation ${f.pronunciation ?? '–'}, fluency ${f.fluency ?? '–'}, intelligibility ${f.intelligibility ?? '–'}).`,
  );
  a.line();
  for (const s of newestFirst(sessions).slice(0, 8))
    a.line(`- ${sessionLink(a, subject, s)}: ${s.metrics.total}`);
}

/** Overall scores session by session, and the change from first to last. */
export function trendAnswer(a: AnswerBuilder, subject: Subject, period?: Period) {
  const sessions = inPeriod(subject, period).slice(-8);
  if (nothing(a, subject, sessions, period)) return;
  if (sessions.length === 1) {
    a.line(
      `There is only one analysed session so far (${sessionLink(a, subject, sessions[0])}), scoring **${sessions[0].metrics.total}**; a trend needs at least two.`,
    );
    return;
  }
  const first = sessions[0].metrics.total;
  const last = sessions.at(-1)!.metrics.total;
  const way = last > first ? 'up' : last < first ? 'down' : 'flat';
  a.line(
    `${subject.possessive} overall score went **${way}** from ${first} to ${last} (${delta(last, first)}) over the last ${plural(sessions.length, 'session')}:`,
  );
  a.line();
  for (const s of sessions) {
    a.line(
      `- ${sessionLink(a, subject, s)}: overall ${s.metrics.total} (pronunciation ${s.metrics.pronunciation}, fluency ${s.metrics.fluency})`,
    );
  }
}

function basis(a: AnswerBuilder, subject: Subject, sessions: ReportSession[]) {
  const last = sessions.at(-1)!;
  return sessions.length === 1
    ? `the session of ${sessionLink(a, subject, last)}`
    : `${plural(sessions.length, 'session')}, the latest on ${sessionLink(a, subject, last)}`;
}

/** The sounds that keep scoring 80 or below. */
export function weakSoundsAnswer(a: AnswerBuilder, subject: Subject, period?: Period) {
  const sessions = inPeriod(subject, period).slice(-10);
  if (nothing(a, subject, sessions, period)) return;
  const sounds = weakestSounds(figures(sessions)).slice(0, 3);
  if (!sounds.length) {
    a.line(`No sound scored 80 or below in ${basis(a, subject, sessions)}: nothing stands out to practise.`);
    return;
  }
  a.line(`The sounds to practise, from ${basis(a, subject, sessions)}:`);
  a.line();
  for (const s of sounds) {
    const examples = s.exampleWords.length ? `, e.g. ${quoted(s.exampleWords.slice(0, 3))}` : '';
    a.line(
      `- **${soundLabel(s)}**: average ${s.averageScore}, low in ${s.challengingSessions} of ${plural(s.sessions, 'session')}${examples}`,
    );
  }
}

/** The words that scored 80 or below most often. */
export function weakWordsAnswer(a: AnswerBuilder, subject: Subject, period?: Period) {
  const sessions = inPeriod(subject, period).slice(-10);
  if (nothing(a, subject, sessions, period)) return;
  const words = weakestWords(figures(sessions)).slice(0, 5);
  if (!words.length) {
    a.line(`No word scored 80 or below in ${basis(a, subject, sessions)}.`);
    return;
  }
  a.line(`The most challenging words, from ${basis(a, subject, sessions)}:`);
  a.line();
  for (const w of words)
    a.line(`- **${w.word}**: average ${w.averageScore}, said ${plural(w.count, 'time')}`);
}

/** Speaking rate, fillers and long pauses. */
export function paceAnswer(a: AnswerBuilder, subject: Subject, period?: Period) {
  const sessions = period ? inPeriod(subject, period) : subject.sessions.slice(-1);
  if (nothing(a, subject, sessions, period)) return;
  const f = figures(sessions);
  a.line(`From ${basis(a, subject, sessions)}:`);
  a.line();
  if (f.wordsPerMinute === null) a.line('- Speaking rate: too few words to measure.');
  else
    a.line(
      `- Speaking rate: **${f.wordsPerMinute} words per minute**, ${paceVerdict(f.wordsPerMinute)} the ${averagePace} average of US English speakers.`,
    );
  const fillers = f.fillers.slice(0, 3).map((x) => `"${x.word}" ×${x.count}`);
  a.line(
    `- Filler words: **${f.filledPauses}**${f.fillersPerMinute !== null ? ` (${f.fillersPerMinute} per minute of speaking)` : ''}${fillers.length ? `, most often ${fillers.join(', ')}` : ''}.`,
  );
  a.line(
    `- Long pauses (0.7 s or more): ${f.longPauses}${f.longPausesPerMinute !== null ? ` (${f.longPausesPerMinute} per minute)` : ''}.`,
  );
}

/**
 * Two periods side by side, the later one as "now" whatever order they were named in; without
 * periods, the last session against the one before it.
 */
export function compareAnswer(a: AnswerBuilder, subject: Subject, periods: Period[]) {
  if (!subject.sessions.length) return nothing(a, subject, []);
  if (!periods.length) return compareLastTwo(a, subject);
  const [second, first] =
    periods.length >= 2
      ? [...periods.slice(0, 2)].sort((x, y) => y.from.getTime() - x.from.getTime())
      : [periods[0], periodBefore(periods[0])];
  const now = inPeriod(subject, second);
  const before = inPeriod(subject, first);
  if (!now.length || !before.length) {
    const empty = [!now.length && second.label, !before.length && first.label].filter(Boolean).join(' and ');
    a.line(`There is no analysed session in ${empty}, so the two periods cannot be compared.`);
    const last = subject.sessions.at(-1)!;
    a.line(`${subject.possessive} latest session is from ${sessionLink(a, subject, last)}.`);
    return;
  }
  figureRows(
    a,
    `${subject.name === 'You' ? '' : `${subject.name}, `}${second.label} (${plural(now.length, 'session')}) against ${first.label} (${plural(before.length, 'session')}):`,
    figures(now),
    figures(before),
  );
  a.line();
  a.line(`Sessions: ${[...before, ...now].map((s) => sessionLink(a, subject, s)).join(', ')}.`);
}

/** The last session against the one before it. */
function compareLastTwo(a: AnswerBuilder, subject: Subject) {
  const [before, last] = subject.sessions.slice(-2);
  if (!last) {
    a.line(
      `There is only one analysed session so far (${sessionLink(a, subject, before)}), so there is nothing to compare it with.`,
    );
    return;
  }
  figureRows(
    a,
    `${subject.possessive} last session (${sessionLink(a, subject, last)}) against the one before (${sessionLink(a, subject, before)}):`,
    figures([last]),
    figures([before]),
  );
}

function figureRows(a: AnswerBuilder, heading: string, fn: Figures, fb: Figures) {
  // A list, not a table: answers render as CommonMark, which has no tables.
  const row = (label: string, x: number | null, y: number | null) =>
    `- ${label}: ${y ?? '–'} → **${x ?? '–'}**${x !== null && y !== null ? ` (${delta(x, y)})` : ''}`;
  a.line(heading.replace(/^./, (c) => c.toUpperCase()));
  a.line();
  a.line(row('Overall', fn.total, fb.total));
  a.line(row('Pronunciation', fn.pronunciation, fb.pronunciation));
  a.line(row('Fluency', fn.fluency, fb.fluency));
  a.line(row('Intelligibility', fn.intelligibility, fb.intelligibility));
  a.line(row('Words per minute', fn.wordsPerMinute, fb.wordsPerMinute));
  a.line(row('Fillers per minute', fn.fillersPerMinute, fb.fillersPerMinute));
}

/** Each chosen goal's figure in the last session against the ones before. */
export function goalsAnswer(a: AnswerBuilder, subject: Subject, goalIds: string[]) {
  const goals = goalIds.map((id) => goalById(id)).filter((g) => g !== undefined);
  if (!goals.length) {
    a.line(
      'You have not chosen any goals yet. Pick up to three on the onboarding page and I can track them.',
    );
    return;
  }
  if (nothing(a, subject, subject.sessions)) return;
  const last = subject.sessions.at(-1)!;
  const earlier = subject.sessions.slice(0, -1);
  a.line(
    `${subject.possessive} goals, from the session of ${sessionLink(a, subject, last)}${earlier.length ? ' against the sessions before it' : ''}:`,
  );
  a.line();
  for (const goal of goals)
    a.line(`- ${goalLine(goal, figures([last]), earlier.length ? figures(earlier) : null)}`);
}

import type { AppContext } from '../../../lib/context.ts';
import type { ReportSession } from '../../coaching-reports/index.ts';
import {
  averagePace,
  figuresOf,
  paceVerdict,
  plural,
  quoted,
  soundLabel,
  weakestSounds,
  weakestWords,
} from '../../speaking/index.ts';
import { type ScopedPerson, sessionsOfPerson } from '../chat-data.ts';
import { type AnswerBuilder, adminLinks, delta } from './answer-kit.ts';
import { during, formatDay, type Period, periodBefore, within } from './periods.ts';

/**
 * Answers about a group of people an admin manages (a #team, several @people, or everyone in their
 * scope), written from the stored figures of each person's sessions; every figure links to the
 * sessions it comes from.
 */

/** Below this average overall score a person is listed as needing coaching. */
export const NEEDS_COACHING_BELOW = 70;

/** A person of the group with their analysed sessions (oldest first). */
export interface Member {
  person: ScopedPerson;
  sessions: ReportSession[];
}

/** Everyone's analysed sessions, read once per answer. */
export async function membersOf(ctx: AppContext, people: ScopedPerson[]): Promise<Member[]> {
  const out: Member[] = [];
  for (const person of people) out.push({ person, sessions: await sessionsOfPerson(ctx, person) });
  return out;
}

/** The sessions an answer reads: those in the period, or each person's last five. */
const window = (m: Member, period: Period | undefined) =>
  period ? m.sessions.filter((s) => within(s.startedAt, period)) : m.sessions.slice(-5);
const totalOf = (sessions: ReportSession[]) =>
  sessions.length ? figuresOf([...sessions].reverse().map((s) => s.metrics)).total : null;
const windowLabel = (period: Period | undefined) =>
  period ? during(period) : 'over their last five sessions';

function sessionLink(a: AnswerBuilder, m: Member, s: ReportSession) {
  return a.link(formatDay(s.startedAt), adminLinks(m.person.userId!).session(s.id));
}

/** Names of the people without sessions in the window, as a closing line. */
function silent(a: AnswerBuilder, members: Member[], when: string, with_: (m: Member) => boolean) {
  const names = members.filter((m) => !with_(m)).map((m) => m.person.name);
  if (!names.length) return;
  a.line();
  a.line(`No analysed sessions ${when}: ${names.join(', ')}.`);
}

/** Each person's average overall score, lowest first; with `coachingOnly` the ones below the bar. */
export function groupOverview(
  a: AnswerBuilder,
  members: Member[],
  groupLabel: string,
  period: Period | undefined,
  coachingOnly: boolean,
) {
  const ranked = members
    .map((m) => ({ m, sessions: window(m, period), total: totalOf(window(m, period)) }))
    .sort((x, y) => (x.total ?? 101) - (y.total ?? 101) || x.m.person.name.localeCompare(y.m.person.name));
  const measured = ranked.filter((r) => r.total !== null);
  if (!measured.length) {
    a.line(
      `Nobody in ${groupLabel} has an analysed session ${period ? during(period) : 'yet'}, so there are no scores to compare.`,
    );
    return;
  }
  const needing = measured.filter((r) => (r.total ?? 100) < NEEDS_COACHING_BELOW);
  if (coachingOnly) {
    a.line(
      needing.length
        ? `${needing.length} of ${measured.length} people in ${groupLabel} average below ${NEEDS_COACHING_BELOW} overall ${windowLabel(period)} and would gain most from coaching:`
        : `Nobody in ${groupLabel} averages below ${NEEDS_COACHING_BELOW} overall ${windowLabel(period)}. Lowest first:`,
    );
  } else a.line(`Average overall scores in ${groupLabel} ${windowLabel(period)}, lowest first:`);
  a.line();
  for (const r of (coachingOnly && needing.length ? needing : measured).slice(0, 10)) {
    const last = r.sessions.at(-1)!;
    const weak = weakestSounds(figuresOf([last.metrics]))[0];
    a.line(
      `- **${r.m.person.name}**: ${r.total} over ${plural(r.sessions.length, 'session')} (latest ${sessionLink(a, r.m, last)})${weak ? `; weakest sound ${soundLabel(weak)}` : ''}`,
    );
  }
  silent(a, members, period ? during(period) : 'yet', (m) => window(m, period).length > 0);
}

/** Two periods side by side for the group as a whole and for each person in it. */
export function groupCompare(a: AnswerBuilder, members: Member[], groupLabel: string, periods: Period[]) {
  const [second, first] =
    periods.length >= 2
      ? [...periods.slice(0, 2)].sort((x, y) => y.from.getTime() - x.from.getTime())
      : [periods[0], periodBefore(periods[0])];
  const rows = members.map((m) => ({
    m,
    now: m.sessions.filter((s) => within(s.startedAt, second)),
    before: m.sessions.filter((s) => within(s.startedAt, first)),
  }));
  const all = (pick: (r: (typeof rows)[number]) => ReportSession[]) => rows.flatMap(pick);
  const [nowAll, beforeAll] = [all((r) => r.now), all((r) => r.before)];
  if (!nowAll.length && !beforeAll.length) {
    a.line(`Nobody in ${groupLabel} has an analysed session in ${second.label} or ${first.label}.`);
    return;
  }
  const figure = (sessions: ReportSession[]) => {
    const t = totalOf(sessions);
    return t === null ? '–' : String(t);
  };
  const change = (x: number | null, y: number | null) =>
    x !== null && y !== null ? ` (${delta(x, y)})` : '';
  const [tn, tb] = [totalOf(nowAll), totalOf(beforeAll)];
  a.line(`${groupLabel}, ${second.label} against ${first.label} (average overall score):`);
  a.line();
  a.line(
    `- **Everyone**: ${figure(beforeAll)} → **${figure(nowAll)}**${change(tn, tb)}, from ${plural(beforeAll.length, 'session')} in ${first.label} and ${nowAll.length} in ${second.label}`,
  );
  const links = (m: Member, sessions: ReportSession[]) =>
    sessions
      .slice(-3)
      .map((s) => sessionLink(a, m, s))
      .join(', ');
  for (const r of rows.filter((x) => x.now.length || x.before.length)) {
    const sources = [
      r.before.length ? `${first.label}: ${links(r.m, r.before)}` : `none in ${first.label}`,
      r.now.length ? `${second.label}: ${links(r.m, r.now)}` : `none in ${second.label}`,
    ];
    a.line(
      `- **${r.m.person.name}**: ${figure(r.before)} → **${figure(r.now)}**${change(totalOf(r.now), totalOf(r.before))} (${sources.join('; ')})`,
    );
  }
  silent(a, members, `in ${first.label} or ${second.label}`, (m) =>
    m.sessions.some((s) => within(s.startedAt, first) || within(s.startedAt, second)),
  );
}

/** The group's weakest sounds, words, or pace and fillers, over everyone's sessions in the window. */
export function groupSpeech(
  a: AnswerBuilder,
  members: Member[],
  groupLabel: string,
  period: Period | undefined,
  what: 'weak-sounds' | 'weak-words' | 'pace-fillers',
) {
  const used = members.map((m) => ({ m, sessions: window(m, period) })).filter((x) => x.sessions.length);
  if (!used.length) {
    a.line(`Nobody in ${groupLabel} has an analysed session ${period ? during(period) : 'yet'}.`);
    return;
  }
  const sessions = used
    .flatMap((x) => x.sessions)
    .sort((x, y) => y.startedAt.getTime() - x.startedAt.getTime());
  const f = figuresOf(sessions.map((s) => s.metrics));
  const basis = `${plural(sessions.length, 'session')} of ${plural(used.length, 'person', 'people')} in ${groupLabel} ${windowLabel(period)}`;
  if (what === 'weak-sounds') {
    const sounds = weakestSounds(f).slice(0, 3);
    a.line(
      sounds.length ? `The sounds to practise, from ${basis}:` : `No sound scored 80 or below in ${basis}.`,
    );
    a.line();
    for (const s of sounds)
      a.line(
        `- **${soundLabel(s)}**: average ${s.averageScore}, low in ${s.challengingSessions} of ${plural(s.sessions, 'session')}${s.exampleWords.length ? `, e.g. ${quoted(s.exampleWords.slice(0, 3))}` : ''}`,
      );
  } else if (what === 'weak-words') {
    const words = weakestWords(f).slice(0, 5);
    a.line(
      words.length ? `The most challenging words, from ${basis}:` : `No word scored 80 or below in ${basis}.`,
    );
    a.line();
    for (const w of words)
      a.line(`- **${w.word}**: average ${w.averageScore}, said ${plural(w.count, 'time')}`);
  } else {
    a.line(`From ${basis}:`);
    a.line();
    a.line(
      f.wordsPerMinute === null
        ? '- Speaking rate: too few words to measure.'
        : `- Speaking rate: **${f.wordsPerMinute} words per minute**, ${paceVerdict(f.wordsPerMinute)} the ${averagePace} average of US English speakers.`,
    );
    a.line(
      `- Filler words: **${f.filledPauses}**${f.fillersPerMinute !== null ? ` (${f.fillersPerMinute} per minute of speaking)` : ''}.`,
    );
  }
  a.line();
  a.line(
    `Sessions read: ${used.map((x) => `${x.m.person.name} (latest ${sessionLink(a, x.m, x.sessions.at(-1)!)})`).join(', ')}.`,
  );
}

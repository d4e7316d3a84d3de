/**
 * What the Ask Agaton bench knows about its data, and the helpers both question sets use to write
 * answer keys from it: the stored scores and dates of each person's sessions, and calendar periods
 * computed here on their own (UTC weeks from Monday, calendar months), not with the assistant's code.
 */

export type Who = 'coach' | 'admin' | 'manager' | 'stranger';

/** One analysed session the bench stored. */
export interface BenchSession {
  id: string;
  startedAt: Date;
  total: number;
}

/** A member with a coach account and known sessions (oldest first). */
export interface BenchPerson {
  name: string;
  userId: string;
  team: 'Sales' | 'Support';
  sessions: BenchSession[];
}

export interface BenchData {
  now: Date;
  coach: BenchPerson;
  sam: BenchPerson;
  parker: BenchPerson;
}

/** A question, who asks it, whether it must be refused, and the key its answer must satisfy. */
export interface Case {
  who: Who;
  q: string;
  outOfScope?: boolean;
  key: (answer: string) => boolean;
}

const DAY = 24 * 3600 * 1000;

/** The answer as a reader sees it: Markdown link targets (random ids with any digits) left out. */
export const shown = (answer: string) => answer.replace(/\]\([^)]*\)/g, ']');

/** The answer shows this number as a number of its own (not inside a longer one). */
export const showsNumber = (answer: string, n: number) =>
  new RegExp(`(^|[^\\d.])${n}(?![\\d]|\\.\\d)`).test(shown(answer));

export const coachSessionLink = (id: string) => `/coach/sessions/${id}`;
export const adminSessionLink = (p: BenchPerson, id: string) =>
  `/dashboard/assistant/user/${p.userId}/session/${id}`;

/** Rounded mean of the overall scores (the bench's sessions all have the same length and words). */
export const average = (sessions: BenchSession[]) =>
  Math.round(sessions.reduce((sum, s) => sum + s.total, 0) / sessions.length);

export interface Window {
  from: Date;
  to: Date;
}

const utcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export function calendar(now: Date) {
  const today = utcDay(now);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return {
    thisWeek: { from: monday, to: new Date(monday.getTime() + 7 * DAY) },
    lastWeek: { from: new Date(monday.getTime() - 7 * DAY), to: monday },
    thisMonth: { from: month(0), to: month(1) },
    lastMonth: { from: month(-1), to: month(0) },
    /** The last n calendar days, today included. */
    lastDays: (n: number) => ({
      from: new Date(today.getTime() - (n - 1) * DAY),
      to: new Date(today.getTime() + DAY),
    }),
  };
}

export const inWindow = (sessions: BenchSession[], w: Window) =>
  sessions.filter((s) => s.startedAt >= w.from && s.startedAt < w.to);

/** The person's figure for each window appears (when they have sessions there). */
export const periodsShown = (sessions: BenchSession[], windows: Window[]) => (a: string) =>
  windows.every((w) => {
    const inside = inWindow(sessions, w);
    return !inside.length || showsNumber(a, average(inside));
  });

/** Every named part is in the answer. */
export const has =
  (...parts: string[]) =>
  (a: string) =>
    parts.every((p) => a.includes(p));

/** Any wording of "I can't / I only answer about…", checked together with the absence of data. */
const DECLINES = /\b(only|can't|cannot|can not|unable|not able|don't have|no access|outside)\b/i;

/** A refusal: declines, and none of the forbidden numbers, names or links appear. */
export const refusal =
  (forbidden: { numbers?: number[]; texts?: string[] }) =>
  (a: string): boolean =>
    DECLINES.test(a) &&
    !(forbidden.numbers ?? []).some((n) => showsNumber(a, n)) &&
    !(forbidden.texts ?? []).some((t) => a.includes(t));

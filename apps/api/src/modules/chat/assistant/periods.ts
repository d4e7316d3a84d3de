import { weekStart } from '../../coaching-reports/index.ts';

/** A time window named in a question, [from, to). */
export interface Period {
  label: string;
  from: Date;
  to: Date;
}

const DAY = 24 * 3600 * 1000;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "two weeks", "three months": the count as a word (index + 1). */
const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const monthStart = (at: Date, offset = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

/** Every period the question names, in the order they appear (UTC calendar weeks start on Monday). */
export function periodsIn(text: string, now: Date): Period[] {
  const found: { at: number; period: Period }[] = [];
  const add = (pattern: RegExp, make: (m: RegExpExecArray) => Period | null) => {
    for (const m of text.matchAll(new RegExp(pattern.source, 'gi'))) {
      const period = make(m as RegExpExecArray);
      if (period) found.push({ at: m.index ?? 0, period });
    }
  };
  const today = dayStart(now);
  const thisWeek = weekStart(now);
  add(/\btoday\b/, () => ({ label: 'today', from: today, to: new Date(today.getTime() + DAY) }));
  add(/\byesterday\b/, () => ({ label: 'yesterday', from: new Date(today.getTime() - DAY), to: today }));
  add(/\bthis week\b/, () => ({
    label: 'this week',
    from: thisWeek,
    to: new Date(thisWeek.getTime() + 7 * DAY),
  }));
  add(/\b(last|previous|past) week\b/, () => ({
    label: 'last week',
    from: new Date(thisWeek.getTime() - 7 * DAY),
    to: thisWeek,
  }));
  add(/\bthis month\b/, () => ({ label: 'this month', from: monthStart(now), to: monthStart(now, 1) }));
  add(/\b(last|previous|past) month\b/, () => ({
    label: 'last month',
    from: monthStart(now, -1),
    to: monthStart(now),
  }));
  // "the last 10 days", "past two weeks", "last 3 months": counted back from today, today included.
  add(new RegExp(`\\b(?:last|past) (\\d{1,3}|${NUMBER_WORDS.join('|')}) (days?|weeks?|months?)\\b`), (m) => {
    const n = /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS.indexOf(m[1].toLowerCase()) + 1;
    const unit = m[2].toLowerCase().replace(/s$/, '');
    const days = unit === 'day' ? n : unit === 'week' ? 7 * n : 0;
    if (unit === 'month') {
      const from = new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, today.getUTCDate() + 1),
      );
      return n > 0
        ? {
            label: `the last ${n === 1 ? 'month' : `${n} months`}`,
            from,
            to: new Date(today.getTime() + DAY),
          }
        : null;
    }
    return days > 0
      ? {
          label: `the last ${days} days`,
          from: new Date(today.getTime() - (days - 1) * DAY),
          to: new Date(today.getTime() + DAY),
        }
      : null;
  });
  add(new RegExp(`\\b(?:in )?(${MONTHS.join('|')})\\b`), (m) => {
    const month = MONTHS.indexOf(m[1].toLowerCase());
    // "May" alone is usually the verb; only take it after "in".
    if (month === 4 && !/^in /i.test(m[0])) return null;
    const year = month > now.getUTCMonth() ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
    const from = new Date(Date.UTC(year, month, 1));
    return {
      label: `${m[1][0].toUpperCase()}${m[1].slice(1).toLowerCase()} ${year}`,
      from,
      to: monthStart(from, 1),
    };
  });
  return found.sort((a, b) => a.at - b.at).map((f) => f.period);
}

/** The window of the same length just before `period`. */
export function periodBefore(period: Period): Period {
  const length = period.to.getTime() - period.from.getTime();
  const labels: Record<string, string> = {
    'this week': 'last week',
    'this month': 'last month',
    today: 'yesterday',
  };
  return {
    label: labels[period.label] ?? `the ${Math.round(length / DAY)} days before`,
    from: new Date(period.from.getTime() - length),
    to: period.from,
  };
}

/** "today", "last week", but "in the last 7 days", "in October 2026": the period after a verb. */
export const during = (period: Period) =>
  /^(today|yesterday|this |last )/.test(period.label) ? period.label : `in ${period.label}`;

export const within = (at: Date, period: Period) => at >= period.from && at < period.to;

/** "24 Nov 2026" (UTC), as the session list shows dates. */
export function formatDay(at: Date): string {
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "the one before", "my last two sessions": a comparison of sessions rather than of periods. */
const SESSIONS = /\b(sessions?|meetings?|calls?|recordings?|the one before)\b/i;

/**
 * What a comparison compares: the periods named, or with none the last two sessions when the question
 * is about sessions (an empty list), else this week against last week.
 */
export function comparedPeriods(text: string, periods: Period[], now: Date): Period[] {
  if (periods.length) return periods;
  return SESSIONS.test(text) ? [] : periodsIn('this week', now);
}

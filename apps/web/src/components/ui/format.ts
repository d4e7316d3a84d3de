import dayjs from 'dayjs';

/**
 * Display formats shared by the coach pages: durations as hh:mm:ss (spec 1 section 9) and dates in
 * one style everywhere.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as hh:mm:ss (spec 1 section 9), e.g. 3725 → '01:02:05'; hours grow past 99 if needed. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}

type DateInput = number | string | Date;
/** Numbers are Unix seconds (the API's timestampSeconds); strings are ISO dates. */
const toDay = (value: DateInput) => dayjs(typeof value === 'number' ? value * 1000 : value);

/** '14 Mar 2026, 10:32' */
export const formatDateTime = (value: DateInput) => toDay(value).format('D MMM YYYY, HH:mm');

/** '14 Mar 2026' */
export const formatDate = (value: DateInput) => toDay(value).format('D MMM YYYY');

/** '14 Mar', for chart axes. */
export const formatShortDate = (value: DateInput) => toDay(value).format('D MMM');

/** A player clock: m:ss under an hour, h:mm:ss from an hour. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = pad(total % 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${rest}` : `${minutes}:${rest}`;
}

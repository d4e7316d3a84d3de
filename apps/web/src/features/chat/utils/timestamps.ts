import { CHAT_LIMITS } from '@agaton/contracts';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "5 minutes ago" under 48 hours (spec 1 §9), then the date and time: "24 Nov 2026, 14:05". */
export function messageTime(iso: string, now: number = Date.now()): string {
  const at = dayjs(iso);
  if ((now - at.valueOf()) / 1000 < CHAT_LIMITS.relativeTimestampSeconds) return at.from(dayjs(now));
  return at.format('D MMM YYYY, HH:mm');
}

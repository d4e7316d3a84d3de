import { paths } from '../config/paths';

/**
 * Sessions and coaching reports are switched on for every coach today; the flags keep the menu and
 * the /coach redirect honest if either is ever turned off (spec 1 section 6). Apart from the rest of
 * lib/navigation so that the router can redirect /coach without pulling the contracts into the first
 * chunk (the sign-in page's budget, bench:web).
 */
export const coachAreas = { sessions: true, coachingReports: true } as const;

/** Where /coach sends the user: Sessions if enabled, else coaching reports, else insights. */
export function coachHome(areas: { sessions: boolean; coachingReports: boolean } = coachAreas): string {
  if (areas.sessions) return paths.coachSessions.href();
  if (areas.coachingReports) return paths.coachCoachingReports.href();
  return paths.coachInsights.href();
}

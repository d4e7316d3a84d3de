import { z } from 'zod';
import { teamRefSchema } from './admin.ts';

/**
 * Feature flags of an organisation admin (spec 3 §3.5 enabledFeatures), stored on the admin as these
 * strings. The coach's flags are `COACH_FEATURES`; the admin's chat flag is spec 3's ChatAssistant.
 */
export const ADMIN_FEATURES = [
  'DEVELOPMENT',
  'CHAT_ASSISTANT',
  'QA_DASHBOARD',
  'USER_MANAGEMENT',
  'QUESTION_MANAGEMENT',
  'QA_ALERTS',
  'COACHING_OVERVIEW',
] as const;
export const adminFeatureSchema = z.enum(ADMIN_FEATURES);
export type AdminFeature = z.infer<typeof adminFeatureSchema>;

/** The assistant dashboard's tabs in the order of spec 3 §2.1; the value is the URL's `?tab=`. */
export const ASSISTANT_TABS = [
  'chat',
  'coaching',
  'insights',
  'qa-dashboard',
  'qa-alerts',
  'admin',
  'users',
  'scorecards',
] as const;
export type AssistantTab = (typeof ASSISTANT_TABS)[number];

/**
 * Which admin features show a tab (spec 3 §2.1): any one of them is enough. Admin is always shown and
 * Insights Dashboard only for the configured allow-list (`Admin.demoDashboard`), so neither is here.
 */
export const TAB_FEATURES: Record<Exclude<AssistantTab, 'admin' | 'insights'>, readonly AdminFeature[]> = {
  chat: ['CHAT_ASSISTANT'],
  coaching: ['COACHING_OVERVIEW'],
  'qa-dashboard': ['QA_DASHBOARD'],
  'qa-alerts': ['QA_ALERTS'],
  users: ['DEVELOPMENT', 'USER_MANAGEMENT'],
  scorecards: ['QUESTION_MANAGEMENT'],
};

/** The tabs an admin sees, in order (spec 3 §2.1, §6). */
export function visibleAssistantTabs(admin: {
  enabledFeatures: readonly string[];
  demoDashboard?: boolean;
}): AssistantTab[] {
  return ASSISTANT_TABS.filter((tab) => {
    if (tab === 'admin') return true;
    if (tab === 'insights') return admin.demoDashboard === true;
    return TAB_FEATURES[tab].some((f) => admin.enabledFeatures.includes(f));
  });
}

/** Coaching overview page size (spec 3 §9). */
export const COACHING_OVERVIEW_PAGE_SIZE = 10;

/** How a member is coached: weekly (per-period) reports, or feedback per session (spec 3 §3.4). */
export const COACHING_TYPES = ['PER_PERIOD', 'PER_SESSION'] as const;
export type CoachingType = (typeof COACHING_TYPES)[number];

/** GET /api/admin/coaching-overview */
export const coachingOverviewQuerySchema = z.object({
  teamId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(COACHING_OVERVIEW_PAGE_SIZE),
});
export type CoachingOverviewQuery = z.input<typeof coachingOverviewQuerySchema>;

/** Team user of the coaching overview (spec 3 §3.4). */
export const teamUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  aiCoachInfo: z.object({
    /** The member's identity id (the members API's astridIdentityId): the `:userId` of the user pages. */
    astridIdentityId: z.string(),
    /** Teams the caller may see. */
    teams: z.array(teamRefSchema),
    coachingStatus: z.object({ enabled: z.boolean() }),
    coachingMeta: z.object({
      /** Seconds since the epoch of the newest coaching report (its last write); null when none. */
      lastCoachingTimestamp: z.number().int().nullable(),
      /** Coaching reports sent to the member (per-session and per-period ones). */
      coachingsCount: z.number().int().min(0),
      /** PER_PERIOD when the member has a weekly report, PER_SESSION when only session ones; null when none. */
      coachingType: z.enum(COACHING_TYPES).nullable(),
    }),
    /** Extension: whether the member uses the coach app (has sessions and reports to read at all). */
    hasCoachAccount: z.boolean(),
  }),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

export const coachingOverviewResponseSchema = z.object({
  users: z.array(teamUserSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type CoachingOverviewResponse = z.infer<typeof coachingOverviewResponseSchema>;

/** GET /api/admin/coaching-overview/users/{identityId} */
export const coachingUserParamsSchema = z.object({ identityId: z.string().max(64) });

/** The assistant area's spec texts (spec 3 §8, coaching), shown as toasts. */
export const ASSISTANT_TEXTS = {
  couldNotFindUser: 'Could not find user',
  fetchReports: 'Failed to fetch coaching reports',
  fetchReport: 'Failed to fetch coaching report',
  fetchSessions: 'Failed to fetch sessions',
  fetchSession: 'Failed to fetch session',
  missingUserId: 'Missing user id',
  /** History dropdown entries (spec 3 §2.2), a dayjs format. */
  historyDateFormat: 'DD MMM YYYY HH:mm',
  notAvailable: 'n/a',
} as const;

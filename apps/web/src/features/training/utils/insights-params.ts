import { type InsightPeriod, insightPeriodSchema } from '@agaton/contracts';

/** The period and team of the insights screens, kept in the address so links and Back keep them. */
export function insightsParamsOf(search: URLSearchParams): { period: InsightPeriod; teamId: string | null } {
  const period = insightPeriodSchema.safeParse(search.get('period'));
  return { period: period.success ? period.data : 'current-week', teamId: search.get('team') || null };
}

/** A query string for these insights settings ('' for the defaults), e.g. '?period=last-week&team=…'. */
export function insightsSearch(
  params: { period: InsightPeriod; teamId?: string | null },
  extra: Record<string, string> = {},
) {
  const search = new URLSearchParams(extra);
  if (params.period !== 'current-week') search.set('period', params.period);
  if (params.teamId) search.set('team', params.teamId);
  const s = search.toString();
  return s ? `?${s}` : '';
}

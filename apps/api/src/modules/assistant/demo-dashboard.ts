import type { AppConfig } from '../../config/env.ts';

/** Whether an admin is on the Insights Dashboard allow-list (by e-mail or admin id, case-insensitive). */
export function isDemoDashboardIdentity(
  config: Pick<AppConfig, 'ASSISTANT_DEMO_DASHBOARD_IDENTITIES'>,
  admin: { id: string; email: string },
): boolean {
  const allowed = config.ASSISTANT_DEMO_DASHBOARD_IDENTITIES;
  return allowed.includes(admin.email.toLowerCase()) || allowed.includes(admin.id.toLowerCase());
}

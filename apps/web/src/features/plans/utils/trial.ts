import { type Admin, PLAN_TEXTS, type Product, type ProductAccessEntry } from '@agaton/contracts';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { paths } from '../../../config/paths';

dayjs.extend(relativeTime);

/** The page each product opens on (spec 2 §2). */
export function productHome(product: Product): string {
  switch (product) {
    case 'aiCoach':
      return paths.dashboardAssistant.href();
    case 'recruitment':
      return paths.dashboardTest.href();
    case 'onboarding':
      return paths.dashboardOnboarding.href();
    case 'training':
      return paths.dashboardTraining.href();
  }
}

/** 'Free trial ends in 7 days.' for an active trial with an end; null otherwise (spec 2 §8). */
export function trialEndsText(entry: ProductAccessEntry, now: Date = new Date()): string | null {
  if (entry.status !== 'trial-active' || !entry.trialEndsAt) return null;
  return PLAN_TEXTS.trialEnds(dayjs(entry.trialEndsAt).from(now));
}

/** The trial's last day as the started modal says it ('2 December 2026'). */
export function trialEndDate(entry: ProductAccessEntry): string {
  return entry.trialEndsAt ? dayjs(entry.trialEndsAt).format('D MMMM YYYY') : '';
}

/** Local storage key of the per-product trial-ended modal flag (spec 1 §3 stored values). */
export function trialEndedKey(orgId: string, product: Product): string {
  return `agaton.trialEndedShown.${orgId}.${product}`;
}

/** True when the trial-ended modal of this product has not been shown in this browser yet. */
export function shouldShowTrialEnded(admin: Admin, product: Product): boolean {
  if (admin.productAccess[product].status !== 'trial-ended') return false;
  try {
    return localStorage.getItem(trialEndedKey(admin.organizationInfo.id, product)) === null;
  } catch {
    // Storage refused (private mode): showing it once per page load is the best we can do.
    return true;
  }
}

/** Remembers that the trial-ended modal of this product was shown. */
export function markTrialEndedShown(admin: Admin, product: Product) {
  try {
    localStorage.setItem(trialEndedKey(admin.organizationInfo.id, product), new Date().toISOString());
  } catch {
    // See shouldShowTrialEnded.
  }
}

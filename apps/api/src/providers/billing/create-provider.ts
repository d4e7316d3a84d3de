import type { Database } from '@agaton/db';
import type { AppConfig } from '../../config/env.ts';
import type { BillingProvider } from './billing-provider.ts';
import { LocalBilling } from './local-billing.ts';
import { StripeBilling } from './stripe-billing.ts';

/** The provider BILLING_PROVIDER names (loadConfig has checked Stripe's settings). */
export function createBillingProvider(db: Database, config: AppConfig): BillingProvider {
  if (config.BILLING_PROVIDER === 'stripe') {
    return new StripeBilling(db, {
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      prices: { 'record-meeting': config.STRIPE_PRICE_RECORD_MEETING ?? '' },
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return new LocalBilling(db, config.PUBLIC_URL);
}

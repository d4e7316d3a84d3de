import { findPlan } from '@agaton/contracts';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import {
  billingKeys,
  createCheckoutSession,
  createPortalSession,
  refreshSubscription,
} from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { appUrl, useFollowUrl } from '../utils/app-urls';
import { SubscribeFailed } from './subscribe-failed';

/**
 * /coach/plans/:plan (spec 1 §2 "Subscribe page"): an unknown plan, or one sold by sales, goes to
 * pricing; an ACTIVE subscription opens the customer portal; otherwise checkout. The coach guard
 * around it signs out on a different `account` and sends signed-out visitors to sign-in with a
 * return path. A failure or a missing link shows 'Failed to subscribe'.
 */
export function SubscribeRedirect({ planId }: { planId: string | undefined }) {
  const plan = findPlan(planId);
  const queryClient = useQueryClient();
  const follow = useFollowUrl();
  const [failure, setFailure] = useState<string | null>(null);
  // One checkout per visit, even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (plan?.action !== 'checkout' || !plan.priceId || started.current) return;
    started.current = true;
    const priceId = plan.priceId;
    (async () => {
      // Read from the provider, so a payment whose webhook is late opens the portal, not a second checkout.
      const current = await refreshSubscription();
      queryClient.setQueryData(billingKeys.currentPlan, current);
      const url =
        current.subscription.status === 'ACTIVE'
          ? (await createPortalSession(appUrl(paths.coachPricing.href()))).portalUrl
          : (
              await createCheckoutSession({
                planId: plan.id,
                priceId,
                successUrl: appUrl(paths.coachUpgradeSuccess.href()),
                cancelUrl: appUrl(paths.coachPricing.href()),
              })
            ).checkoutUrl;
      if (!url) throw new Error('missing link');
      follow(url);
    })().catch((error: unknown) => setFailure(error instanceof ApiError ? error.message : ''));
  }, [plan, queryClient, follow]);

  if (plan?.action !== 'checkout') return <Navigate to={paths.coachPricing.href()} replace />;
  if (failure !== null) return <SubscribeFailed detail={failure || undefined} />;
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{BILLING_LABELS.redirecting}</Text>
      </Stack>
    </Center>
  );
}

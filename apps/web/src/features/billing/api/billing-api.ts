import {
  type CheckoutSessionRequest,
  type CurrentPlan,
  checkoutSessionResponseSchema,
  currentPlanSchema,
  type LocalCheckout,
  type LocalPortal,
  localCheckoutPaidSchema,
  localCheckoutSchema,
  localPortalSchema,
  portalSessionResponseSchema,
} from '@agaton/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Under 'session' so a new sign-in drops them with the user (app/provider.tsx). */
export const billingKeys = {
  currentPlan: ['session', 'billing', 'current-plan'] as const,
  /** The plan as the provider has it, read again (the upgrade success page). */
  planCheck: ['session', 'billing', 'plan-check'] as const,
  checkout: (id: string) => ['session', 'billing', 'checkout', id] as const,
  portal: (id: string) => ['session', 'billing', 'portal', id] as const,
};

/**
 * The plan changed: refetch the signed-in user and the current plan, so the trial banner and the
 * Record Meeting gate follow at once.
 */
export function refreshPlanQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
    queryClient.invalidateQueries({ queryKey: billingKeys.currentPlan }),
  ]);
}

export const getCurrentPlan = () =>
  api.request<CurrentPlan>('/billing/current-plan', { auth: 'user', schema: currentPlanSchema });

export function useCurrentPlan() {
  return useQuery({ queryKey: billingKeys.currentPlan, queryFn: getCurrentPlan });
}

export const createCheckoutSession = (body: CheckoutSessionRequest) =>
  api.request('/billing/checkout-session', { auth: 'user', body, schema: checkoutSessionResponseSchema });

export const createPortalSession = (returnUrl: string) =>
  api.request('/billing/customer-portal-session', {
    auth: 'user',
    body: { returnUrl },
    schema: portalSessionResponseSchema,
  });

/** POST /billing/refresh: the plan after reading the subscription from the provider again. */
export const refreshSubscription = () =>
  api.request<CurrentPlan>('/billing/refresh', { method: 'POST', auth: 'user', schema: currentPlanSchema });

/** The upgrade success page's "refresh subscription info". */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSubscription,
    onSettled: () => refreshPlanQueries(queryClient),
  });
}

/** The embedded provider's checkout page. */
export function useLocalCheckout(id: string) {
  return useQuery({
    queryKey: billingKeys.checkout(id),
    queryFn: () =>
      api.request<LocalCheckout>(`/billing/local/checkout/${encodeURIComponent(id)}`, {
        auth: 'user',
        schema: localCheckoutSchema,
      }),
    enabled: id.length > 0,
  });
}

export function usePayLocalCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`/billing/local/checkout/${encodeURIComponent(id)}/pay`, {
        method: 'POST',
        auth: 'user',
        schema: localCheckoutPaidSchema,
      }),
    onSuccess: () => refreshPlanQueries(queryClient),
  });
}

/** The embedded provider's portal page. */
export function useLocalPortal(id: string) {
  return useQuery({
    queryKey: billingKeys.portal(id),
    queryFn: () =>
      api.request<LocalPortal>(`/billing/local/portal/${encodeURIComponent(id)}`, {
        auth: 'user',
        schema: localPortalSchema,
      }),
    enabled: id.length > 0,
  });
}

export function useChangeLocalSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      api.request<CurrentPlan>(`/billing/local/portal/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        auth: 'user',
        schema: currentPlanSchema,
      }),
    onSuccess: () =>
      Promise.all([
        refreshPlanQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: billingKeys.portal(id) }),
      ]),
  });
}

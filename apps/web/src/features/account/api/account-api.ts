import {
  type Admin,
  type AdminAccount,
  type AdminEmailChangeRequest,
  type AdminPasswordChangeRequest,
  adminAccountSchema,
  adminPasswordChangeResponseSchema,
  adminSchema,
  type Candidate,
  candidateListSchema,
  type Team,
  teamListSchema,
} from '@agaton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, tokenStorage } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { expiryFrom } from '../../../lib/token-storage';

/** Under 'session' so a new sign-in drops it with the admin. */
export const accountKeys = { account: ['session', 'account'] as const };

/** GET /admin/account: whether the admin can change e-mail and password here. */
export function useAccount() {
  return useQuery<AdminAccount>({
    queryKey: accountKeys.account,
    queryFn: () => api.request('/admin/account', { auth: 'admin', schema: adminAccountSchema }),
  });
}

/** The answered Admin replaces the cached one, so the header and the page show the change at once. */
function useAdminMutation<T>(call: (body: T) => Promise<Admin>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (admin) => queryClient.setQueryData(sessionKeys.admin, admin),
  });
}

/** PUT /admin { name } */
export function useUpdateName() {
  return useAdminMutation((body: { name: string }) =>
    api.request('/admin', { method: 'PUT', auth: 'admin', body, schema: adminSchema }),
  );
}

/** PUT /admin/email */
export function useChangeEmail() {
  return useAdminMutation((body: AdminEmailChangeRequest) =>
    api.request('/admin/email', { method: 'PUT', auth: 'admin', body, schema: adminSchema }),
  );
}

/**
 * PUT /admin/password. The server revokes every refresh token of the admin, ours included, and answers
 * a fresh session: storing it keeps this browser signed in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: AdminPasswordChangeRequest) =>
      api.request('/admin/password', {
        method: 'PUT',
        auth: 'admin',
        body,
        schema: adminPasswordChangeResponseSchema,
      }),
    onSuccess: (session) =>
      tokenStorage.set('admin', {
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        expiresAt: expiryFrom(session.accessTokenExpiresInSeconds),
      }),
  });
}

/** The organisation's teams and candidates, read for the onboarding checklist. */
export function useChecklistSources(orgId: string) {
  const teams = useQuery({
    queryKey: ['session', 'account', 'teams', orgId],
    queryFn: () =>
      api.request<Team[]>(`/astridorg/${encodeURIComponent(orgId)}/teams`, {
        auth: 'admin',
        schema: teamListSchema,
      }),
  });
  const candidates = useQuery({
    queryKey: ['session', 'account', 'candidates'],
    queryFn: () =>
      api.request<Candidate[]>('/admin/candidates', { auth: 'admin', schema: candidateListSchema }),
  });
  return { teams, candidates };
}

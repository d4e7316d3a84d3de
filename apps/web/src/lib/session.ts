import type { Admin, TokenKind, User } from '@agaton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api, tokenStorage } from './api-client';
import { expiryFrom } from './token-storage';

export const sessionKeys = {
  user: ['session', 'user'] as const,
  admin: ['session', 'admin'] as const,
};

/** Re-renders when a token of `kind` is stored or cleared (including by a failed refresh). */
export function useHasToken(kind: TokenKind): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const unsubscribe = tokenStorage.subscribe(onChange);
      return () => void unsubscribe();
    },
    () => tokenStorage.has(kind),
  );
}

/** Fires 'signed-in' after a new session is stored, so cached account data of a previous one is dropped. */
export const sessionEvents = new EventTarget();

/** Stores the tokens of a sign-in answer (any of the session shapes the API returns). */
export function storeSession(
  kind: TokenKind,
  session: { accessToken: string; refreshToken?: string; accessTokenExpiresInSeconds?: number },
) {
  tokenStorage.set(kind, {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresAt:
      session.accessTokenExpiresInSeconds === undefined
        ? undefined
        : expiryFrom(session.accessTokenExpiresInSeconds),
  });
  sessionEvents.dispatchEvent(new Event('signed-in'));
}

/** The signed-in coach (GET /api/app-user/me); idle without a user token. */
export function useUser() {
  const hasToken = useHasToken('user');
  const query = useQuery({
    queryKey: sessionKeys.user,
    queryFn: () => api.request<User>('/app-user/me', { auth: 'user' }),
    enabled: hasToken,
  });
  return { ...query, hasToken };
}

/** The signed-in admin (GET /api/admin); idle without an admin token. */
export function useAdmin() {
  const hasToken = useHasToken('admin');
  const query = useQuery({
    queryKey: sessionKeys.admin,
    queryFn: () => api.request<Admin>('/admin', { auth: 'admin' }),
    enabled: hasToken,
  });
  return { ...query, hasToken };
}

/** Logout: clears the user, admin and candidate tokens and forgets cached account data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tokenStorage.clearAll();
    queryClient.removeQueries({ queryKey: ['session'] });
    queryClient.clear();
  }, [queryClient]);
}

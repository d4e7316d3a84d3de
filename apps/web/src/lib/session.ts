import type { Admin, TokenKind, User } from '@agaton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api, tokenStorage } from './api-client';
import { expiryFrom } from './token-storage';

/** Every kind of sign-in the browser may hold at once. */
const TOKEN_KINDS: TokenKind[] = ['user', 'admin', 'candidate'];

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
    // Ends each stored sign-in on the server too (its tokens and playback links stop working), without
    // waiting: logging out must not depend on the network. The request outlives the page, so leaving
    // or closing it right after logging out does not keep the sign-in alive.
    for (const kind of TOKEN_KINDS) {
      const refreshToken = tokenStorage.get(kind)?.refreshToken;
      if (refreshToken) {
        api
          .request('/token/revoke', { method: 'POST', body: { refreshToken }, keepalive: true })
          .catch(() => undefined);
      }
    }
    tokenStorage.clearAll();
    queryClient.removeQueries({ queryKey: ['session'] });
    queryClient.clear();
  }, [queryClient]);
}

import type { TokenKind } from '@agaton/contracts';

/** Tokens of one realm/role: user (coach), admin or candidate each keep their own (spec 1 section 6). */
export type StoredTokens = {
  accessToken: string;
  /** Candidate challenge tokens come without a refresh token. */
  refreshToken?: string;
  /** Epoch milliseconds when the access token stops being accepted. */
  expiresAt?: number;
};

export const TOKEN_KINDS: readonly TokenKind[] = ['user', 'admin', 'candidate'];

/** Minimal storage interface so tests can pass an in-memory map instead of localStorage. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const key = (kind: TokenKind, field: 'token' | 'refreshToken' | 'expiresAt') => `agaton.${kind}.${field}`;

/** Reads and writes the three token sets in localStorage under `agaton.<kind>.<field>`. */
export function createTokenStorage(storage: KeyValueStorage) {
  const listeners = new Set<(kind: TokenKind) => void>();
  const notify = (kind: TokenKind) => {
    for (const listener of listeners) listener(kind);
  };

  return {
    get(kind: TokenKind): StoredTokens | null {
      const accessToken = storage.getItem(key(kind, 'token'));
      if (!accessToken) return null;
      const expiresAt = Number(storage.getItem(key(kind, 'expiresAt')));
      return {
        accessToken,
        refreshToken: storage.getItem(key(kind, 'refreshToken')) ?? undefined,
        expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : undefined,
      };
    },
    set(kind: TokenKind, tokens: StoredTokens) {
      storage.setItem(key(kind, 'token'), tokens.accessToken);
      if (tokens.refreshToken) storage.setItem(key(kind, 'refreshToken'), tokens.refreshToken);
      else storage.removeItem(key(kind, 'refreshToken'));
      if (tokens.expiresAt) storage.setItem(key(kind, 'expiresAt'), String(tokens.expiresAt));
      else storage.removeItem(key(kind, 'expiresAt'));
      notify(kind);
    },
    clear(kind: TokenKind) {
      storage.removeItem(key(kind, 'token'));
      storage.removeItem(key(kind, 'refreshToken'));
      storage.removeItem(key(kind, 'expiresAt'));
      notify(kind);
    },
    /** Logout clears all three token sets (spec 1 section 4). */
    clearAll() {
      for (const kind of TOKEN_KINDS) this.clear(kind);
    },
    has(kind: TokenKind): boolean {
      return storage.getItem(key(kind, 'token')) !== null;
    },
    subscribe(listener: (kind: TokenKind) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TokenStorage = ReturnType<typeof createTokenStorage>;

/** Converts the server's relative lifetime into an absolute expiry. */
export function expiryFrom(accessTokenExpiresInSeconds: number, now = Date.now()): number {
  return now + accessTokenExpiresInSeconds * 1000;
}

/**
 * Lifetime of a JWT access token (exp - iat) in milliseconds, or undefined for an opaque token. Lets
 * the client scale its "refresh early" margin down for very short-lived tokens.
 */
export function tokenLifetimeMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      iat?: unknown;
      exp?: unknown;
    };
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp <= claims.iat) {
      return undefined;
    }
    return (claims.exp - claims.iat) * 1000;
  } catch {
    return undefined;
  }
}

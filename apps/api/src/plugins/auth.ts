import type { AccessTokenClaims, TokenKind } from '@agaton/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AccessTokens } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified access-token claims, set by requireAuth. */
    actor?: AccessTokenClaims;
  }
}

/** The raw bearer token, or UNAUTHENTICATED when the header is missing or malformed. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new AppError('UNAUTHENTICATED');
  return match[1];
}

/**
 * preHandler that accepts only an access token of the given kind (or kinds). Verification is a local
 * HMAC check, so authenticated reads cost no database round-trip for auth itself; it also refuses (401)
 * a token whose realm does not fit its kind, so a kind checked here always comes with its own realm.
 */
export function requireAuth(tokens: AccessTokens, kind: TokenKind | TokenKind[]): preHandlerAsyncHookHandler {
  const kinds = Array.isArray(kind) ? kind : [kind];
  return async (request) => {
    const claims = await tokens.verify(bearerToken(request));
    if (!kinds.includes(claims.kind)) throw new AppError('FORBIDDEN');
    request.actor = claims;
  };
}

/** The actor set by requireAuth (routes without it never call this). */
export function actorOf(request: FastifyRequest): AccessTokenClaims {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

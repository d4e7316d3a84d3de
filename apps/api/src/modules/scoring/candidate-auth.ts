import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../lib/tokens.ts';

/**
 * Accepts only a candidate access token (issued by POST /api/challenge/auth) as the bearer of the
 * authenticated phrase score; user and admin tokens are refused like a missing one.
 */
export function candidateAuthenticator(tokens: AccessTokens) {
  return async (request: FastifyRequest): Promise<{ id: string } | null> => {
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    try {
      const claims = await tokens.verify(token);
      return claims.kind === 'candidate' ? { id: claims.sub } : null;
    } catch {
      return null;
    }
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { type AccessTokenClaims, accessTokenClaimsSchema } from '@agaton/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';

const ISSUER = 'agaton';

/** Opaque secret for refresh tokens, one-time codes and reset links. */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString('base64url');
}

/** Only hashes are stored, so a database leak does not hand out live tokens. */
export function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

/** Signs and verifies access tokens (HS256 JWTs). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims or throws TOKEN_EXPIRED / INVALID_TOKEN. */
  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw new AppError('INVALID_TOKEN');
      return claims.data;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('INVALID_TOKEN');
    }
  }
}

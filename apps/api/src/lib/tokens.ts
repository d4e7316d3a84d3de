import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  REALMS,
  type Realm,
  type TokenKind,
} from '@agaton/contracts';
import { SignJWT } from 'jose';
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

function decodeSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

/**
 * The one realm each kind of token is issued in: admins sign in to the admin realm, coaches and
 * candidates to the coach realm. A signed token pairing them otherwise was not issued by our sign-ins.
 */
const REALM_OF_KIND: Record<TokenKind, Realm> = {
  user: REALMS.coach,
  candidate: REALMS.coach,
  admin: REALMS.admin,
};

/** How many verified tokens {@link AccessTokens} remembers (about 1 kB each). */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  claims: AccessTokenClaims;
  /** exp, nbf and iat, in seconds. */
  expiresAt: number;
  notBefore: number | undefined;
  issuedAt: number;
}

/** INVALID_TOKEN before its nbf, TOKEN_EXPIRED from its exp (seconds). */
function checkTimes(notBefore: number | undefined, expiresAt: number) {
  const now = Math.floor(Date.now() / 1000);
  if (notBefore !== undefined && notBefore > now) throw new AppError('INVALID_TOKEN');
  if (expiresAt <= now) throw new AppError('TOKEN_EXPIRED');
}

/** Says whether a validly signed access token was revoked since (its family, or its subject's sessions). */
export interface RevocationCheck {
  isRevoked(claims: AccessTokenClaims, issuedAtSeconds: number): boolean | Promise<boolean>;
}

/**
 * Signs (jose) and verifies access tokens (HS256 JWTs). Verification is a synchronous node:crypto HMAC:
 * jose's Web Crypto path costs about ten times more per call, and every authenticated request pays it.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly secret: Buffer;
  /** Consulted after the signature and expiry checks (modules/auth/revocations.ts, cached ≤ 30 s). */
  revocations?: RevocationCheck;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.secret = Buffer.from(secret, 'utf8');
  }

  /** Signs an access token; `ttlSeconds` overrides the default lifetime (candidate tokens last a test). */
  sign(claims: AccessTokenClaims, options: { ttlSeconds?: number } = {}): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${options.ttlSeconds ?? this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Tokens whose signature and claims were checked, by their exact text: a client sends the same
   * token with every request for its lifetime, and the check (HMAC, two base64url decodes, JSON and
   * the claims schema) was about 6 % of the CPU of GET /api/app-user/me. Only the text that was
   * verified maps to its claims, so a forged or altered token never hits; expiry and revocation are
   * checked on every request. First in, first out beyond {@link VERIFIED_CACHE_SIZE}.
   */
  private readonly verified = new Map<string, Verified>();

  /**
   * Returns the claims or throws TOKEN_EXPIRED / INVALID_TOKEN (also for a realm that does not fit the
   * token's kind, and for a revoked token).
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    let checked = this.verified.get(token);
    if (!checked) {
      checked = this.checkSigned(token);
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        this.verified.delete(this.verified.keys().next().value as string);
      }
      this.verified.set(token, checked);
    }
    try {
      checkTimes(checked.notBefore, checked.expiresAt);
    } catch (error) {
      this.verified.delete(token);
      throw error;
    }
    if (this.revocations && (await this.revocations.isRevoked(checked.claims, checked.issuedAt))) {
      throw new AppError('INVALID_TOKEN');
    }
    return checked.claims;
  }

  /** The signature, header and claims of a token, with its times (checked by `verify` every time). */
  private checkSigned(token: string): Verified {
    const parts = token.split('.');
    if (parts.length !== 3) throw new AppError('INVALID_TOKEN');
    const [headerPart, payloadPart, signaturePart] = parts;
    let header: unknown;
    let payload: unknown;
    try {
      header = decodeSegment(headerPart);
      payload = decodeSegment(payloadPart);
    } catch {
      throw new AppError('INVALID_TOKEN');
    }
    // Only our own algorithm: no "none", no algorithm confusion, no critical extensions.
    const h = header as { alg?: unknown; crit?: unknown } | null;
    if (!h || typeof h !== 'object' || h.alg !== 'HS256' || h.crit !== undefined) {
      throw new AppError('INVALID_TOKEN');
    }
    const expected = createHmac('sha256', this.secret).update(`${headerPart}.${payloadPart}`).digest();
    const given = Buffer.from(signaturePart, 'base64url');
    // Re-encoding rejects non-canonical spellings of the same signature bytes.
    if (
      given.length !== expected.length ||
      given.toString('base64url') !== signaturePart ||
      !timingSafeEqual(given, expected)
    ) {
      throw new AppError('INVALID_TOKEN');
    }
    const p = payload as { iss?: unknown; exp?: unknown; nbf?: unknown; iat?: unknown } | null;
    if (!p || typeof p !== 'object' || p.iss !== ISSUER || typeof p.exp !== 'number') {
      throw new AppError('INVALID_TOKEN');
    }
    const notBefore = typeof p.nbf === 'number' ? p.nbf : undefined;
    // Before the claims: an expired token says so, whatever else is wrong with it.
    checkTimes(notBefore, p.exp);
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.realm !== REALM_OF_KIND[claims.data.kind]) {
      throw new AppError('INVALID_TOKEN');
    }
    return {
      claims: Object.freeze(claims.data),
      expiresAt: p.exp,
      notBefore,
      issuedAt: typeof p.iat === 'number' ? p.iat : 0,
    };
  }
}

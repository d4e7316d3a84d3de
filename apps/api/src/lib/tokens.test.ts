import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens.ts';

const SECRET = 'unit-test-secret-long-enough-for-hs256!!';
const tokens = new AccessTokens(SECRET, 900);
const key = new TextEncoder().encode(SECRET);
const claims = { kind: 'user', realm: 'whiskey' };
/** Token ids are database UUIDs. */
const USER = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000a2';
const ORG = '00000000-0000-4000-8000-0000000000b1';

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );
}

describe('access token verification', () => {
  it('accepts its own tokens and returns the claims', async () => {
    const token = await tokens.sign({ sub: USER, kind: 'admin', realm: 'whiskey-admin', orgId: ORG });
    expect(await tokens.verify(token)).toEqual({
      sub: USER,
      kind: 'admin',
      realm: 'whiskey-admin',
      orgId: ORG,
    });
  });

  it('refuses another algorithm even with the right secret', async () => {
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(USER)
      .setIssuer('agaton')
      .setExpirationTime('5m')
      .sign(key);
    expect(await codeOf(tokens.verify(hs512))).toBe('INVALID_TOKEN');
  });

  it('refuses a tampered payload, a foreign issuer and a token without expiry', async () => {
    const good = await tokens.sign({ sub: USER, kind: 'user', realm: 'whiskey' });
    const [h, , s] = good.split('.');
    const evil = Buffer.from(
      JSON.stringify({ sub: OTHER, kind: 'admin', realm: 'whiskey-admin', iss: 'agaton', exp: 9e9 }),
    ).toString('base64url');
    expect(await codeOf(tokens.verify(`${h}.${evil}.${s}`))).toBe('INVALID_TOKEN');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('other')
      .setExpirationTime('5m')
      .sign(key);
    expect(await codeOf(tokens.verify(foreign))).toBe('INVALID_TOKEN');
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('agaton')
      .sign(key);
    expect(await codeOf(tokens.verify(forever))).toBe('INVALID_TOKEN');
  });

  it('refuses a validly signed token whose subject is not a UUID (it would only fail later, in a query)', async () => {
    for (const subject of ['u-1', "1' or '1'='1", 'a'.repeat(5000)]) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer('agaton')
        .setExpirationTime('5m')
        .sign(key);
      expect(await codeOf(tokens.verify(token)), subject.slice(0, 20)).toBe('INVALID_TOKEN');
    }
  });

  it('reports expiry separately so the client knows to refresh', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('agaton')
      .setExpirationTime(past)
      .sign(key);
    expect(await codeOf(tokens.verify(expired))).toBe('TOKEN_EXPIRED');
  });

  it('refuses garbage', async () => {
    for (const junk of ['', 'a.b', 'a.b.c', '...', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
      expect(await codeOf(tokens.verify(junk))).toBe('INVALID_TOKEN');
    }
  });

  describe('a token verified before', () => {
    afterEach(() => vi.useRealTimers());

    it('still expires', async () => {
      const short = new AccessTokens(SECRET, 60);
      const token = await short.sign({ sub: USER, kind: 'user', realm: 'whiskey' });
      expect(await codeOf(short.verify(token))).toBe('accepted');
      vi.useFakeTimers({ now: Date.now() + 61_000 });
      expect(await codeOf(short.verify(token))).toBe('TOKEN_EXPIRED');
    });

    it('is still checked for revocation on every request', async () => {
      const revocable = new AccessTokens(SECRET, 900);
      const token = await revocable.sign({ sub: USER, kind: 'user', realm: 'whiskey' });
      let revoked = false;
      revocable.revocations = { isRevoked: () => revoked };
      expect(await codeOf(revocable.verify(token))).toBe('accepted');
      revoked = true;
      expect(await codeOf(revocable.verify(token))).toBe('INVALID_TOKEN');
    });

    it('does not make an altered copy of it valid', async () => {
      const token = await tokens.sign({ sub: OTHER, kind: 'user', realm: 'whiskey' });
      expect(await codeOf(tokens.verify(token))).toBe('accepted');
      const [header, payload, signature] = token.split('.');
      const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
      expect(await codeOf(tokens.verify(`${header}.${payload}.${flipped}`))).toBe('INVALID_TOKEN');
    });
  });
});

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './tokens.ts';

const SECRET = 'unit-test-secret-long-enough-for-hs256!!';
const tokens = new AccessTokens(SECRET, 900);
const key = new TextEncoder().encode(SECRET);
const claims = { kind: 'user', realm: 'whiskey' };

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );
}

describe('access token verification', () => {
  it('accepts its own tokens and returns the claims', async () => {
    const token = await tokens.sign({ sub: 'u-1', kind: 'admin', realm: 'whiskey-admin', orgId: 'o-1' });
    expect(await tokens.verify(token)).toEqual({
      sub: 'u-1',
      kind: 'admin',
      realm: 'whiskey-admin',
      orgId: 'o-1',
    });
  });

  it('refuses another algorithm even with the right secret', async () => {
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u-1')
      .setIssuer('agaton')
      .setExpirationTime('5m')
      .sign(key);
    expect(await codeOf(tokens.verify(hs512))).toBe('INVALID_TOKEN');
  });

  it('refuses a tampered payload, a foreign issuer and a token without expiry', async () => {
    const good = await tokens.sign({ sub: 'u-1', kind: 'user', realm: 'whiskey' });
    const [h, , s] = good.split('.');
    const evil = Buffer.from(
      JSON.stringify({ sub: 'u-2', kind: 'admin', realm: 'whiskey-admin', iss: 'agaton', exp: 9e9 }),
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
});

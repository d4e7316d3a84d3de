import { describe, expect, it } from 'vitest';
import { accessTokenClaimsSchema } from './auth.ts';
import {
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  plainString,
  requiredString,
  textField,
} from './common.ts';
import { messages } from './errors.ts';

/** Issue 16 part 5: the shared string builders refuse NUL, which PostgreSQL text cannot store. */
describe('shared string builders', () => {
  const builders = {
    plainString: plainString(),
    requiredString: requiredString(),
    textField: textField(100),
    emailSchema,
    loginPasswordSchema,
    newPasswordSchema,
  };

  it.each(Object.entries(builders))('%s refuses a NUL character with the shared text', (_, schema) => {
    const result = schema.safeParse('Abc1\u0000def@example.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(messages.request.nulCharacter);
  });

  it('still accept ordinary text', () => {
    expect(requiredString().parse('  Sales  ')).toBe('Sales');
    expect(textField(5).safeParse('abcdef').success).toBe(false);
    expect(emailSchema.parse(' Ann@Example.com ')).toBe('ann@example.com');
    expect(newPasswordSchema.parse('Agaton123')).toBe('Agaton123');
  });
});

describe('access token claims', () => {
  it('take only UUIDs as ids', () => {
    const id = '6f1c1e0a-3b7e-4c43-9d7e-2f0b8d3c1a55';
    expect(accessTokenClaimsSchema.safeParse({ sub: id, kind: 'user', realm: 'whiskey' }).success).toBe(true);
    for (const bad of ['u-1', '', `${id}\u0000`]) {
      expect(accessTokenClaimsSchema.safeParse({ sub: bad, kind: 'user', realm: 'whiskey' }).success).toBe(
        false,
      );
    }
    const org = { sub: id, kind: 'admin', realm: 'whiskey-admin', orgId: 'not-a-uuid' };
    expect(accessTokenClaimsSchema.safeParse(org).success).toBe(false);
  });
});

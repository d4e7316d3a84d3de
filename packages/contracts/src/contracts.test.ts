import { describe, expect, it } from 'vitest';
import {
  adminSignUpRequestSchema,
  EMAIL_PATTERN,
  messages,
  newPasswordSchema,
  PASSWORD_PATTERN,
  signUpRequestSchema,
  splitFullName,
} from './index.ts';

describe('shared validation rules', () => {
  it('accepts ordinary e-mail addresses and rejects malformed ones', () => {
    expect(EMAIL_PATTERN.test('jane.doe+x@example.co.uk')).toBe(true);
    expect(EMAIL_PATTERN.test('jane@example')).toBe(false);
    expect(EMAIL_PATTERN.test('jane@example.c')).toBe(false);
    expect(EMAIL_PATTERN.test('jane example@x.com')).toBe(false);
  });

  it('requires 6+ characters with a digit, a lowercase and an uppercase letter', () => {
    expect(PASSWORD_PATTERN.test('Agaton1')).toBe(true);
    expect(PASSWORD_PATTERN.test('Élan9é!')).toBe(true);
    expect(PASSWORD_PATTERN.test('agaton1')).toBe(false);
    expect(PASSWORD_PATTERN.test('AGATON1')).toBe(false);
    expect(PASSWORD_PATTERN.test('Ag1')).toBe(false);
    const result = newPasswordSchema.safeParse('weak');
    expect(result.success ? '' : result.error.issues[0].message).toBe(messages.validation.passwordRule);
  });

  it('normalises the sign-up e-mail to lower case', () => {
    const parsed = signUpRequestSchema.parse({ email: ' Jane@Example.COM ', password: 'Agaton1' });
    expect(parsed).toEqual({ email: 'jane@example.com', password: 'Agaton1' });
  });

  it('splits the workspace name into first word and the rest', () => {
    expect(splitFullName('  Ada  King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('only accepts industries and departments from the fixed lists', () => {
    const base = { email: 'a@b.co', password: 'Agaton1', firstName: 'A', organization: 'Org' };
    expect(
      adminSignUpRequestSchema.safeParse({ ...base, industry: 'Technology', department: 'Sales B2B' })
        .success,
    ).toBe(true);
    expect(
      adminSignUpRequestSchema.safeParse({ ...base, industry: 'Mining', department: 'Sales B2B' }).success,
    ).toBe(false);
  });
});

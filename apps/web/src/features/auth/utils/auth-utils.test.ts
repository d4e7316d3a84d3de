import { PASSWORD_PATTERN } from '@agaton/contracts';
import { describe, expect, it, vi } from 'vitest';
import { checkPasswordStrength } from './password-strength';
import { carryParams, coachDestination, desktopRedirectPage, safeReturnPath } from './redirects';

describe('coach destination after sign-in', () => {
  it('goes to the return path, else /coach', () => {
    expect(coachDestination(new URLSearchParams('return=/coach/sessions'))).toEqual({
      kind: 'path',
      to: '/coach/sessions',
    });
    expect(coachDestination(new URLSearchParams(''))).toEqual({ kind: 'path', to: '/coach' });
  });

  it('refuses off-site return targets', () => {
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('//evil.example/x')).toBeUndefined();
    expect(coachDestination(new URLSearchParams('return=//evil.example'))).toEqual({
      kind: 'path',
      to: '/coach',
    });
  });

  it('hands the desktop marker to the desktop app and only warns about unknown redirects', () => {
    expect(coachDestination(new URLSearchParams('redirect=desktop-app'))).toEqual({ kind: 'desktop-app' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(coachDestination(new URLSearchParams('redirect=somewhere&return=/coach/learning'))).toEqual({
      kind: 'path',
      to: '/coach/learning',
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('builds the desktop redirect page link with the code and onboarding flag', () => {
    const link = new URL(desktopRedirectPage('c0de', true), 'http://x');
    expect(link.pathname).toBe('/coach/desktop-app-redirect');
    expect(link.searchParams.get('url')).toBe('agaton://auth?code=c0de&onboarding=true');
  });

  it('keeps only redirect and return when switching pages', () => {
    expect(carryParams(new URLSearchParams('redirect=desktop-app&x=1'))).toBe('?redirect=desktop-app');
    expect(carryParams(new URLSearchParams('x=1'))).toBe('');
  });
});

describe('password strength', () => {
  it('lists every unmet rule for a weak password', () => {
    expect(checkPasswordStrength('abc')).toEqual({
      level: 'weak',
      errors: ['At least 6 characters', 'At least one number', 'At least one uppercase letter'],
    });
  });

  it('rates a password that meets the server rule as medium, a long one with a symbol as strong', () => {
    expect(checkPasswordStrength('Abc123')).toEqual({ level: 'medium', errors: [] });
    expect(checkPasswordStrength('Abc123!xyzQ')).toEqual({ level: 'strong', errors: [] });
  });

  it('never calls a password valid that the server rule refuses', () => {
    for (const candidate of ['Abc123', 'abc123', 'ABC123', 'Abcdef', 'Ab1', 'Zürich1a', 'Abc123!xyzQ']) {
      const ok = checkPasswordStrength(candidate).errors.length === 0;
      expect(ok).toBe(PASSWORD_PATTERN.test(candidate));
    }
  });
});

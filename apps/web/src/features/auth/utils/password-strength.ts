import { PASSWORD_PATTERN } from '@agaton/contracts';

export type StrengthLevel = 'weak' | 'medium' | 'strong';

export const strengthRules = [
  { message: 'At least 6 characters', test: (p: string) => p.length >= 6 },
  { message: 'At least one number', test: (p: string) => /\d/.test(p) },
  { message: 'At least one lowercase letter', test: (p: string) => /[a-zà-ÿ]/.test(p) },
  { message: 'At least one uppercase letter', test: (p: string) => /[A-ZÀ-Þ]/.test(p) },
] as const;

/**
 * Strength validator of the admin reset page (spec 1 section 5): lists the unmet rules and rates the
 * password. A password meeting the server rule is medium; 10+ characters with a symbol is strong.
 */
export function checkPasswordStrength(password: string): { level: StrengthLevel; errors: string[] } {
  const errors: string[] = strengthRules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  if (errors.length === 0 && !PASSWORD_PATTERN.test(password)) {
    errors.push('Use only letters, numbers and common symbols');
  }
  if (errors.length > 0) return { level: 'weak', errors };
  const strong = password.length >= 10 && /[^A-Za-z0-9À-ÖØ-öø-ÿ]/.test(password);
  return { level: strong ? 'strong' : 'medium', errors };
}

import { z } from 'zod';
import { messages } from './errors.ts';

/**
 * Ordinary e-mail address with a top-level domain of 2 to 63 letters (spec 1 §5, spec 2 §5).
 * Shared by the API and the web forms so both accept exactly the same addresses.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/**
 * Sign-up / reset password rule: at least 6 characters with a digit, a lowercase and an uppercase letter,
 * drawn from letters, accented letters and common symbols (spec 1 §5).
 */
export const PASSWORD_PATTERN =
  /^(?=.*\d)(?=.*[a-zà-ÿ])(?=.*[A-ZÀ-Þ])[A-Za-z0-9À-ÖØ-öø-ÿ!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~ ]{6,}$/;

/** The 13 industries offered by the workspace form (spec 1 §9). */
export const INDUSTRIES = [
  'Technology',
  'Telecommunications',
  'Financial Services & Insurance',
  'BPO & Contact Centers',
  'Healthcare & Pharmaceuticals',
  'Manufacturing & Industrial',
  'Media & Advertising',
  'Travel & Tourism',
  'Retail & E-commerce',
  'Real Estate',
  'Automotive & Transportation',
  'Consulting & Professional Services',
  'Other',
] as const;

/** Departments ("Team" in the workspace form) (spec 1 §9, spec 2 §3). */
export const DEPARTMENTS = [
  'Sales B2C',
  'Sales B2B',
  'Customer Service',
  'Customer Success',
  'Quality Assurance',
  'Data & Analytics',
  'Operations',
  'Finance',
  'Marketing',
  'Other',
] as const;

export const industrySchema = z.enum(INDUSTRIES);
export const departmentSchema = z.enum(DEPARTMENTS);
export type Industry = z.infer<typeof industrySchema>;
export type Department = z.infer<typeof departmentSchema>;

/** Auth realms: 'whiskey' for coach and candidate, 'whiskey-admin' for admins (spec 1 §6). */
export const REALMS = { coach: 'whiskey', admin: 'whiskey-admin' } as const;
export const realmSchema = z.enum([REALMS.coach, REALMS.admin]);
export type Realm = z.infer<typeof realmSchema>;

/** Token kinds; each has its own stored token on the client. */
export const tokenKindSchema = z.enum(['user', 'admin', 'candidate']);
export type TokenKind = z.infer<typeof tokenKindSchema>;

/** True when the text holds no NUL character (PostgreSQL text cannot store one; no person types one). */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * A string that refuses NUL characters: the base of every shared string builder, so a NUL is a 400 on
 * the field instead of a database error. `params` are zod's (e.g. the message for a missing value).
 */
export const plainString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, messages.request.nulCharacter);

/** Required trimmed string with the spec's 'Required' message. */
export const requiredString = () =>
  plainString({ error: messages.validation.required }).trim().min(1, messages.validation.required);

/** Required trimmed text of at most `max` characters (names, labels, test content). */
export const textField = (max: number) => requiredString().max(max);

/** E-mail as typed by a user: trimmed, lower-cased, matched against EMAIL_PATTERN. */
export const emailSchema = plainString({ error: messages.validation.required })
  .trim()
  .min(1, messages.validation.required)
  .regex(EMAIL_PATTERN, messages.validation.invalidEmail)
  .max(254, messages.validation.invalidEmail)
  .transform((value) => value.toLowerCase());

/** Password at sign-in: only required (the rule applies at sign-up and reset). */
export const loginPasswordSchema = plainString({ error: messages.validation.required })
  .min(1, messages.validation.required)
  .max(256, messages.validation.passwordTooLong);

/** Password chosen at sign-up or reset: must satisfy PASSWORD_PATTERN. */
export const newPasswordSchema = plainString({ error: messages.validation.required })
  .min(1, messages.validation.required)
  .max(256, messages.validation.passwordTooLong)
  .regex(PASSWORD_PATTERN, messages.validation.passwordRule);

export const idSchema = z.string().min(1);
export const isoDateTimeSchema = z.string();

/** Empty body answered by 204 routes. */
export const noContentSchema = z.null().describe('No content');

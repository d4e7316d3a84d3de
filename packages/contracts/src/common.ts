import { z } from 'zod';
import { DEPARTMENTS, EMAIL_PATTERN, INDUSTRIES, PASSWORD_PATTERN, REALMS } from './constants.ts';
import { messages } from './errors.ts';

// Plain values live in constants.ts (no zod), so a page that needs only them does not load zod.
export {
  DEPARTMENTS,
  EMAIL_PATTERN,
  INDUSTRIES,
  OAUTH_CALLBACK_ERRORS,
  type OAuthCallbackError,
  PASSWORD_PATTERN,
  REALMS,
} from './constants.ts';

export const industrySchema = z.enum(INDUSTRIES);
export const departmentSchema = z.enum(DEPARTMENTS);
export type Industry = z.infer<typeof industrySchema>;
export type Department = z.infer<typeof departmentSchema>;

export const REALM_NAMES = [REALMS.coach, REALMS.admin] as const;
export const realmSchema = z.enum(REALM_NAMES);
export type Realm = z.infer<typeof realmSchema>;

/** Token kinds; each has its own stored token on the client. */
export const TOKEN_KINDS = ['user', 'admin', 'candidate'] as const;
export const tokenKindSchema = z.enum(TOKEN_KINDS);
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

import { EMAIL_PATTERN, messages } from '@agaton/contracts';

/** Mantine form rule: a value that is blank after trimming gets the spec's "required" text. */
export const requiredText = (value: string) => (value.trim() ? null : messages.validation.required);

/**
 * Mantine form rule for a required e-mail address. `invalid` is what a malformed address gets: the
 * spec's text by default, or `true` to mark the field without a message (the coach forms, spec 1
 * section 5).
 */
export const emailRule =
  (invalid: string | true = messages.validation.invalidEmail) =>
  (value: string) =>
    requiredText(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : invalid);

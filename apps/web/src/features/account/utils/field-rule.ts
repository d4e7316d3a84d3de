import type { ZodType } from 'zod';

/**
 * A Mantine form rule from a contract schema: the schema's own text for the first problem, so the form
 * says exactly what the API would answer.
 */
export function fieldRule(schema: ZodType) {
  return (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}

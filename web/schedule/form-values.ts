import type { z } from 'zod';

/**
 * Every field's error at once from a contract's schema (the first message per field path, `rules.min_rest.hours`),
 * for forms whose state is not a Mantine form. Empty when the values pass.
 */
export function zodFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

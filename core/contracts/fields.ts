import * as z from 'zod/mini';

/**
 * The field validators every module's contract uses, with the messages a form shows beside the field:
 * an id, a settings key, a name, a longer text and a calendar date.
 */

export const Id = z.string().check(z.uuid('Not a valid id'));

/** The path parameters of a record's own route: `/…/:id`. */
export const IdParams = z.object({ id: Id });

/** A page of `item`s, as every list endpoint answers it; `item` may be a schema of either zod build (classic or mini). */
export function pageOf<T extends z.core.$ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    page_size: z.number().check(z.int()),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** A short machine key an admin picks for a list value (`patrol`, `phase_1`). */
export const Key = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give it a short key'),
    z.maxLength(40, 'Use at most 40 characters'),
    z.regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and _'),
  );

/** A required name of at most `max` characters. */
export const Label = (max = 80) =>
  z.string().check(z.trim(), z.minLength(1, 'Give it a name'), z.maxLength(max, `Use at most ${max} characters`));

/** An optional text of at most `max` characters. */
export const LongText = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`));

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date({ error: 'Use a date (YYYY-MM-DD)' });

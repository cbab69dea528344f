import { z } from 'zod';

/**
 * The field validators every module's contract uses, with the messages a form shows beside the field:
 * an id, a settings key, a name, a longer text and a calendar date.
 */

export const Id = z.string().uuid('Not a valid id');

/** A short machine key an admin picks for a list value (`patrol`, `phase_1`). */
export const Key = z
  .string()
  .trim()
  .min(1, 'Give it a short key')
  .max(40, 'Use at most 40 characters')
  .regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and _');

/** A required name of at most `max` characters. */
export const Label = (max = 80) => z.string().trim().min(1, 'Give it a name').max(max, `Use at most ${max} characters`);

/** An optional text of at most `max` characters. */
export const LongText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date({ error: 'Use a date (YYYY-MM-DD)' });

import * as z from 'zod/mini';
import { ApiError, errorMessage } from './api-error.ts';

/**
 * How a form tells what is wrong: on submit, every field's problem at once, checked by the contract's
 * own schema (core/contracts/), then, once the form passes, the server's field errors beside their
 * fields (applyServerErrors). Not on leaving a field: the message appearing under the field moved the
 * submit button away between the press and the release, so the first click only checked the field just
 * left and the form seemed to flag one error at a time.
 */

/**
 * Every field's problem by `schema`, keyed by field path (its first message each): a Mantine form's
 * `validate` with the values turned into the API's body first (`schemaProblems(VehicleInput, inputOf(values))`).
 */
export function schemaProblems(schema: z.core.$ZodType, input: unknown): Record<string, string> {
  const parsed = z.safeParse(schema, input);
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

/**
 * A form's second `onSubmit` argument: when the check fails, the keyboard (and a screen reader) is taken
 * to the first field with a problem, in the order the form shows them.
 */
export function focusFirstProblem(form: { getInputNode: (path: string) => HTMLElement | null }) {
  return (errors: Record<string, unknown>) => {
    const nodes = Object.keys(errors)
      .map((path) => form.getInputNode(path))
      .filter((node): node is HTMLElement => node !== null);
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    nodes[0]?.focus();
  };
}

/**
 * Shows an API error on a form: each entry of `fields` (a field path such as `email` or
 * `agency.name`, as core/contracts/errors.ts describes) beside its input when the form has that
 * field; returns the message for the form as a whole (null when every part found its field).
 */
export function applyServerErrors(
  form: { setFieldError: (path: string, message: string) => void; getValues: () => object },
  error: unknown,
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  const { placed, unplaced } = placeFieldErrors(form.getValues(), error.fields);
  for (const [path, message] of Object.entries(placed)) form.setFieldError(path, message);
  if (Object.keys(error.fields).length > 0 && unplaced.length === 0) return null;
  return unplaced.length > 0 ? unplaced.join(' ') : errorMessage(error);
}

/**
 * Which of a refusal's field messages have a field in `values` to stand beside (`placed`, by path),
 * and which do not (`unplaced`, for the form as a whole): also for a refusal kept in the outbox.
 */
export function placeFieldErrors(
  values: object,
  fields: Readonly<Record<string, string>>,
): { placed: Record<string, string>; unplaced: string[] } {
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    if (hasPath(values, path)) placed[path] = message;
    else unplaced.push(message);
  }
  return { placed, unplaced };
}

function hasPath(values: object, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

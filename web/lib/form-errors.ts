import { ApiError, errorMessage } from './api-error.ts';

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

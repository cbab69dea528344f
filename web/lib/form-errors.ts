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
  const entries = Object.entries(error.fields);
  const unplaced: string[] = [];
  for (const [path, message] of entries) {
    if (hasPath(form.getValues(), path)) form.setFieldError(path, message);
    else unplaced.push(message);
  }
  if (entries.length > 0 && unplaced.length === 0) return null;
  return unplaced.length > 0 ? unplaced.join(' ') : errorMessage(error);
}

function hasPath(values: object, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

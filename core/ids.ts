/**
 * The ids we hand out (agencies, users, vehicles, stored files…) are UUIDs in their usual text
 * form. One pattern for every place that must tell an id from anything else: route parameters,
 * search parameters, stored-file answers, the tenant guard.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID (any version, either case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

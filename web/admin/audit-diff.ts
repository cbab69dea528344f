/**
 * An audit entry's before and after, as rows a person can read: one row per field (nested objects
 * flattened to `security_policy.inactivity_minutes`), each value as text, and what happened to it.
 */

export type DiffChange = 'added' | 'removed' | 'changed' | 'unchanged';
export type DiffRow = { field: string; before: string; after: string; change: DiffChange };

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flattens nested objects to dotted paths; arrays and other values stay whole. */
export function flatten(value: Json | null | undefined, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (!value) return out;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child) && Object.keys(child).length > 0) flatten(child, path, out);
    else out.set(path, child);
  }
  return out;
}

/** A value as text: lists joined by commas, nothing as an empty string, yes/no for booleans. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The rows of a before/after pair, in the order fields first appear (before's, then after's new
 * ones). With `onlyChanges`, fields that did not change are left out, except when nothing changed
 * at all (a created or removed record shows its whole content either way).
 */
export function auditDiff(
  before: Json | null | undefined,
  after: Json | null | undefined,
  options: { onlyChanges?: boolean } = {},
): DiffRow[] {
  const left = flatten(before);
  const right = flatten(after);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  const rows = fields.map((field): DiffRow => {
    const had = left.has(field) && left.get(field) !== null && left.get(field) !== undefined;
    const has = right.has(field) && right.get(field) !== null && right.get(field) !== undefined;
    const beforeText = displayValue(left.get(field));
    const afterText = displayValue(right.get(field));
    let change: DiffChange;
    if (!had && has) change = 'added';
    else if (had && !has) change = 'removed';
    else change = beforeText === afterText ? 'unchanged' : 'changed';
    return { field, before: beforeText, after: afterText, change };
  });
  if (!options.onlyChanges) return rows;
  const changed = rows.filter((row) => row.change !== 'unchanged');
  return changed.length > 0 ? changed : rows;
}

/** `security_policy.inactivity_minutes` → `Security policy › inactivity minutes`. */
export function fieldLabel(field: string): string {
  return field
    .split('.')
    .map((part, index) => {
      const words = part.replace(/_/g, ' ');
      return index === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    })
    .join(' › ');
}

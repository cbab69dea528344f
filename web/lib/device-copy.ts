import * as z from 'zod/mini';

/**
 * A form's unsaved text kept on the device (localStorage, emptied at sign-out), so a reload, a closed
 * tab or a lost connection loses nothing typed: written at each change, dropped once the server has
 * it, and offered back when the form opens with the server's copy behind it.
 */

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DeviceCopy<T> {
  /** The server version the typing started from: a copy older than the server's record is still offered, and saving it meets a 412. */
  version: number;
  changed_at: string;
  values: T;
}

export function deviceCopyKey(userId: string, kind: string, id: string): string {
  return `precinct.${kind}.${userId}.${id}`;
}

export function readDeviceCopy<T>(storage: Storage, key: string, schema: z.core.$ZodType<T>): DeviceCopy<T> | null {
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    const raw = JSON.parse(text) as { version?: unknown; changed_at?: unknown; values?: unknown };
    const values = z.safeParse(schema, raw.values);
    if (!values.success || typeof raw.version !== 'number' || typeof raw.changed_at !== 'string') return null;
    return { version: raw.version, changed_at: raw.changed_at, values: values.data };
  } catch {
    return null;
  }
}

export function writeDeviceCopy<T>(storage: Storage, key: string, copy: DeviceCopy<T>): void {
  try {
    storage.setItem(key, JSON.stringify(copy));
  } catch {
    // A full or disabled storage: the server's draft still holds what was last saved.
  }
}

export function dropDeviceCopy(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to drop.
  }
}

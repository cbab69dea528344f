import { and, eq, inArray } from 'drizzle-orm';
import { storageObjects } from '../db/schema.ts';
import type { Tx } from './database.ts';

/**
 * The check of files a module's record points at (photos, signatures): they must be files the agency
 * uploaded through storage/v1, never another agency's. Modules check here rather than reading
 * storage_objects themselves.
 */

/** Which of these ids are stored files of the agency. */
export async function existingStorageObjects(tx: Tx, agencyId: string, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await tx
    .select({ id: storageObjects.id })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), inArray(storageObjects.id, unique)));
  return new Set(rows.map((r) => r.id));
}

/** A stored file of the agency (id, content type), or undefined: another agency's id reads as not found. */
export async function findStorageObject(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ id: storageObjects.id, contentType: storageObjects.contentType })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.id, id)));
  return row;
}

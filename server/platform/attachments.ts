import { and, eq, inArray } from 'drizzle-orm';
import { storageObjects } from '../db/schema.ts';
import type { Tx } from './database.ts';

/**
 * The check of files a module's record points at (photos, signatures): they must be files the
 * person attaching them uploaded through storage/v1 themselves, never another agency's nor a
 * colleague's (whose id they could have seen, and whose photo would then show on their record under
 * their name). A file already on the record being edited is the module's to allow. Modules check
 * here rather than reading storage_objects themselves.
 */

/** Which of these ids are stored files of the agency that `uploadedBy` uploaded. */
export async function ownUploads(tx: Tx, agencyId: string, uploadedBy: string, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await tx
    .select({ id: storageObjects.id })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.createdBy, uploadedBy), inArray(storageObjects.id, unique)));
  return new Set(rows.map((r) => r.id));
}

/** A stored file of the agency that `uploadedBy` uploaded (id, content type), or undefined. */
export async function findOwnUpload(tx: Tx, agencyId: string, uploadedBy: string, id: string) {
  const [row] = await tx
    .select({ id: storageObjects.id, contentType: storageObjects.contentType })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.createdBy, uploadedBy), eq(storageObjects.id, id)));
  return row;
}

/** What a record's view shows of its files (their type, size and when they were uploaded), for those of these ids the agency stores, in their order. */
export async function describeFiles(tx: Tx, agencyId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({
      id: storageObjects.id,
      contentType: storageObjects.contentType,
      size: storageObjects.size,
      name: storageObjects.name,
      createdAt: storageObjects.createdAt,
    })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), inArray(storageObjects.id, unique)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

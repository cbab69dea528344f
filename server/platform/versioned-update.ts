import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';

/** A table whose rows carry a `version` (their ETag), bumped by every change. */
export type VersionedTable = PgTable & { version: AnyPgColumn };

/**
 * Optimistic concurrency for every module: updates the row `where` selects only if it is still at
 * `version` (null: whatever its version, for changes the system makes itself), bumps its version and,
 * where the table has one, its `updatedAt`. Answers the updated row, or null when no row matched:
 * gone, or changed by someone else first; the use case then answers staleVersion (412) or not found.
 */
export async function updateAtVersion<T extends VersionedTable>(
  tx: Tx,
  table: T,
  where: SQL | undefined,
  version: number | null,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  const bump: Record<string, unknown> = { version: sql`${table.version} + 1` };
  if ('updatedAt' in getTableColumns(table)) bump.updatedAt = new Date();
  // Drizzle cannot resolve `returning()`'s row type for a generic table: it is the table's select type.
  const rows = (await tx
    .update(table)
    .set({ ...values, ...bump })
    .where(and(where, version === null ? undefined : eq(table.version, version)))
    .returning()) as Array<T['$inferSelect']>;
  return rows[0] ?? null;
}

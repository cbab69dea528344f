import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';
import type { Tx } from './database.ts';

declare module 'drizzle-orm/sql/expressions/conditions' {
  /**
   * With every condition given, `and` is a condition: drizzle answers undefined only when all of them
   * are undefined. Typed so, `and(eq(…), eq(…))` is the `SQL` updateAtVersion's `where` requires,
   * while an `and` of conditions that may all be missing is not.
   */
  export function and(...conditions: [SQLWrapper, ...SQLWrapper[]]): SQL;
}

/** A table whose rows carry a `version` (their ETag), bumped by every change. */
type VersionedTable = PgTable & { version: AnyPgColumn };

/** Whether each table has an `updatedAt` column, looked up once per table. */
const hasUpdatedAt = new WeakMap<PgTable, boolean>();

/**
 * Optimistic concurrency for every module: updates the row `where` selects only if it is still at
 * `version` (null: whatever its version, for changes the system makes itself), bumps its version and,
 * where the table has one, its `updatedAt`. Answers the updated row, or null when no row matched:
 * gone, or changed by someone else first; the use case then answers staleVersion (412) or not found.
 * `where` is required, never undefined: an update without it would change every row of the table.
 */
export async function updateAtVersion<T extends VersionedTable>(
  tx: Tx,
  table: T,
  where: SQL,
  version: number | null,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  // The type says so; this holds even for a caller that asserted its way past it.
  if (!(where as SQL | undefined)) throw new AppError('internal', 'An update must say which rows it changes');
  const bump: Record<string, unknown> = { version: sql`${table.version} + 1` };
  let updatedAt = hasUpdatedAt.get(table);
  if (updatedAt === undefined) {
    updatedAt = 'updatedAt' in getTableColumns(table);
    hasUpdatedAt.set(table, updatedAt);
  }
  if (updatedAt) bump.updatedAt = new Date();
  // Drizzle cannot resolve `returning()`'s row type for a generic table: it is the table's select type.
  const rows = (await tx
    .update(table)
    .set({ ...values, ...bump })
    .where(version === null ? where : and(where, eq(table.version, version)))
    .returning()) as Array<T['$inferSelect']>;
  return rows[0] ?? null;
}

import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';

/**
 * Paged lists with their total in one statement: each row of the page also carries the number of
 * rows of all pages, as an uncorrelated scalar subquery (PostgreSQL runs it once, as an InitPlan, with
 * the same index it used for a separate count, and the page keeps its index-ordered LIMIT). That
 * saves the separate count's round trip on every list request (issue 13). A page past the end has no
 * row to carry the total, so then, and only then, the count runs on its own.
 */
export function pagedTotal(tx: Tx, table: PgTable, where: SQL | undefined) {
  const counting = tx.select({ n: count() }).from(table).where(where);
  return {
    /** The column to add to the page's select. */
    column: sql<number>`(${counting as SQLWrapper})`.mapWith(Number),
    countAll: async () => (await counting)[0]?.n ?? 0,
  };
}

export async function countedPage<Row extends { total: number }>(
  page: Promise<Row[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: Array<Omit<Row, 'total'>>; total: number }> {
  const found = await page;
  if (found.length === 0) return { rows: [], total: await countAll() };
  const total = found[0]!.total;
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}
